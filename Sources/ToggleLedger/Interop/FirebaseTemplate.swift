import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// A Firebase Remote Config template as the REST API (`GET …/remoteConfig`), the Admin SDKs and
/// `firebase remoteconfig:get -o` save it (the last without its version block), or as
/// `firebase remoteconfig:get --json` prints it (``FirebaseCLIEnvelope``).
///
/// Every field is optional; keys this version does not know are ignored. Values stay strings,
/// as on the wire: they become typed values only against a value type (``typedValue(_:as:)``).
public struct FirebaseTemplate: Sendable, Hashable {
    /// In descending priority: when several match, the earliest wins.
    package var conditions: [FirebaseCondition]
    /// Every parameter, top-level ones first, then those of each group, in document order.
    package var parameters: [FirebaseParameter]
    package var version: FirebaseVersion?
    /// The Admin SDK's read-only etag, when the file has one. Opaque.
    public var etag: String?
    /// Each parameter group's description, by group name (a group without one maps to nil).
    public var groupDescriptions: [String: String?]

    package init(
        conditions: [FirebaseCondition] = [], parameters: [FirebaseParameter] = [], version: FirebaseVersion? = nil, etag: String? = nil, groupDescriptions: [String: String?] = [:]
    ) {
        self.conditions = conditions
        self.parameters = parameters
        self.version = version
        self.etag = etag
        self.groupDescriptions = groupDescriptions
    }

    /// Decodes a template from the bytes of a JSON file; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String?) throws(InteropError) -> FirebaseTemplate {
        try decode(try InteropError.parseJSON(bytes, file: file, document: "a Remote Config template"), file: file)
    }

    public static func decode(_ value: JSONValue, file: String?) throws(InteropError) -> FirebaseTemplate {
        let value = try FirebaseCLIEnvelope.unwrap(value, file: file, expecting: "a template")
        if let problem = TemplateShape.problem(with: value) {
            throw InteropError(file: file, "not a Remote Config template: \(problem)")
        }
        let root = try InteropObject(value, path: "", file: file)
        var template = FirebaseTemplate()
        var conditionNames = Set<String>()
        for (position, element) in (try root.array("conditions") ?? []).enumerated() {
            let condition = try InteropObject(element, path: "conditions[\(position)]", file: file)
            guard let name = try condition.string("name"), !name.isEmpty else {
                throw condition.fail("name", "a condition needs a non-empty name")
            }
            guard conditionNames.insert(name).inserted else {
                throw InteropError(file: file, "condition \(JSONWriter.quoted(name)) is defined twice; condition names are unique")
            }
            guard let expression = try condition.string("expression") else {
                throw InteropError(file: file, "condition \(JSONWriter.quoted(name)) has no \"expression\"")
            }
            template.conditions.append(FirebaseCondition(name: name, expression: expression, tagColor: try condition.string("tagColor")))
        }
        var seen = Set<String>()
        func parameters(_ container: InteropObject?, group: String?) throws(InteropError) {
            guard let container else { return }
            for member in container.object.members {
                guard seen.insert(member.key).inserted else {
                    throw InteropError(file: file, "parameter \(JSONWriter.quoted(member.key)) appears twice (in parameters and parameter groups)")
                }
                let parameter = try FirebaseParameter.decode(
                    member.value, key: member.key, group: group, path: container.pathOf(member.key), conditions: conditionNames, file: file)
                template.parameters.append(parameter)
            }
        }
        try parameters(try root.object("parameters"), group: nil)
        if let groups = try root.object("parameterGroups") {
            for member in groups.object.members {
                let group = try InteropObject(member.value, path: groups.pathOf(member.key), file: file)
                template.groupDescriptions[member.key] = .some(try group.string("description"))
                try parameters(try group.object("parameters"), group: member.key)
            }
        }
        if let version = root.value("version") {
            template.version = try FirebaseVersion.decode(version.value, path: "version", file: file)
        }
        template.etag = try root.string("etag")
        return template
    }

    /// The wire string as a value of `type`, or why it is not one.
    static func typedValue(_ text: String, as type: ValueType) -> Result<JSONValue, ValueError> {
        type.parse(text)
    }

    /// The wire string of a value: booleans and numbers as their JSON text, strings as they
    /// are, JSON values as compact JSON text.
    public static func wireString(_ value: JSONValue, as type: ValueType) -> String {
        switch (type, value) {
        case (.json, _): JSONWriter.string(value)
        case (_, .string(let text)): text
        default: JSONWriter.string(value)
        }
    }
}

/// A named condition, such as `{"name":"ios","expression":"device.os == 'ios'"}`: the same
/// facts a `template-conditions` event records of it.
package typealias FirebaseCondition = TemplateCondition

/// The `valueType` of a parameter. Absent and `PARAMETER_VALUE_TYPE_UNSPECIFIED` decode to nil
/// (Firebase treats them as STRING).
package enum FirebaseValueType: String, Sendable, CaseIterable, Hashable {
    case string = "STRING", boolean = "BOOLEAN", number = "NUMBER", json = "JSON"

    public var valueType: ValueType {
        switch self {
        case .string: .string
        case .boolean: .bool
        case .number: .number
        case .json: .json
        }
    }

    public init(_ type: ValueType) {
        switch type {
        case .string: self = .string
        case .bool: self = .boolean
        case .number: self = .number
        case .json: self = .json
        }
    }
}

/// One `RemoteConfigParameterValue`: exactly one value option.
package enum FirebaseValue: Sendable, Hashable {
    /// `{"value": "…"}`: always a string on the wire.
    case value(String)
    /// `{"useInAppDefault": true}`: clients use the in-app default.
    case useInAppDefault
    /// `{"rolloutValue": …}`, `{"experimentValue": …}` or `{"personalizationValue": …}`,
    /// managed by Firebase; kept whole and never interpreted.
    case managed(JSONObject)

    static let managedKinds = ["rolloutValue", "experimentValue", "personalizationValue"]

    package static func decode(_ value: JSONValue, path: String, parameter: String, file: String?) throws(InteropError) -> FirebaseValue {
        guard case .object(let object) = value else {
            throw InteropError(file: file, "parameter \(JSONWriter.quoted(parameter)): \(path) must be an object such as {\"value\": \"true\"}, found \(value.typeName)")
        }
        let options = object.members.filter { ["value", "useInAppDefault"].contains($0.key) || managedKinds.contains($0.key) }
        guard options.count == 1, let option = options.first else {
            let found = options.isEmpty ? "none" : options.map(\.key).joined(separator: " and ")
            throw InteropError(
                file: file,
                "parameter \(JSONWriter.quoted(parameter)): \(path) must have exactly one of value, useInAppDefault, rolloutValue, experimentValue, personalizationValue; found \(found)"
            )
        }
        switch option.key {
        case "value":
            guard case .string(let text) = option.value else {
                throw InteropError(
                    file: file,
                    "parameter \(JSONWriter.quoted(parameter)): \(path).value must be a string (every value is a string on the wire), found \(option.value.typeName) \(JSONWriter.string(option.value))"
                )
            }
            return .value(text)
        case "useInAppDefault":
            guard option.value == .bool(true) else {
                throw InteropError(file: file, "parameter \(JSONWriter.quoted(parameter)): \(path).useInAppDefault must be true, found \(JSONWriter.string(option.value))")
            }
            return .useInAppDefault
        default:
            guard case .object = option.value else {
                throw InteropError(file: file, "parameter \(JSONWriter.quoted(parameter)): \(path).\(option.key) must be an object, found \(option.value.typeName)")
            }
            return .managed(JSONObject([option]))
        }
    }

    /// The value option as Firebase writes it.
    public var json: JSONValue {
        switch self {
        case .value(let text): .object(JSONObject([.init("value", .string(text))]))
        case .useInAppDefault: .object(JSONObject([.init("useInAppDefault", .bool(true))]))
        case .managed(let object): .object(object)
        }
    }
}

/// One `RemoteConfigParameter`.
package struct FirebaseParameter: Sendable, Hashable {
    public var key: String
    /// The parameter group it sits in, if any.
    public var group: String?
    /// Nil when absent: like `useInAppDefault`, clients get no remote default.
    public var defaultValue: FirebaseValue?
    /// Condition name and value, in document order (priority comes from the template's conditions).
    public var conditionalValues: [(condition: String, value: FirebaseValue)]
    public var description: String?
    /// Nil when absent or unspecified.
    public var valueType: FirebaseValueType?

    public init(
        key: String, group: String? = nil, defaultValue: FirebaseValue?, conditionalValues: [(condition: String, value: FirebaseValue)] = [], description: String? = nil,
        valueType: FirebaseValueType? = nil
    ) {
        self.key = key
        self.group = group
        self.defaultValue = defaultValue
        self.conditionalValues = conditionalValues
        self.description = description
        self.valueType = valueType
    }

    public static func == (lhs: FirebaseParameter, rhs: FirebaseParameter) -> Bool {
        lhs.key == rhs.key && lhs.group == rhs.group && lhs.defaultValue == rhs.defaultValue
            && lhs.conditionalValues.map(\.condition) == rhs.conditionalValues.map(\.condition)
            && lhs.conditionalValues.map(\.value) == rhs.conditionalValues.map(\.value)
            && lhs.description == rhs.description && lhs.valueType == rhs.valueType
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    package static func decode(_ value: JSONValue, key: String, group: String?, path: String, conditions: Set<String>, file: String?) throws(InteropError) -> FirebaseParameter {
        if let problem = ToggleName.problem(with: key) {
            throw InteropError(file: file, "parameter \(JSONWriter.quoted(key)): invalid key: \(problem)")
        }
        guard case .object = value else {
            throw InteropError(file: file, "parameter \(JSONWriter.quoted(key)): \(path) must be an object, found \(value.typeName)")
        }
        let object = try InteropObject(value, path: path, file: file)
        var parameter = FirebaseParameter(key: key, group: group, defaultValue: nil)
        if let defaultValue = object.object["defaultValue"] {
            parameter.defaultValue = try FirebaseValue.decode(defaultValue, path: "defaultValue", parameter: key, file: file)
        }
        if let conditional = object.object["conditionalValues"] {
            guard case .object(let members) = conditional else {
                throw InteropError(file: file, "parameter \(JSONWriter.quoted(key)): conditionalValues must be an object keyed by condition name, found \(conditional.typeName)")
            }
            for member in members.members {
                guard conditions.contains(member.key) else {
                    throw InteropError(
                        file: file,
                        "parameter \(JSONWriter.quoted(key)): conditional value for condition \(JSONWriter.quoted(member.key)), which the template's conditions do not define")
                }
                let value = try FirebaseValue.decode(member.value, path: "conditionalValues.\(member.key)", parameter: key, file: file)
                parameter.conditionalValues.append((member.key, value))
            }
        }
        parameter.description = try object.string("description")
        if let typeText = try object.string("valueType"), typeText != "PARAMETER_VALUE_TYPE_UNSPECIFIED" {
            guard let type = FirebaseValueType(rawValue: typeText) else {
                throw InteropError(file: file, "parameter \(JSONWriter.quoted(key)): valueType must be STRING, BOOLEAN, NUMBER or JSON, found \(JSONWriter.quoted(typeText))")
            }
            parameter.valueType = type
        }
        return parameter
    }
}

/// The template's `version`, and each entry of a `listVersions` response.
package struct FirebaseVersion: Sendable, Hashable {
    /// An int64 as a decimal string, such as `"12"`.
    public var versionNumber: String?
    public var updateTime: Timestamp?
    public var updateUserEmail: String?
    public var updateUserName: String?
    /// `CONSOLE`, `REST_API`, `ADMIN_SDK_NODE`, …
    public var updateOrigin: String?
    /// `INCREMENTAL_UPDATE`, `FORCED_UPDATE`, `ROLLBACK`, …
    public var updateType: String?
    /// On rollbacks: the version rolled back to.
    public var rollbackSource: String?
    public var description: String?

    public init(
        versionNumber: String? = nil, updateTime: Timestamp? = nil, updateUserEmail: String? = nil, updateUserName: String? = nil, updateOrigin: String? = nil,
        updateType: String? = nil, rollbackSource: String? = nil, description: String? = nil
    ) {
        self.versionNumber = versionNumber
        self.updateTime = updateTime
        self.updateUserEmail = updateUserEmail
        self.updateUserName = updateUserName
        self.updateOrigin = updateOrigin
        self.updateType = updateType
        self.rollbackSource = rollbackSource
        self.description = description
    }

    public var isRollback: Bool { updateType == "ROLLBACK" }

    /// Decodes camelCase fields, tolerating the snake_case spellings of the templates docs page.
    package static func decode(_ value: JSONValue, path: String, file: String?) throws(InteropError) -> FirebaseVersion {
        let object = try InteropObject(value, path: path, file: file)
        var version = FirebaseVersion()
        version.versionNumber = try integerString(object, "versionNumber", "version_number")
        version.rollbackSource = try integerString(object, "rollbackSource", "rollback_source")
        if let text = try object.string("updateTime", "update_time") {
            guard let instant = Timestamp(rfc3339: text) else {
                throw object.fail("updateTime", "must be an RFC 3339 instant such as 2020-07-23T17:13:11.190Z, found \(JSONWriter.quoted(text))")
            }
            version.updateTime = instant
        }
        if let user = object.value("updateUser", "update_user") {
            let userObject = try InteropObject(user.value, path: object.pathOf(user.key), file: file)
            version.updateUserEmail = try userObject.string("email")
            version.updateUserName = try userObject.string("name")
        }
        version.updateOrigin = try object.string("updateOrigin", "update_origin", "origin")
        version.updateType = try object.string("updateType", "update_type")
        version.description = try object.string("description")
        return version
    }

    /// int64 fields are strings in JSON; a bare integer is tolerated.
    private static func integerString(_ object: InteropObject, _ keys: String...) throws(InteropError) -> String? {
        for key in keys {
            guard let value = object.object[key] else { continue }
            let text: String
            switch value {
            case .string(let string): text = string
            case .number(let lexeme): text = lexeme
            default: throw object.fail(key, "must be an integer string such as \"12\", found \(value.typeName)")
            }
            guard let number = Int64(text), number >= 0 else {
                throw object.fail(key, "must be an integer string such as \"12\", found \(JSONWriter.quoted(text))")
            }
            return String(number)
        }
        return nil
    }
}

/// A `listVersions` response: `{"versions": [Version…], "nextPageToken": "…"}`, newest first.
package struct FirebaseVersionList: Sendable, Hashable {
    public var versions: [FirebaseVersion]
    public var nextPageToken: String?

    /// Accepts the response object (camelCase or snake_case) or a bare array of versions.
    public static func decode(_ bytes: [UInt8], file: String?) throws(InteropError) -> FirebaseVersionList {
        let parsed = try InteropError.parseJSON(bytes, file: file, document: "a listVersions response")
        var elements: [JSONValue]
        var token: String?
        // `firebase remoteconfig:versions:list --json`
        let value = try FirebaseCLIEnvelope.unwrap(parsed, file: file, expecting: "a version list")
        switch value {
        case .array(let array):
            elements = array
        case .object:
            let root = try InteropObject(value, path: "", file: file)
            guard let versions = root.value("versions") else {
                throw InteropError(file: file, "not a listVersions response: no \"versions\" array")
            }
            guard case .array(let array) = versions.value else { throw root.fail("versions", "must be an array, found \(versions.value.typeName)") }
            elements = array
            token = try root.string("nextPageToken", "next_page_token")
        default:
            throw InteropError(file: file, "not a listVersions response: expected an object with \"versions\", found \(value.typeName)")
        }
        var versions: [FirebaseVersion] = []
        for (position, element) in elements.enumerated() {
            let version = try FirebaseVersion.decode(element, path: "versions[\(position)]", file: file)
            guard version.versionNumber != nil else {
                throw InteropError(file: file, "versions[\(position)]: versionNumber is required")
            }
            versions.append(version)
        }
        if token?.isEmpty == true { token = nil }
        return FirebaseVersionList(versions: versions, nextPageToken: token)
    }
}
