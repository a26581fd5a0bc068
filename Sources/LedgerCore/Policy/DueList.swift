import LedgerPlatform
import LedgerModel
import LedgerStore
/// What comes due within a window: the live toggles that `report` and `check` will call
/// `expired`, `over-lifetime` or `over-extended` (by the category's `maxLifetimeDays`) by the
/// end of it, and those that already are, grouped by owner and soonest first. What `toggles
/// due` prints, in every format.
///
/// There is one rule, the ``StalePolicy``'s: a toggle is due within the window exactly when
/// the policy, judging it at the window's end, finds it so; a toggle with two such deadlines
/// (an expiry date and the lifetime with extensions) is listed at the sooner.
/// `launched` is not a deadline (it follows a rollout, not a date) and is left to the report.
package struct DueList: Sendable {
    /// Who a group of toggles belongs to.
    public enum Owner: Sendable, Hashable {
        /// The toggle's own `owner`, from the log.
        case declared(String)
        /// The toggle has no owner; the code owners of the file that declares it (`--scan`).
        case codeOwners(CodeOwnersMatch)
        /// Neither the log nor a CODEOWNERS rule names anyone.
        case unowned

        /// The owner as one line: the log's text, or the CODEOWNERS owners separated by spaces.
        public var name: String? {
            switch self {
            case .declared(let owner): owner
            case .codeOwners(let match): match.owners.joined(separator: " ")
            case .unowned: nil
            }
        }
    }

    /// The CODEOWNERS rule that owns the file declaring a toggle.
    public struct CodeOwnersMatch: Sendable, Hashable {
        /// `@user`, `@org/team` or e-mail addresses, as the rule lists them.
        public var owners: [String]
        /// The CODEOWNERS file and the line of the rule.
        public var rule: LineLocation
        /// The Swift file that declares the toggle, relative to the repository root.
        public var declaredIn: String

        public init(owners: [String], rule: LineLocation, declaredIn: String) {
            self.owners = owners
            self.rule = rule
            self.declaredIn = declaredIn
        }
    }

    /// One toggle and its deadline.
    public struct Item: Sendable {
        public var entry: StaleReport.Entry
        /// `expired` (its expiry date), `over-lifetime` (its category lifetime) or
        /// `over-extended` (its category's lifetime with extensions, `maxLifetimeDays`).
        public var code: StaleReason.Code
        /// The calendar day (UTC) it comes due: the expiry date, or the day its lifetime ends.
        public var dueDate: CalendarDate
        /// The instant it comes due: the start of the expiry date (nil when that lies past
        /// ``Timestamp/latest``), or the end of the lifetime.
        public var dueAt: Timestamp?
        /// The limit in days that runs out: the category lifetime, or its lifetime with
        /// extensions; nil for an expiry date.
        public var limitDays: Int?
        /// Already past its deadline at ``DueList/asOf``.
        public var isOverdue: Bool
        /// Overdue: the report's figure, whole days over. Otherwise the calendar days (UTC)
        /// from ``DueList/asOf`` to ``dueDate``.
        public var days: Int

        public var name: String { entry.name }
    }

    /// The toggles of one owner, soonest first.
    public struct Group: Sendable {
        public var owner: Owner
        public var items: [Item]
    }

    public var asOf: Timestamp
    /// The window, in days after ``asOf``.
    public var windowDays: Int
    /// The end of the window: ``asOf`` plus ``windowDays`` (saturating at ``Timestamp/latest``).
    public var horizon: Timestamp
    /// Groups by owner, the group with the soonest deadline first; unowned toggles last.
    public var groups: [Group]

    /// The due toggles of `report` within `windowDays` after its ``StaleReport/asOf``.
    /// - Parameter fallbackOwners: by toggle name, the CODEOWNERS owner of the file declaring
    ///   it, used when the toggle has no owner of its own.
    public init(report: StaleReport, windowDays: Int, fallbackOwners: [String: CodeOwnersMatch] = [:]) {
        asOf = report.asOf
        self.windowDays = windowDays
        horizon = report.asOf.adding(days: windowDays)
        var items: [Item] = []
        for entry in report.entries {
            if let item = Self.item(entry, policy: report.policy, now: report.asOf, horizon: horizon) { items.append(item) }
        }
        items.sort(by: Self.sooner)
        var byOwner: [Owner: [Item]] = [:]
        var order: [Owner] = []
        for item in items {
            let owner: Owner =
                if let declared = item.entry.owner {
                    .declared(declared)
                } else if let match = fallbackOwners[item.name] {
                    .codeOwners(match)
                } else {
                    .unowned
                }
            if byOwner[owner] == nil { order.append(owner) }
            byOwner[owner, default: []].append(item)
        }
        // Items are sorted, so groups come in the order of their soonest item; unowned last.
        order = order.filter { $0 != .unowned } + order.filter { $0 == .unowned }
        groups = order.map { Group(owner: $0, items: byOwner[$0] ?? []) }
    }

    /// Every item, group by group.
    public var items: [Item] { groups.flatMap(\.items) }
    public var count: Int { groups.reduce(0) { $0 + $1.items.count } }
    public var overdueCount: Int { groups.reduce(0) { $0 + $1.items.count(where: \.isOverdue) } }

    /// The deadline of `entry`: the earliest it is already past (the report's reasons at
    /// `now`), else the soonest the policy finds past at `horizon`. Due reasons are `expired`,
    /// `over-lifetime` and `over-extended` (by the count of extensions, which is past as soon as
    /// it happens, or by the category's `maxLifetimeDays`).
    private static func item(_ entry: StaleReport.Entry, policy: StalePolicy, now: Timestamp, horizon: Timestamp) -> Item? {
        let dueCodes: Set<StaleReason.Code> = [.expired, .overLifetime, .overExtended]
        let past = entry.reasons.filter { dueCodes.contains($0.code) }
        let reason: StaleReason
        let overdue: StaleReason?
        if let earliest = past.min(by: { dueDate(of: $0) < dueDate(of: $1) }) {
            reason = earliest
            overdue = earliest
        } else {
            let limits = policy.extensionLimits(of: entry.toggle.definition.category)
            let atHorizon = policy.evaluate(entry.toggle, now: horizon, lifetime: entry.lifetimeDays, limits: limits)
            guard let soonest = atHorizon.filter({ dueCodes.contains($0.code) }).min(by: { dueDate(of: $0) < dueDate(of: $1) }) else { return nil }
            reason = soonest
            overdue = nil
        }
        let day = dueDate(of: reason)
        let dueAt = reason.code == .expired ? day.exactStartOfDay : reason.since
        // Too many extensions counts no days over a limit; show how long ago it happened.
        let days =
            overdue.map { $0.code == .overExtended && $0.limitDays == nil ? StalePolicy.wholeDays(from: $0.since, to: now) : $0.days }
            ?? Int(day.daysSince1970 - now.date.daysSince1970)
        return Item(entry: entry, code: reason.code, dueDate: day, dueAt: dueAt, limitDays: reason.limitDays, isOverdue: overdue != nil, days: days)
    }

    /// The day a dated reason starts: the expiry date, or the day its limit ran out.
    private static func dueDate(of reason: StaleReason) -> CalendarDate {
        reason.code == .expired ? (reason.expires ?? reason.since.date) : reason.since.date
    }

    /// Soonest first: by the due day, then the instant, then the name.
    private static func sooner(_ a: Item, _ b: Item) -> Bool {
        if a.dueDate != b.dueDate { return a.dueDate < b.dueDate }
        let left = a.dueAt ?? .latest
        let right = b.dueAt ?? .latest
        if left != right { return left < right }
        return utf8Precedes(a.name, b.name)
    }
}
