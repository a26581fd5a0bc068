import LedgerPlatform
import LedgerModel
import LedgerStore
/// The rules that decide when a toggle is stale: category lifetimes and the grace period
/// after launch. Load one from the log's `policy.json` with ``PolicyFile``, or use ``standard``.
///
/// ```swift
/// for reason in policy.evaluate(toggle, now: now) {
///     print("@available(*, deprecated, message: \"\(reason.message)\")")
/// }
/// ```
public struct StalePolicy: Sendable, Hashable {
    /// The expected lifetime of each category.
    package var lifetimes: [String: Lifetime]
    /// How long a launched toggle may stay before it is stale, in days.
    public var launchGraceDays: Int
    /// The category whose rules apply to a toggle whose category the policy does not define.
    public var fallbackCategory: String

    /// How far each category's toggles may be extended (`maxExtensions`, `maxLifetimeDays`);
    /// a category not listed has no limit. None by default.
    package var extensionLimits: [String: ExtensionLimits]

    /// The fields a new toggle of each category must declare (`"require": ["owner"]`), in
    /// ``requirableFields``; a category not listed requires none. None by default.
    public var requiredFields: [String: [String]] = [:]

    /// What a policy may require of a new toggle: the `created` fields that are optional.
    public static let requirableFields = ["owner", "expires", "description"]

    package init(lifetimes: [String: Lifetime], launchGraceDays: Int, fallbackCategory: String, extensionLimits: [String: ExtensionLimits] = [:]) {
        self.lifetimes = lifetimes
        self.launchGraceDays = launchGraceDays
        self.fallbackCategory = fallbackCategory
        self.extensionLimits = extensionLimits
    }

    /// The defaults, after the "Feature Toggles" article and Unleash: release 30 days,
    /// experiment 40, ops 90; permission, kill-switch and remote-config permanent; 14 days of
    /// grace after launch; unknown categories follow `release`.
    public static let standard = StalePolicy(
        lifetimes: [
            "release": .days(30), "experiment": .days(40), "ops": .days(90),
            "permission": .permanent, "kill-switch": .permanent, "remote-config": .permanent,
        ],
        launchGraceDays: 14, fallbackCategory: "release")

    /// The categories the policy defines, sorted.
    public var categories: [String] { lifetimes.keys.sorted() }

    /// Whether the policy defines `category` (otherwise ``fallbackCategory`` applies).
    public func defines(_ category: String) -> Bool { lifetimes[category] != nil }

    /// The fields of ``requirableFields`` that `definition` lacks and its category (or the
    /// fallback's, when the policy does not define it) requires, in the policy's order.
    public func missingFields(of definition: ToggleDefinition) -> [String] {
        let required = (lifetimes[definition.category] != nil ? requiredFields[definition.category] : requiredFields[fallbackCategory]) ?? []
        // Blanks declare nothing: `--owner ' '` does not name an owner.
        func blank(_ text: String?) -> Bool { text?.allSatisfy(\.isWhitespace) ?? true }
        return required.filter { field in
            switch field {
            case "owner": blank(definition.owner)
            case "expires": definition.expires == nil
            case "description": blank(definition.description)
            default: false
            }
        }
    }

    /// The lifetime that applies to `category` in days, nil when permanent.
    public func lifetime(of category: String) -> Int? {
        (lifetimes[category] ?? lifetimes[fallbackCategory])?.days
    }

    /// The extension limits that apply to `category` (its own, or the fallback's when the
    /// policy does not define it), nil when unlimited.
    package func extensionLimits(of category: String) -> ExtensionLimits? {
        lifetimes[category] != nil ? extensionLimits[category] : extensionLimits[fallbackCategory]
    }

    /// Why `toggle` is stale at `now`, in code order (expired, over-lifetime, launched, over-extended);
    /// empty when it is not stale. Removed toggles are never stale.
    ///
    /// - `expired`: the toggle has an expiry date and `now` is on or after the start of that
    ///   day (UTC). This applies to every category, permanent ones included.
    /// - `over-lifetime`: the toggle has no expiry date (an expiry date is the toggle's own
    ///   deadline and replaces the category lifetime, so extending it snoozes this reason), its
    ///   category has a lifetime, and it was created longer ago than that.
    /// - `launched`: its category has a lifetime and it has been ``ToggleStage/launched`` for
    ///   longer than ``launchGraceDays``. Permanent kinds (a kill switch, a permission) are
    ///   meant to stay on and are never stale for being launched.
    /// - `over-extended`: its category has ``ExtensionLimits`` and the toggle is past them,
    ///   whatever its expiry date says (see ``ExtensionLimits``).
    public func evaluate(_ toggle: ToggleState, now: Timestamp) -> [StaleReason] {
        let category = toggle.definition.category
        return evaluate(toggle, now: now, lifetime: lifetime(of: category), limits: extensionLimits(of: category))
    }

    /// ``evaluate(_:now:)`` with the toggle's ``lifetime(of:)`` and ``extensionLimits(of:)``
    /// already looked up.
    package func evaluate(_ toggle: ToggleState, now: Timestamp, lifetime: Int?, limits: ExtensionLimits? = nil) -> [StaleReason] {
        guard toggle.isLive else { return [] }
        return evaluate(
            expires: toggle.definition.expires, createdAt: toggle.createdAt, stage: toggle.stage,
            stageSince: toggle.stageSince, extensions: toggle.extensions, category: toggle.definition.category,
            owner: toggle.definition.owner, now: now, lifetime: lifetime, limits: limits)
    }

    /// ``evaluate(_:now:)`` of a live toggle, from the fields it reads (a report judging
    /// thousands of toggles passes these rather than copying each state).
    package func evaluate(
        expires: CalendarDate?, createdAt: Timestamp, stage: ToggleStage, stageSince: Timestamp, extensions: ExtensionTally = ExtensionTally(),
        category: @autoclosure () -> String, owner: @autoclosure () -> String?, now: Timestamp, lifetime: Int?,
        limits: ExtensionLimits? = nil
    ) -> [StaleReason] {
        var reasons: [StaleReason] = []
        // Compared as days: an expiry such as 9999-12-31 starts after the last instant
        // nanoseconds can count, and its midnight is only needed once it has passed.
        if let expires, now.date >= expires {
            reasons.append(
                StaleReason(
                    code: .expired, days: Int(now.date.daysSince1970 - expires.daysSince1970), since: expires.startOfDay,
                    expires: expires, category: category(), owner: owner()))
        }
        // A limit of `limitDays` that ended at `deadline`; the days are counted from `since`.
        func passed(_ code: StaleReason.Code, deadline: Timestamp, since: Timestamp, limitDays: Int) {
            guard now > deadline else { return }
            reasons.append(
                StaleReason(
                    code: code, days: Self.wholeDays(from: since, to: now), since: since, limitDays: limitDays, category: category(),
                    owner: owner()))
        }
        if expires == nil, let lifetime {
            let deadline = createdAt.adding(days: lifetime)
            passed(.overLifetime, deadline: deadline, since: deadline, limitDays: lifetime)
        }
        if lifetime != nil, stage == .launched {
            passed(.launched, deadline: stageSince.adding(days: launchGraceDays), since: stageSince, limitDays: launchGraceDays)
        }
        if let limits,
            let reason = limits.overExtended(
                expires: expires, createdAt: createdAt, extensions: extensions, now: now, category: category(), owner: owner())
        {
            reasons.append(reason)
        }
        return reasons
    }

    /// `retire-remote`: `toggle` was removed from the code in an app version (`toggles remove
    /// --app-version`), its remote parameter is still served, and since some instant before
    /// `now` no supported version (``SupportedVersions``) is older than that version, so none
    /// reads it. Whatever the category: deleting the parameter is always due then.
    package func retirement(of toggle: ToggleState, supported: SupportedVersions, now: Timestamp) -> StaleReason? {
        guard let due = toggle.retirementDue(supported), due <= now else { return nil }
        return StaleReason(
            code: .retireRemote, days: Self.wholeDays(from: due, to: now), since: due, category: toggle.definition.category,
            owner: toggle.definition.owner, toggle: toggle.name, appVersion: toggle.removedInAppVersion)
    }

    /// Whole days from `start` to `end`, rounded down (0 when `end` is not later).
    public static func wholeDays(from start: Timestamp, to end: Timestamp) -> Int {
        let seconds = end.secondsSince1970 - start.secondsSince1970
        return seconds <= 0 ? 0 : Int(seconds / 86_400)
    }
}

/// How long toggles of a category are expected to live.
package enum Lifetime: Sendable, Hashable {
    /// Temporary: stale once older than this many days, or launched past the grace period.
    case days(Int)
    /// Meant to stay (a kill switch, a permission): never stale for age or for being
    /// launched; only the toggle's own expiry date applies.
    case permanent

    /// The number of days, nil when permanent.
    public var days: Int? {
        if case .days(let count) = self { return count }
        return nil
    }
}

extension StalePolicy {
    /// The first instant at which a live toggle in this state is stale, if no further event
    /// changes it: the earliest deadline among ``evaluate(_:now:)``'s reasons; nil when it
    /// never will be. `evaluate` at any `now` is non-empty exactly when `now >= staleSince`,
    /// so a replay can follow a toggle's debt without judging it at every instant.
    package func staleSince(
        expires: CalendarDate?, createdAt: Timestamp, stage: ToggleStage, stageSince: Timestamp, lifetime: Int?
    ) -> Timestamp? {
        var earliest: Timestamp?
        func consider(_ instant: Timestamp?) {
            guard let instant else { return }
            if earliest.map({ instant < $0 }) ?? true { earliest = instant }
        }
        // `expired` from the start of the expiry date (UTC) on, that instant included.
        if let expires {
            let start = expires.startOfDay
            consider(start == .latest ? nil : start)
        }
        // `over-lifetime` and `launched` once the deadline has passed: the next nanosecond.
        if expires == nil, let lifetime { consider(Self.justAfter(createdAt.adding(days: lifetime))) }
        if lifetime != nil, stage == .launched { consider(Self.justAfter(stageSince.adding(days: launchGraceDays))) }
        return earliest
    }

    /// The earlier of two deadlines, either of which may be absent.
    package static func earlier(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// The nanosecond after `instant`; nil for ``Timestamp/latest``, which nothing is after.
    static func justAfter(_ instant: Timestamp) -> Timestamp? {
        instant == .latest ? nil : Timestamp(nanoseconds: instant.nanoseconds + 1)
    }
}

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
