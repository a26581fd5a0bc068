import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
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
        var summary = ""
        let parts = inParts(
            references,
            alongside: {
                // Counting the toggles (hashing 65,000 names) runs meanwhile.
                let toggles = result.referencedToggles.count
                summary =
                    "\(references.count) reference\(references.count == 1 ? "" : "s") to \(toggles) toggle\(toggles == 1 ? "" : "s") in \(result.fileCount) Swift file\(result.fileCount == 1 ? "" : "s")\n"
            }, render: lines)
        return parts + [summary]
    }

    /// `references[range]` rendered by `render` in a few consecutive parts, on every core,
    /// while `alongside` runs.
    private static func inParts(
        _ references: [CodeReference], alongside: @escaping () -> Void = {},
        render: @escaping @Sendable (ArraySlice<CodeReference>) -> String
    ) -> [String] {
        let parts = references.count < 4096 ? 1 : 4
        let rendered = ConcurrentSlots(count: parts, initial: "")
        nonisolated(unsafe) let alongside = alongside
        DispatchQueue.concurrentPerform(iterations: parts + 1) { part in
            if part == parts { return alongside() }
            rendered[part] = render(references[(references.count * part / parts)..<(references.count * (part + 1) / parts)])
        }
        return Array(rendered.all)
    }

    /// One `file:line:column: toggle: kind symbol` line per reference.
    private static func lines(_ references: ArraySlice<CodeReference>) -> String {
        // Lines are built as bytes: a string interpolation per line cost 12% of a scan of 65,000
        // references, and a generic `append(contentsOf: text.utf8)` half of what remained.
        // A line with anything but printable ASCII goes through TerminalText.sanitize.
        var bytes = OutputBuffer(capacity: references.count * 160)
        // Each reference read in place: a copy retained and released its six strings (3% of a scan).
        references.withUnsafeBufferPointer { references in
            for index in references.indices {
                let start = bytes.count
                let reference = references.baseAddress! + index
                bytes.append(reference.pointee.file)
                bytes.append(UInt8(ascii: ":"))
                bytes.appendDecimal(reference.pointee.line)
                bytes.append(UInt8(ascii: ":"))
                bytes.appendDecimal(reference.pointee.column)
                bytes.append(": ")
                bytes.append(reference.pointee.toggle)
                bytes.append(": ")
                bytes.append(reference.pointee.kind.rawValue)
                bytes.append(UInt8(ascii: " "))
                bytes.append(reference.pointee.symbol)
                if !reference.pointee.ambiguousWith.isEmpty {
                    bytes.append(" (ambiguous: or ")
                    bytes.append(reference.pointee.ambiguousWith.joined(separator: ", "))
                    bytes.append(UInt8(ascii: ")"))
                }
                if reference.pointee.ownBody { bytes.append(" (in its declaring type)") }
                let line = UnsafeBufferPointer(rebasing: bytes.bytes[start...])
                if !OutputBuffer.isPrintableASCII(line) {
                    let text = String(decoding: line, as: UTF8.self)
                    bytes.truncate(to: start)
                    bytes.append(TerminalText.sanitize(text))
                }
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return bytes.string
    }

    /// `{"files": N, "references": [{"toggle", "kind", "file", "line", "column", "symbol", "enum"?, "ambiguousWith"?, "form"?, "ownBody"?}], "problems": [...]}`
    package static func json(_ result: ScanResult) -> String {
        jsonParts(result).joined()
    }

    /// The same JSON in consecutive parts, the references written straight as bytes on every
    /// core: the tree of values the writer needs took 100 MB and 0.2 s for 65,000 references.
    /// The bytes are the writer's (``JSONWriter/string(_:)`` of ``json(_:)-swift.type.method``'s
    /// objects), which a test checks.
    package static func jsonParts(_ result: ScanResult) -> [String] {
        let head = "{\"files\":\(result.fileCount),\"references\":["
        let tail = "],\"problems\":" + JSONWriter.string(.array(result.problems.map(JSONValue.string))) + "}\n"
        return [head] + inParts(result.references, render: jsonObjects) + [tail]
    }

    /// The references as JSON objects, each after a comma but the first reference of all.
    private static func jsonObjects(_ references: ArraySlice<CodeReference>) -> String {
        var bytes = OutputBuffer(capacity: references.count * 256)
        func field(_ name: StaticString, _ value: String) {
            bytes.append(UInt8(ascii: ","))
            bytes.append(name)
            bytes.appendJSONString(value)
        }
        for (index, reference) in zip(references.indices, references) {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append("{\"toggle\":")
            bytes.appendJSONString(reference.toggle)
            field("\"kind\":", reference.kind.rawValue)
            field("\"file\":", reference.file)
            bytes.append(",\"line\":")
            bytes.appendDecimal(reference.line)
            bytes.append(",\"column\":")
            bytes.appendDecimal(reference.column)
            field("\"symbol\":", reference.symbol)
            if let enumName = reference.enumName { field("\"enum\":", enumName) }
            if !reference.ambiguousWith.isEmpty {
                bytes.append(",\"ambiguousWith\":[")
                for (position, other) in reference.ambiguousWith.enumerated() {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    bytes.appendJSONString(other)
                }
                bytes.append(UInt8(ascii: "]"))
            }
            if let form = reference.form { field("\"form\":", form) }
            if reference.ownBody { bytes.append(",\"ownBody\":true") }
            bytes.append(UInt8(ascii: "}"))
        }
        return bytes.string
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
        if let form = reference.form { object["form"] = .string(form) }
        if reference.ownBody { object["ownBody"] = .bool(true) }
        return .object(object)
    }
}
