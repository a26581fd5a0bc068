import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Why a file from another tool (a Remote Config template, a version list, a defaults plist)
/// cannot be imported, or why the log cannot be exported to one.
///
/// The message names the file and, where there is one, the line and the parameter or key,
/// so the person who has to fix it knows where to look.
public struct InteropError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it (`template.json`), or nil when not from a file.
    public var file: String?
    /// The 1-based line, when known.
    public var line: Int?
    public var reason: String

    public init(file: String?, line: Int? = nil, _ reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        guard let file else { return reason }
        guard let line else { return "\(file): \(reason)" }
        return "\(file):\(line): \(reason)"
    }
}

extension InteropError {
    /// The JSON value of another tool's file; invalid JSON says what the file should have
    /// been (`not a Remote Config template: invalid JSON: …`).
    static func parseJSON(_ bytes: [UInt8], file: String?, document: String) throws(InteropError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw InteropError(file: file, "not \(document): invalid JSON: \(error)")
        }
    }
}

/// Reads the members of a JSON object from another tool's file, with errors that give the
/// path to the offending value (`parameters.isRoundedAvatar.valueType`).
package struct InteropObject {
    package let object: JSONObject
    package let path: String
    package let file: String?

    init(_ value: JSONValue, path: String, file: String?) throws(InteropError) {
        guard case .object(let object) = value else {
            throw InteropError(file: file, "\(path.isEmpty ? "the document" : path) must be a JSON object, found \(value.typeName)")
        }
        self.object = object
        self.path = path
        self.file = file
    }

    func pathOf(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    package func fail(_ key: String, _ reason: String) -> InteropError {
        InteropError(file: file, "\(pathOf(key)): \(reason)")
    }

    /// The first of `keys` present (so snake_case spellings can be tolerated).
    package func value(_ keys: String...) -> (key: String, value: JSONValue)? {
        for key in keys { if let value = object[key] { return (key, value) } }
        return nil
    }

    package func string(_ keys: String...) throws(InteropError) -> String? {
        for key in keys {
            guard let value = object[key] else { continue }
            guard case .string(let text) = value else { throw fail(key, "must be a string, found \(value.typeName)") }
            return text
        }
        return nil
    }

    package func object(_ key: String) throws(InteropError) -> InteropObject? {
        guard let value = object[key] else { return nil }
        return try InteropObject(value, path: pathOf(key), file: file)
    }

    package func array(_ key: String) throws(InteropError) -> [JSONValue]? {
        guard let value = object[key] else { return nil }
        guard case .array(let elements) = value else { throw fail(key, "must be an array, found \(value.typeName)") }
        return elements
    }
}
