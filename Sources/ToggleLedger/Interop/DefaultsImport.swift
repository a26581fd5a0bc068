import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Turns a defaults plist (`RemoteConfigDefaults.plist`) into `default-changed` events for the
/// toggles whose in-app default differs.
///
/// Both forms are read: Apple's typed values (`<true/>`, `<integer>`, `<real>`, `<string>`) and
/// Firebase's download form, where every value is a `<string>` (`<string>true</string>`). Each
/// value is read as the toggle's type; numbers compare by value, so the `<real>` text
/// `0.33000000000000002` that Foundation writes equals the log's `0.33`.
public enum DefaultsImport {
    public struct Plan: Sendable {
        /// `default-changed` events, in key order.
        public var events: [Event]
        /// Keys left alone, with the reason (not a toggle in the log, removed).
        public var skipped: [(key: String, reason: String)]
        /// How many keys already matched the log.
        public var unchanged: Int
    }

    /// Plans the import of `entries` against `state` (the log replayed to `at`).
    package static func plan(
        _ entries: [PropertyListEntry], file: String?, state: Projection, at: Timestamp, actor: String, provenance: Provenance?, newID: (String, Timestamp) -> String
    ) throws(InteropError) -> Plan {
        var plan = Plan(events: [], skipped: [], unchanged: 0)
        for entry in entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            guard let toggle = state.toggles[entry.key] else {
                plan.skipped.append((entry.key, "not a toggle in the log; create it first"))
                continue
            }
            if let removedAt = toggle.removedAt {
                plan.skipped.append((entry.key, "removed from the log at \(removedAt); delete the key from the plist"))
                continue
            }
            let value = try typedValue(entry.value, as: toggle.valueType) { reason in
                InteropError(file: file, line: entry.line, "key \(JSONWriter.quoted(entry.key)): \(reason)")
            }
            if sameValue(value, toggle.defaultValue) {
                plan.unchanged += 1
                continue
            }
            plan.events.append(Event(id: newID(entry.key, at), at: at, toggle: entry.key, actor: actor, change: .defaultChanged(value), source: provenance))
        }
        return plan
    }

    /// `plist-<hash of the file>-<instant>-<toggle>`: the same file imported at the same
    /// instant (a retried job) gives the same ids, so it is recorded once.
    public static func eventID(fileBytes: [UInt8], toggle: String, at: Timestamp) -> String {
        let instant = String(at.description.filter { $0.isNumber })
        let id = "plist-\(ByteHash.fnv1aHex(fileBytes))-\(instant)-\(toggle)"
        return id.utf8.count <= 200 ? id : "plist-\(ByteHash.fnv1aHex(fileBytes))-\(instant)-\(ByteHash.fnv1aHex(toggle.utf8))"
    }

    /// A plist value read as a value of `type`.
    static func typedValue(_ value: PropertyListValue, as type: ValueType, fail: (String) -> InteropError) throws(InteropError) -> JSONValue {
        let found = quoted(value)
        switch (type, value) {
        // How `export plist` writes a string XML cannot carry (one holding ESC or BEL); any
        // other <data> is refused below.
        case (.string, .data(let base64)):
            guard let bytes = Base64.decode(base64), let text = String(validating: bytes, as: UTF8.self) else {
                throw fail("\(found) is not base64 of UTF-8 text; expected <string>")
            }
            return .string(text)
        case (_, .date), (_, .data):
            throw fail("\(found): <\(value.elementName)> values are not supported by Remote Config defaults (every Remote Config value is text); write the value as a <string>")
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.bool, .string("true")): return .bool(true)
        case (.bool, .string("false")): return .bool(false)
        case (.bool, _): throw fail("\(found) is not a bool value; expected <true/>, <false/> or the string true or false")
        case (.number, .integer(let text)):
            guard let integer = Int64(text) else { throw fail("\(found) is not an integer") }
            return .number(String(integer))
        case (.number, .real(let text)):
            guard ValueType.fitsDouble(text), let double = Double(text) else { throw fail("\(found) is not a number a double holds (finite, not so small it reads as 0)") }
            return .number(double.description)
        case (.number, .string(let text)):
            guard case .success(let number) = ValueType.number.parse(text) else {
                throw fail("\(found) is not a number value; expected a number such as 3 or 0.33")
            }
            return number
        case (.number, _): throw fail("\(found) is not a number value; expected <integer>, <real> or a number in <string>")
        case (.string, .string(let text)): return .string(text)
        case (.string, .bool(let flag)):
            // The SDK would store the NSNumber's stringValue, "1" or "0", not "true"/"false".
            throw fail(
                "\(found) is a plist boolean, but the toggle is a string (a parameter without valueType is STRING); the Firebase SDK would read it as the string \"\(flag ? 1 : 0)\". Write <string>\(flag)</string>, or make the parameter BOOLEAN (valueType in Firebase, and the toggle's type)"
            )
        case (.string, _): throw fail("\(found) is not a string value; expected <string> (or <data> holding UTF-8 text)")
        case (.json, .string(let text)):
            do {
                return try JSONParser.parse(text)
            } catch {
                throw fail("\(found) is not valid JSON text: \(error)")
            }
        case (.json, _):
            guard let json = jsonValue(value) else { throw fail("\(found) cannot be a JSON value") }
            return json
        }
    }

    package static func jsonValue(_ value: PropertyListValue) -> JSONValue? {
        switch value {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .integer(let text): return Int64(text).map { .number(String($0)) }
        case .real(let text): return ValueType.fitsDouble(text) ? Double(text).map { .number($0.description) } : nil
        case .array(let elements):
            var result: [JSONValue] = []
            for element in elements {
                guard let json = jsonValue(element) else { return nil }
                result.append(json)
            }
            return .array(result)
        case .dictionary(let entries):
            var object = JSONObject()
            for entry in entries {
                guard let json = jsonValue(entry.value) else { return nil }
                object.members.append(.init(entry.key, json))
            }
            return .object(object)
        case .date, .data: return nil
        }
    }

    /// Equal values; numbers compare by value (`0.33` = `0.330` = `0.33000000000000002`).
    public static func sameValue(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if case .number(let left) = lhs, case .number(let right) = rhs {
            if left == right { return true }
            if let l = Int64(left), let r = Int64(right) { return l == r }
            guard let l = Double(left), let r = Double(right) else { return false }
            return l == r
        }
        return lhs == rhs
    }

    /// The value as the file writes it, shortened: `<false/>`, `<string>maybe</string>`.
    private static func quoted(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text), .integer(let text), .real(let text), .date(let text), .data(let text):
            "<\(value.elementName)>\(text.prefix(60))</\(value.elementName)>"
        case .bool(let flag): flag ? "<true/>" : "<false/>"
        case .array, .dictionary: "<\(value.elementName)>…</\(value.elementName)>"
        }
    }
}
