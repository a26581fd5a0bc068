import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``ScanResult``: one `file:line:column: toggle: kind symbol` line per reference
/// (the form editors and CI annotations understand), or JSON.
package enum CodeReferenceRenderer {
    package static func text(_ result: ScanResult) -> String {
        var output = ""
        for reference in result.references {
            output += TerminalText.sanitize("\(reference.file):\(reference.line):\(reference.column): \(reference.toggle): \(reference.kind.rawValue) \(reference.symbol)\(reference.ambiguousWith.isEmpty ? "" : " (ambiguous: or \(reference.ambiguousWith.joined(separator: ", ")))")")
            output += "\n"
        }
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
