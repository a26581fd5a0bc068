import Foundation

/// A Remote Config template or defaults file, read for offline evaluation.
///
/// Reads three shapes:
/// - a template as the REST API, the Admin SDKs and firebase-tools save it (`conditions`,
///   `parameters`, `parameterGroups`; other keys ignored);
/// - a flat JSON defaults object (`{"appPrimaryColor": "#FBB03B"}`, `remote_config_defaults.json`);
/// - a defaults plist, Apple's typed form or Firebase's all-`<string>` download.
public struct RemoteConfigTemplate: Sendable, Hashable {
    public struct Condition: Sendable, Hashable {
        public var name: String
        public var expression: String
    }

    /// One way a parameter's value is given.
    public enum ValueOption: Sendable, Hashable {
        case value(RemoteConfigValue)
        /// The parameter is left out of what clients fetch; they use the in-app default.
        case useInAppDefault
        /// A rollout, personalization or experiment value: decided by the server per user.
        case managed(kind: String)
    }

    public struct Parameter: Sendable, Hashable {
        public var defaultValue: ValueOption?
        public var conditionalValues: [String: ValueOption]
    }

    /// Conditions in priority order (the first matching one wins).
    public var conditions: [Condition]
    public var parameters: [String: Parameter]

    public init(conditions: [Condition] = [], parameters: [String: Parameter]) {
        self.conditions = conditions
        self.parameters = parameters
    }

    /// Reads a template, JSON defaults or plist defaults from `data`.
    public init(data: Data) throws(RemoteConfigFileError) {
        let first = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        if first == UInt8(ascii: "{") {
            try self.init(json: data)
        } else {
            try self.init(plist: data)
        }
    }

    /// Reads a file; see ``init(data:)``.
    public init(contentsOf url: URL) throws(RemoteConfigFileError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error.localizedDescription)")
        }
        do {
            try self.init(data: data)
        } catch {
            throw error.at(url.path)
        }
    }

    private init(json data: Data) throws(RemoteConfigFileError) {
        let root: JSONNode
        do {
            root = try JSONDecoder().decode(JSONNode.self, from: data)
        } catch {
            throw .invalid(path: nil, reason: "not valid JSON: \(error)")
        }
        guard case .object(let object) = root else { throw .invalid(path: nil, reason: "expected a JSON object") }
        if object["parameters"] != nil || object["conditions"] != nil || object["parameterGroups"] != nil {
            var conditions: [Condition] = []
            if case .array(let list)? = object["conditions"] {
                for (index, node) in list.enumerated() {
                    guard case .object(let fields) = node, case .string(let name)? = fields["name"],
                        case .string(let expression)? = fields["expression"]
                    else {
                        throw .invalid(path: nil, reason: "conditions[\(index)] needs a string name and expression")
                    }
                    conditions.append(Condition(name: name, expression: expression))
                }
            }
            var parameters: [String: Parameter] = [:]
            func read(_ node: JSONNode?, in place: String) throws(RemoteConfigFileError) {
                guard let node else { return }
                guard case .object(let map) = node else { throw .invalid(path: nil, reason: "\(place) must be an object") }
                for (key, value) in map {
                    parameters[key] = try Self.parameter(value, key: key)
                }
            }
            try read(object["parameters"], in: "parameters")
            if case .object(let groups)? = object["parameterGroups"] {
                for (group, node) in groups {
                    guard case .object(let fields) = node else { continue }
                    try read(fields["parameters"], in: "parameterGroups.\(group).parameters")
                }
            }
            self.init(conditions: conditions, parameters: parameters)
        } else {
            var parameters: [String: Parameter] = [:]
            for (key, value) in object {
                parameters[key] = Parameter(defaultValue: .value(RemoteConfigValue(value.text)), conditionalValues: [:])
            }
            self.init(parameters: parameters)
        }
    }

    private static func parameter(_ node: JSONNode, key: String) throws(RemoteConfigFileError) -> Parameter {
        guard case .object(let fields) = node else { throw .invalid(path: nil, reason: "parameter \(key) must be an object") }
        var parameter = Parameter(defaultValue: nil, conditionalValues: [:])
        if let defaultValue = fields["defaultValue"] {
            parameter.defaultValue = try option(defaultValue, place: "parameter \(key) defaultValue")
        }
        if case .object(let conditional)? = fields["conditionalValues"] {
            for (condition, value) in conditional {
                parameter.conditionalValues[condition] = try option(value, place: "parameter \(key) conditionalValues.\(condition)")
            }
        }
        return parameter
    }

    private static func option(_ node: JSONNode, place: String) throws(RemoteConfigFileError) -> ValueOption {
        guard case .object(let fields) = node else { throw .invalid(path: nil, reason: "\(place) must be an object") }
        if case .string(let text)? = fields["value"] { return .value(RemoteConfigValue(text)) }
        if case .bool(true)? = fields["useInAppDefault"] { return .useInAppDefault }
        for kind in ["rolloutValue", "personalizationValue", "experimentValue"] where fields[kind] != nil {
            return .managed(kind: kind)
        }
        throw .invalid(path: nil, reason: "\(place) has none of value, useInAppDefault, rolloutValue, personalizationValue, experimentValue")
    }

    private init(plist data: Data) throws(RemoteConfigFileError) {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .invalid(path: nil, reason: "neither JSON nor a property list: \(error.localizedDescription)")
        }
        guard let dictionary = root as? [String: Any] else {
            throw .invalid(path: nil, reason: "the property list's root must be a <dict>")
        }
        var parameters: [String: Parameter] = [:]
        for (key, value) in dictionary {
            parameters[key] = Parameter(defaultValue: .value(RemoteConfigValue(Self.plistText(value))), conditionalValues: [:])
        }
        self.init(parameters: parameters)
    }

    /// Plist values as Firebase stores them: strings as they are, numbers as text, booleans
    /// as `true`/`false`, collections as JSON text.
    private static func plistText(_ value: Any) -> String {
        if let text = value as? String { return text }
        if let flag = value as? Bool, type(of: value) == Bool.self { return flag ? "true" : "false" }
        if let number = value as? NSNumber {
            if isBooleanNumber(number) { return number.boolValue ? "true" : "false" }
            return number.stringValue
        }
        if JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        {
            return String(decoding: data, as: UTF8.self)
        }
        return "\(value)"
    }
}

private func isBooleanNumber(_ number: NSNumber) -> Bool {
    // Booleans in a plist come back as NSNumber on some platforms; their type encoding is "c"/"B".
    let encoding = String(cString: number.objCType)
    return encoding == "c" || encoding == "B"
}

/// Why a Remote Config file could not be read.
public enum RemoteConfigFileError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String?, reason: String)

    func at(_ path: String) -> RemoteConfigFileError {
        if case .invalid(nil, let reason) = self { return .invalid(path: path, reason: reason) }
        return self
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .invalid(let path, let reason): "\(path.map { "\($0): " } ?? "")\(reason)"
        }
    }
}

/// Just enough JSON to read templates without losing strings, booleans or structure.
enum JSONNode: Decodable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([String: JSONNode])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let list = try? container.decode([JSONNode].self) {
            self = .array(list)
        } else {
            self = .object(try container.decode([String: JSONNode].self))
        }
    }

    /// The value as Remote Config text: strings as they are, everything else as JSON.
    var text: String {
        if case .string(let text) = self { return text }
        return json
    }

    var json: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number.rounded() == number && abs(number) < 1e15 { return String(Int64(number)) }
            return "\(number)"
        case .string(let text):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        case .array(let list): return "[" + list.map(\.json).joined(separator: ",") + "]"
        case .object(let map):
            return "{" + map.keys.sorted().map { JSONNode.string($0).json + ":" + map[$0]!.json }.joined(separator: ",") + "}"
        }
    }
}
