import LedgerPlatform
import LedgerModel
import LedgerStore

/// The policy file that lives with the log: `<log directory>/policy.json`.
///
/// The log reader only reads `.jsonl` files, so the policy travels with the log (and with
/// `--log DIR`) without being mistaken for a segment. Every key is optional except
/// `schema`; what the file does not say keeps the ``StalePolicy/standard`` value, and a
/// category it lists is added to or replaces the standard one:
///
/// ```json
/// {
///   "schema": 1,
///   "launchGraceDays": 14,
///   "fallbackCategory": "release",
///   "categories": {
///     "release": { "lifetimeDays": 30 },
///     "experiment": { "lifetimeDays": 40, "require": ["owner", "expires"] },
///     "migration": { "lifetimeDays": 60 },
///     "kill-switch": { "lifetimeDays": null }
///   }
/// }
/// ```
///
/// The file is read strictly: invalid JSON, a duplicate key, an unknown key, a value of the
/// wrong type or a `schema` newer than this build is a ``PolicyError`` naming the file and
/// the field, never a silent default.
public enum PolicyFile {
    /// The file name inside the log directory.
    public static let name = "policy.json"
    /// The newest policy schema this build reads.
    public static let currentSchema = 1

    /// Reads the policy at `path`; returns nil when the file does not exist (the standard
    /// policy applies then).
    /// - Parameter displayName: how messages name the file (as the user would type it).
    public static func load(path: String, displayName: String) throws(PolicyError) -> StalePolicy? {
        guard SystemCalls.fileType(path) != nil else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(path, displayName: displayName, maximumBytes: 1 << 20)
        } catch {
            throw PolicyError(file: displayName, field: nil, message: "cannot read the policy file: \(error)")
        }
        return try parse(bytes, file: displayName)
    }

    /// Parses the text of a policy file. `file` names it in errors, with the line of the
    /// setting at fault when the file has it.
    public static func parse(_ bytes: [UInt8], file: String) throws(PolicyError) -> StalePolicy {
        do {
            return try parseFields(bytes, file: file)
        } catch {
            var located = error
            if located.line == nil, let field = located.field {
                // A missing setting is placed at the object that lacks it.
                var path = field.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                while located.line == nil && !path.isEmpty {
                    located.line = JSONMemberLocator.line(ofMember: path, in: bytes)
                    path.removeLast()
                }
            }
            throw located
        }
    }

    private static func parseFields(_ bytes: [UInt8], file: String) throws(PolicyError) -> StalePolicy {
        func fail(_ field: String?, _ message: String) -> PolicyError {
            PolicyError(file: file, field: field, message: message)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            throw PolicyError(file: "\(file):\(line):\(column)", field: nil, message: "invalid JSON: \(error.reason)")
        }
        guard case .object(let object) = root else {
            throw fail(nil, "the policy is a JSON object such as {\"schema\": 1}, found \(root.typeName)")
        }
        try rejectUnknownKeys(object, allowed: ["schema", "launchGraceDays", "fallbackCategory", "categories", "swift"], path: "", file: file)
        guard let schemaValue = object["schema"] else {
            throw fail("schema", "is required; write \"schema\": \(currentSchema)")
        }
        guard case .number(let schemaText) = schemaValue, let schema = Int(schemaText), schema >= 1 else {
            throw fail("schema", "must be a whole number of 1 or more, found \(describe(schemaValue))")
        }
        guard schema <= currentSchema else {
            throw fail("schema", "\(schema) is newer than this toggles understands (\(currentSchema)); upgrade toggles")
        }
        var policy = StalePolicy.standard
        if let value = object["launchGraceDays"] {
            policy.launchGraceDays = try days(value, field: "launchGraceDays", minimum: 0, file: file)
        }
        if let value = object["categories"] {
            guard case .object(let categories) = value else {
                throw fail("categories", "must be an object of category names, found \(describe(value))")
            }
            for member in categories.members {
                let field = "categories.\(member.key)"
                if let problem = Lifecycle.categoryProblem(member.key) { throw fail(field, problem) }
                guard case .object(let rule) = member.value else {
                    throw fail(field, "must be an object such as {\"lifetimeDays\": 30}, found \(describe(member.value))")
                }
                try rejectUnknownKeys(rule, allowed: ["lifetimeDays", "maxExtensions", "maxLifetimeDays", "require"], path: field + ".", file: file)
                if let lifetime = rule["lifetimeDays"] {
                    policy.lifetimes[member.key] =
                        lifetime == .null
                        ? .permanent
                        : .days(try days(lifetime, field: field + ".lifetimeDays", minimum: 1, orNull: true, file: file))
                } else if !policy.defines(member.key) {
                    throw fail(field + ".lifetimeDays", "is required for a category the standard policy does not define: a number of days, or null for a permanent category")
                }
                if let value = rule["require"] {
                    policy.requiredFields[member.key] = try requiredFields(value, field: field + ".require", file: file)
                }
                let limits = try extensionLimits(rule, field: field, lifetime: policy.lifetimes[member.key]!, file: file)
                policy.extensionLimits[member.key] = limits.isEmpty ? nil : limits
            }
        }
        if let value = object["fallbackCategory"] {
            guard case .string(let category) = value else {
                throw fail("fallbackCategory", "must be a category name such as \"release\", found \(describe(value))")
            }
            guard policy.defines(category) else {
                throw fail("fallbackCategory", "\(JSONWriter.quoted(category)) is not a category of the policy (\(policy.categories.joined(separator: ", ")))")
            }
            policy.fallbackCategory = category
        }
        return policy
    }

    /// A category's `maxExtensions` and `maxLifetimeDays`. The lifetime with extensions must
    /// be longer than the lifetime (a toggle with no date would be over-extended before it is
    /// over-lifetime), and a permanent category has no lifetime to extend.
    private static func extensionLimits(_ rule: JSONObject, field: String, lifetime: Lifetime, file: String) throws(PolicyError) -> ExtensionLimits {
        var limits = ExtensionLimits()
        if let value = rule["maxExtensions"] {
            guard case .number(let text) = value, let count = Int(text), count >= 0, count <= 1000 else {
                throw PolicyError(file: file, field: field + ".maxExtensions", message: "must be a whole number of extensions from 0 to 1000, found \(describe(value))")
            }
            limits.maxExtensions = count
        }
        if let value = rule["maxLifetimeDays"] {
            let maximum = try days(value, field: field + ".maxLifetimeDays", minimum: 1, file: file)
            guard let days = lifetime.days else {
                throw PolicyError(
                    file: file, field: field + ".maxLifetimeDays",
                    message: "a permanent category (lifetimeDays null) has no lifetime to extend; remove maxLifetimeDays or give the category a lifetimeDays")
            }
            guard maximum > days else {
                throw PolicyError(
                    file: file, field: field + ".maxLifetimeDays",
                    message: "must be longer than the category's lifetimeDays (\(days)): it is the lifetime with extensions included, found number \(maximum)")
            }
            limits.maxLifetimeDays = maximum
        }
        return limits
    }

    /// A category's `require`: distinct names from ``StalePolicy/requirableFields``.
    private static func requiredFields(_ value: JSONValue, field: String, file: String) throws(PolicyError) -> [String] {
        let expected = "an array of fields a new toggle must declare, from \(StalePolicy.requirableFields.joined(separator: ", "))"
        guard case .array(let elements) = value else {
            throw PolicyError(file: file, field: field, message: "must be \(expected), found \(describe(value))")
        }
        var fields: [String] = []
        for element in elements {
            guard case .string(let name) = element, StalePolicy.requirableFields.contains(name), !fields.contains(name) else {
                throw PolicyError(file: file, field: field, message: "must be \(expected), each once; found \(describe(element))")
            }
            fields.append(name)
        }
        return fields
    }

    private static func days(
        _ value: JSONValue, field: String, minimum: Int, orNull: Bool = false, file: String
    ) throws(PolicyError) -> Int {
        let expected = "a whole number of days, \(minimum) or more\(orNull ? ", or null for permanent" : "")"
        guard case .number(let text) = value, let count = Int(text) else {
            throw PolicyError(file: file, field: field, message: "must be \(expected), found \(describe(value))")
        }
        guard count >= minimum else {
            throw PolicyError(file: file, field: field, message: "must be \(expected), found number \(count)")
        }
        guard count <= 36_500 else {
            throw PolicyError(file: file, field: field, message: "must be at most 36500 days (100 years), found number \(count)")
        }
        return count
    }

    private static func rejectUnknownKeys(_ object: JSONObject, allowed: [String], path: String, file: String) throws(PolicyError) {
        for key in object.keys where !allowed.contains(key) {
            throw PolicyError(
                file: file, field: path + key,
                message: "is not a policy setting; expected \(allowed.map { path + $0 }.joined(separator: ", "))")
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .number, .bool: "\(value.typeName) \(JSONWriter.string(value))"
        case .string(let text): "string \(JSONWriter.quoted(text))"
        default: value.typeName
        }
    }

    /// 1-based line and column (in bytes) of a byte offset.
    package static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}

/// Why a policy file was rejected. The description names the file and the field:
/// `events/policy.json: categories.release.lifetimeDays: must be a whole number …`.
public struct PolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, possibly with `:line:column` for a JSON syntax error.
    public var file: String
    /// The line of the setting at fault, when known (shown as `file:line`).
    public var line: Int?
    /// The field path, such as `categories.release.lifetimeDays`; nil for the whole file.
    public var field: String?
    public var message: String

    public init(file: String, field: String?, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): " + (field.map { "\($0): " } ?? "") + message
    }
}
