/// Takes fields out of an object one by one, so what is left over is the unknown fields.
/// Internal (not private): the `resolved` payload (Resolution.swift) is read with it too.
struct Fields {
    private var members: [JSONObject.Member]
    private let path: String

    init(_ object: JSONObject, path: String = "") {
        self.members = object.members
        self.path = path
    }

    package var remaining: [JSONObject.Member] { members }

    package mutating func take(_ key: String) -> JSONValue? {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
        return members.remove(at: index).value
    }

    package mutating func required(_ key: String) throws(EventDecodingError) -> JSONValue {
        guard let value = take(key) else { throw EventDecodingError("\"\(path)\(key)\" is required") }
        return value
    }

    package mutating func string(_ key: String) throws(EventDecodingError) -> String {
        let value = try required(key)
        guard case .string(let text) = value else {
            throw EventDecodingError("\"\(path)\(key)\" must be a string, found \(value.typeName)")
        }
        return text
    }

    mutating func nonEmptyString(_ key: String) throws(EventDecodingError) -> String {
        let text = try string(key)
        guard !text.isEmpty else { throw EventDecodingError("\"\(path)\(key)\" may not be empty") }
        return text
    }

    package mutating func optionalString(_ key: String) throws(EventDecodingError) -> String? {
        guard let value = take(key) else { return nil }
        guard case .string(let text) = value else {
            throw EventDecodingError("\"\(path)\(key)\" must be a string, found \(value.typeName)")
        }
        return text
    }

    package mutating func optionalObject(_ key: String) throws(EventDecodingError) -> JSONObject? {
        guard let value = take(key) else { return nil }
        guard case .object(let object) = value else {
            throw EventDecodingError("\"\(path)\(key)\" must be an object, found \(value.typeName)")
        }
        return object
    }

    mutating func optionalDate(_ key: String) throws(EventDecodingError) -> CalendarDate? {
        guard let text = try optionalString(key) else { return nil }
        guard let date = CalendarDate(text) else {
            throw EventDecodingError("\"\(path)\(key)\" must be a date such as 2027-01-31, found \(JSONWriter.quoted(text))")
        }
        return date
    }

    /// An optional `previous` minimum: absent (nil, not recorded), null (no minimum was in
    /// force) or an app version.
    mutating func previousMinimum(_ key: String) throws(EventDecodingError) -> PreviousMinimum? {
        guard let value = take(key) else { return nil }
        switch value {
        case .null: return .noMinimum
        case .string(let text):
            if let problem = AppVersion.problem(with: text) { throw EventDecodingError("\"\(path)\(key)\" \(problem), or null") }
            return .version(AppVersion(text)!)
        default:
            throw EventDecodingError("\"\(path)\(key)\" must be an app version or null, found \(value.typeName)")
        }
    }

    /// An optional array of event ids (non-empty strings); nil when absent.
    mutating func optionalEventIDs(_ key: String) throws(EventDecodingError) -> [String]? {
        guard let value = take(key) else { return nil }
        guard case .array(let list) = value, !list.isEmpty else {
            throw EventDecodingError("\"\(path)\(key)\" must be a non-empty array of event ids, found \(value.typeName)")
        }
        return try eventIDs(in: list, key: key)
    }

    /// The event ids (non-empty strings) of the array `list`, the value of `key`.
    func eventIDs(in list: [JSONValue], key: String) throws(EventDecodingError) -> [String] {
        var ids: [String] = []
        for element in list {
            guard case .string(let id) = element, !id.isEmpty else {
                throw EventDecodingError("\"\(path)\(key)\" must be an array of event ids, found \(element.typeName)")
            }
            ids.append(id)
        }
        return ids
    }

    /// A required app version (``AppVersion/problem(with:)``: the rule writers use too).
    package mutating func appVersion(_ key: String) throws(EventDecodingError) -> AppVersion {
        let text = try string(key)
        if let problem = AppVersion.problem(with: text) { throw EventDecodingError("\"\(path)\(key)\" \(problem)") }
        return AppVersion(text)!
    }

    package mutating func integer(_ key: String) throws(EventDecodingError) -> Int {
        let value = try required(key)
        guard case .number(let lexeme) = value, let number = Int(lexeme) else {
            throw EventDecodingError("\"\(path)\(key)\" must be an integer, found \(value.typeName == "number" ? JSONWriter.string(value) : value.typeName)")
        }
        return number
    }
}
