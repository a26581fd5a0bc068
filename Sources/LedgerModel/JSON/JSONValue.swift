/// A JSON value exactly as it appeared in the log.
///
/// Numbers keep their original lexeme, so a value such as `0.1` or a 30-digit integer
/// round-trips byte for byte and is never rounded through `Double`.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value's JSON type, in words, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
}

/// A JSON object that keeps its members in document order (duplicate keys are rejected by
/// the parser, so every key is unique).
public struct JSONObject: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.members = pairs.map { Member($0.key, $0.value) }
    }

    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key, newValue))
            }
        }
    }

    public var keys: [String] { members.map(\.key) }
    public var isEmpty: Bool { members.isEmpty }
}

extension JSONObject.Member {
    /// A member holding an object, `"summary": {…}`: the one way the documents the tool
    /// prints nest an object, so a renderer lists the members and nothing else.
    package static func object(_ key: String, _ members: [JSONObject.Member]) -> JSONObject.Member {
        JSONObject.Member(key, .object(JSONObject(members)))
    }

    /// A member holding one object per item, `"findings": [{…}, …]`: the lists of the
    /// documents the tool prints. Inlinable, so a renderer in another module calls a
    /// specialized copy rather than the generic one.
    @inlinable
    package static func objects<Item>(_ key: String, _ items: [Item], _ members: (Item) -> [JSONObject.Member]) -> JSONObject.Member {
        JSONObject.Member(key, .array(items.map { .object(JSONObject(members($0))) }))
    }
}
