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
