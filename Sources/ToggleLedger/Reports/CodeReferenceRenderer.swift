import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``ScanResult``: one `file:line:column: toggle: kind symbol` line per reference
/// (the form editors and CI annotations understand), or JSON.
package enum CodeReferenceRenderer {
    package static func text(_ result: ScanResult) -> String {
        // Lines are built as bytes: a string interpolation per line cost 12% of a scan of 65,000
        // references. A line with anything but printable ASCII goes through TerminalText.sanitize.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(result.references.count * 96)
        var line: [UInt8] = []
        for reference in result.references {
            line.removeAll(keepingCapacity: true)
            line.append(contentsOf: reference.file.utf8)
            line.append(UInt8(ascii: ":"))
            line.append(contentsOf: String(reference.line).utf8)
            line.append(UInt8(ascii: ":"))
            line.append(contentsOf: String(reference.column).utf8)
            line.append(contentsOf: ": ".utf8)
            line.append(contentsOf: reference.toggle.utf8)
            line.append(contentsOf: ": ".utf8)
            line.append(contentsOf: reference.kind.rawValue.utf8)
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: reference.symbol.utf8)
            if !reference.ambiguousWith.isEmpty {
                line.append(contentsOf: " (ambiguous: or ".utf8)
                line.append(contentsOf: reference.ambiguousWith.joined(separator: ", ").utf8)
                line.append(UInt8(ascii: ")"))
            }
            if line.allSatisfy({ $0 &- 0x20 < 0x5F }) {
                bytes.append(contentsOf: line)
            } else {
                bytes.append(contentsOf: TerminalText.sanitize(String(decoding: line, as: UTF8.self)).utf8)
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        var output = String(decoding: bytes, as: UTF8.self)
        let toggles = result.referencedToggles.count
        output += "\(result.references.count) reference\(result.references.count == 1 ? "" : "s") to \(toggles) toggle\(toggles == 1 ? "" : "s") in \(result.fileCount) Swift file\(result.fileCount == 1 ? "" : "s")\n"
        return output
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
