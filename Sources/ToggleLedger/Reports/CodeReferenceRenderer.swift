import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
import Dispatch
import Dispatch
/// Renders a ``ScanResult``: one `file:line:column: toggle: kind symbol` line per reference
/// (the form editors and CI annotations understand), or JSON.
package enum CodeReferenceRenderer {
    package static func text(_ result: ScanResult) -> String {
        textParts(result).joined()
    }

    /// The same text in consecutive parts, to be written one after the other: each part is
    /// rendered and made a `String` on its own core (serially, the 65,000 lines of a 5,000-file
    /// scan were a sixth of its wall time), and no copy joins them.
    package static func textParts(_ result: ScanResult) -> [String] {
        let references = result.references
        let parts = references.count < 4096 ? 1 : 4
        let rendered = RenderedParts(count: parts + 1)
        // One more task counts the toggles meanwhile (hashing 65,000 names).
        DispatchQueue.concurrentPerform(iterations: parts + 1) { part in
            if part == parts {
                let toggles = result.referencedToggles.count
                rendered.parts[part] = "\(references.count) reference\(references.count == 1 ? "" : "s") to \(toggles) toggle\(toggles == 1 ? "" : "s") in \(result.fileCount) Swift file\(result.fileCount == 1 ? "" : "s")\n"
            } else {
                rendered.parts[part] = lines(references[(references.count * part / parts)..<(references.count * (part + 1) / parts)])
            }
        }
        return Array(rendered.parts)
    }

    /// The parts, each written by one thread.
    private final class RenderedParts: @unchecked Sendable {
        let parts: UnsafeMutableBufferPointer<String>

        init(count: Int) {
            parts = .allocate(capacity: count)
            parts.initialize(repeating: "")
        }

        deinit {
            _ = parts.deinitialize()
            parts.deallocate()
        }
    }

    /// One `file:line:column: toggle: kind symbol` line per reference.
    private static func lines(_ references: ArraySlice<CodeReference>) -> String {
        // Lines are built as bytes: a string interpolation per line cost 12% of a scan of 65,000
        // references, and a generic `append(contentsOf: text.utf8)` half of what remained.
        // A line with anything but printable ASCII goes through TerminalText.sanitize.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(references.count * 160)
        for reference in references {
            let start = bytes.count
            append(reference.file, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            append(reference.line, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            append(reference.column, to: &bytes)
            append(": ", to: &bytes)
            append(reference.toggle, to: &bytes)
            append(": ", to: &bytes)
            append(reference.kind.rawValue, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            append(reference.symbol, to: &bytes)
            if !reference.ambiguousWith.isEmpty {
                append(" (ambiguous: or ", to: &bytes)
                append(reference.ambiguousWith.joined(separator: ", "), to: &bytes)
                bytes.append(UInt8(ascii: ")"))
            }
            if !bytes[start...].allSatisfy({ $0 &- 0x20 < 0x5F }) {
                let line = String(decoding: bytes[start...], as: UTF8.self)
                bytes.removeSubrange(start...)
                append(TerminalText.sanitize(line), to: &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A non-negative number's decimal digits (line and column numbers); others as `String` spells them.
    private static func append(_ number: Int, to bytes: inout [UInt8]) {
        guard number >= 0 else { return append(String(number), to: &bytes) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = number
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            for index in (24 - count)..<24 { bytes.append(buffer[index]) }
        }
    }

    /// `{"files": N, "references": [{"toggle", "kind", "file", "line", "column", "symbol", "enum"?, "ambiguousWith"?}], "problems": [...]}`
    package static func json(_ result: ScanResult) -> String {
        var object = JSONObject()
        object["files"] = .number(String(result.fileCount))
        object["references"] = .array(result.references.map(json))
        object["problems"] = .array(result.problems.map(JSONValue.string))
        return JSONWriter.string(.object(object)) + "\n"
    }

    package static func json(_ reference: CodeReference) -> JSONValue {
        var object = JSONObject([
            "toggle": .string(reference.toggle),
            "kind": .string(reference.kind.rawValue),
            "file": .string(reference.file),
            "line": .number(String(reference.line)),
            "column": .number(String(reference.column)),
            "symbol": .string(reference.symbol),
        ])
        if let enumName = reference.enumName { object["enum"] = .string(enumName) }
        if !reference.ambiguousWith.isEmpty { object["ambiguousWith"] = .array(reference.ambiguousWith.map(JSONValue.string)) }
        return .object(object)
    }
}
