import LedgerPlatform
import LedgerModel
import LedgerStore
/// The live toggles at an instant (and those removed from the code but still served to older
/// app versions), each judged by a ``StalePolicy``: what `toggles report`
/// and `toggles check` print, in every format.
public struct StaleReport: Sendable {
    /// One live toggle and its verdict.
    public struct Entry: Sendable {
        public var toggle: ToggleState
        /// Why it is stale, in code order; empty when it is not.
        public var reasons: [StaleReason]
        /// Whole days since creation.
        public var ageDays: Int
        /// Whole days since it entered its current stage.
        public var stageDays: Int
        /// The lifetime that applies (its category's, or the fallback's), nil when permanent.
        public var lifetimeDays: Int?
        /// False when the policy does not define the toggle's category (the fallback applies).
        public var categoryIsKnown: Bool
        /// The log line of the toggle's `created` event, when known (SARIF locations).
        public var declaredAt: LineLocation?

        public var isStale: Bool { !reasons.isEmpty }
        public var name: String { toggle.name }
        /// The minimum supported version's conflict (toggle `_app`): listed and gated on like a
        /// toggle's, but no toggle, so outside the live, stale and health counts.
        @inlinable public var isLogWide: Bool { toggle.name == Event.appToggle }
        public var owner: String? { toggle.definition.owner }
        /// Stale for a reason its code should go for: a conflict alone is settled by `toggles
        /// resolve`, so it gets no removal plan, cleanup hint or "then remove".
        public var callsForRemoval: Bool { reasons.contains { $0.code != .conflict } }
    }

    /// Counts over the live toggles.
    public struct Summary: Sendable, Hashable {
        public var live: Int
        public var stale: Int
        public var launched: Int
        /// Removed from the code, still served to older app versions (``ToggleState/awaitsRetirement``);
        /// not counted in ``live``, and stale (`retire-remote`) once no supported version reads them.
        public var awaitingRetirement = 0

        /// The toggles the report judges, the divisor of ``health``: the live ones and those
        /// waiting for retirement (their remote parameter still served, so still debt).
        public var inUse: Int { live + awaitingRetirement }

        /// 100 − the percentage of toggles in use (``inUse``) that are stale, rounded, after
        /// Unleash's project health; 100 when there are none. The one health figure: every
        /// format prints this number next to this divisor (docs/policy.md).
        public var health: Int {
            guard inUse > 0 else { return 100 }
            return 100 - Int((Double(stale) * 100 / Double(inUse)).rounded())
        }

        /// The stale share over the same toggles as ``health``: `2 of 6 live toggles are stale`,
        /// or, when some wait for retirement, `2 of 7 toggles in use are stale (6 live, 1
        /// waiting for retirement)`.
        public var staleShare: String {
            let verb = stale == 1 ? "is" : "are"
            guard awaitingRetirement > 0 else { return "\(stale) of \(live) live toggles \(verb) stale" }
            return "\(stale) of \(inUse) toggles in use \(verb) stale (\(live) live, \(awaitingRetirement) waiting for retirement)"
        }
    }

    public var asOf: Timestamp
    public var policy: StalePolicy
    /// Stale toggles first, then the others; by name within each group.
    public var entries: [Entry]
    /// What a scan of the code found (`--scan`): removed-but-referenced and untracked
    /// toggles, by toggle; nil when the code was not scanned.
    package var codeFindings: [CodeFinding]?
    /// Every code site of each toggle, by toggle (`--scan`): a stale toggle's report lists
    /// them with its ``RemovalPlan``; nil when the code was not scanned.
    public var codeReferences: [String: [CodeReference]]?

    /// The stale live toggles the code still declares or uses, with their sites (`--scan`): the
    /// removal plans (``Entry/callsForRemoval``).
    public var staleInTheCode: [(entry: Entry, references: [CodeReference])] {
        guard let codeReferences else { return [] }
        return entries.compactMap { entry in
            guard entry.callsForRemoval, let references = codeReferences[entry.name], !references.isEmpty else { return nil }
            return (entry, references)
        }
    }

    /// Judges the live toggles among `toggles` at `now`.
    /// - Parameter declaredAt: where each toggle's `created` event is in the log, by name.
    public init(
        toggles: [ToggleState], policy: StalePolicy, now: Timestamp, declaredAt: [String: LineLocation] = [:],
        supportedVersions: SupportedVersions = SupportedVersions()
    ) {
        // Sorting positions, not the (large) states themselves.
        let order = toggles.indices.sorted { utf8Precedes(toggles[$0].name, toggles[$1].name) }
        let sorted = order.map { toggles[$0] }
        self.init(sorted: sorted, policy: policy, now: now, supportedVersions: supportedVersions) { position in
            declaredAt.isEmpty ? nil : declaredAt[sorted[position].name]
        }
    }

    /// Judges the live toggles among `sortedToggles`, which are sorted by name as
    /// ``ReplaySnapshot/toggles`` are, at `now`.
    /// - Parameter declaredAt: where each toggle's `created` event is in the log, by position
    ///   in `sortedToggles` (``ReplaySnapshot/creationSites``); empty when unknown.
    public init(
        sortedToggles: [ToggleState], declaredAt: [LineLocation?] = [], policy: StalePolicy, now: Timestamp,
        supportedVersions: SupportedVersions = SupportedVersions()
    ) {
        let known = declaredAt.count == sortedToggles.count
        self.init(sorted: sortedToggles, policy: policy, now: now, supportedVersions: supportedVersions) { position in
            known ? declaredAt[position] : nil
        }
    }

    /// Judges the toggles of `sorted` (in name order): stale ones first, the others after
    /// them, each group keeping the name order.
    private init(
        sorted toggles: [ToggleState], policy: StalePolicy, now: Timestamp, supportedVersions: SupportedVersions,
        declaredAt: (Int) -> LineLocation?
    ) {
        asOf = now
        self.policy = policy
        // First the verdicts, reading each state in place (through the buffer: no copy);
        // then the entries, copying each live state once.
        var rules = CategoryRules(policy)
        var verdicts: [(position: Int, reasons: [StaleReason], lifetime: Int?, isKnown: Bool)] = []
        verdicts.reserveCapacity(toggles.count)
        let entries = toggles.withUnsafeBufferPointer { toggles in
            for position in toggles.indices {
                guard toggles[position].removedAt == nil else {
                    // Removed from the code, still served to older versions: judged only on
                    // whether a supported version still reads it.
                    guard toggles[position].awaitsRetirement else { continue }
                    let rule = rules[toggles[position].definition.category]
                    let reason = policy.retirement(of: toggles[position], supported: supportedVersions, now: now)
                    verdicts.append((position, reason.map { [$0] } ?? [], rule.lifetime, rule.isKnown))
                    continue
                }
                let rule = rules[toggles[position].definition.category]
                let reasons = policy.evaluate(
                    expires: toggles[position].definition.expires, createdAt: toggles[position].createdAt,
                    stage: toggles[position].stage, stageSince: toggles[position].stageSince,
                    extensions: toggles[position].extensions,
                    category: toggles[position].definition.category, owner: toggles[position].definition.owner,
                    now: now, lifetime: rule.lifetime, limits: rule.limits)
                verdicts.append((position, reasons, rule.lifetime, rule.isKnown))
            }
            var entries: [Entry] = []
            entries.reserveCapacity(verdicts.count)
            for stale in [true, false] {
                for verdict in verdicts where verdict.reasons.isEmpty != stale {
                    entries.append(
                        Entry(
                            toggle: toggles[verdict.position], reasons: verdict.reasons,
                            ageDays: StalePolicy.wholeDays(from: toggles[verdict.position].createdAt, to: now),
                            stageDays: StalePolicy.wholeDays(from: toggles[verdict.position].stageSince, to: now),
                            lifetimeDays: verdict.lifetime, categoryIsKnown: verdict.isKnown, declaredAt: declaredAt(verdict.position)))
                }
            }
            return entries
        }
        self.entries = entries
    }

    public var summary: Summary {
        var stale = 0
        var launched = 0
        var awaiting = 0
        // A conflict of the log-wide events is listed (and gated on), but it is no toggle.
        var logWide = 0
        for index in entries.indices {
            // The name read in place: a call of `isLogWide` here copied every entry (+1.3% of `check`).
            if entries[index].name == Event.appToggle {
                logWide += 1
                continue
            }
            if !entries[index].reasons.isEmpty { stale += 1 }
            if entries[index].toggle.stage == .launched { launched += 1 }
            if entries[index].toggle.removedAt != nil { awaiting += 1 }
        }
        return Summary(live: entries.count - awaiting - logWide, stale: stale, launched: launched, awaitingRetirement: awaiting)
    }

    /// The categories of live toggles that the policy does not define, sorted.
    public var unknownCategories: [String] {
        var categories = Set<String>()
        for index in entries.indices where !entries[index].categoryIsKnown {
            categories.insert(entries[index].toggle.definition.category)
        }
        return categories.sorted()
    }
}

/// What `toggles check` fails on: which reasons count and how many stale toggles to tolerate.
public struct StaleGate: Sendable, Hashable {
    /// Only reasons with these codes make a toggle count as stale.
    public var failOn: Set<StaleReason.Code>
    /// The build fails when more than this many toggles count as stale.
    public var maximumStale: Int

    public init(failOn: Set<StaleReason.Code> = Set(StaleReason.Code.policyCodes), maximumStale: Int = 0) {
        self.failOn = failOn
        self.maximumStale = maximumStale
    }

    /// The verdict on a report.
    public struct Verdict: Sendable {
        public var gate: StaleGate
        /// The report's entries, shared with it (not copied): ``counted`` and ``ignored``
        /// are positions in them.
        private var entries: [StaleReport.Entry]
        package private(set) var countedPositions: [Int]
        private var ignoredPositions: [Int]
        /// Code findings (`--scan`) whose reason is in ``StaleGate/failOn``, and the others.
        package var countedFindings: [CodeFinding] = []
        package var ignoredFindings: [CodeFinding] = []

        package init(
            gate: StaleGate, entries: [StaleReport.Entry], countedPositions: [Int], ignoredPositions: [Int],
            countedFindings: [CodeFinding], ignoredFindings: [CodeFinding]
        ) {
            self.gate = gate
            self.entries = entries
            self.countedPositions = countedPositions
            self.ignoredPositions = ignoredPositions
            self.countedFindings = countedFindings
            self.ignoredFindings = ignoredFindings
            for position in countedPositions where entries[position].name == Event.appToggle { countedLogWide += 1 }
        }

        /// The stale toggles that count, in report order.
        public var counted: [StaleReport.Entry] {
            get { countedPositions.map { entries[$0] } }
            set { replace(counted: newValue, ignored: ignored) }
        }

        /// Stale toggles whose every reason is outside ``StaleGate/failOn``.
        public var ignored: [StaleReport.Entry] {
            get { ignoredPositions.map { entries[$0] } }
            set { replace(counted: counted, ignored: newValue) }
        }

        private mutating func replace(counted: [StaleReport.Entry], ignored: [StaleReport.Entry]) {
            entries = counted + ignored
            countedPositions = Array(0..<counted.count)
            ignoredPositions = Array(counted.count..<entries.count)
            countedLogWide = counted.reduce(0) { $0 + ($1.name == Event.appToggle ? 1 : 0) }
        }

        /// The entries ``countedPositions`` point into.
        package var countedSource: [StaleReport.Entry] { entries }

        /// How many stale toggles count.
        public var countedCount: Int { countedPositions.count }
        /// Stale toggles and code findings that count.
        public var countedTotal: Int { countedPositions.count + countedFindings.count }
        /// Counted entries that are the minimum supported version's conflict, not toggles
        /// (``StaleReport/Entry/isLogWide``): in ``countedTotal``, named apart in the verdict.
        /// Counted while the verdict is made, not by reading the entries again.
        public private(set) var countedLogWide = 0
        public var passed: Bool { countedTotal <= gate.maximumStale }
    }

    public func verdict(on report: StaleReport) -> Verdict {
        var counted: [Int] = []
        var ignored: [Int] = []
        let counts = StaleReason.Code.allCases.map { failOn.contains($0) }
        for index in report.entries.indices where !report.entries[index].reasons.isEmpty {
            if report.entries[index].reasons.contains(where: { counts[$0.code.position] }) {
                counted.append(index)
            } else {
                ignored.append(index)
            }
        }
        let findings = report.codeFindings ?? []
        return Verdict(
            gate: self, entries: report.entries, countedPositions: counted, ignoredPositions: ignored,
            countedFindings: findings.filter { failOn.contains($0.code) },
            ignoredFindings: findings.filter { !failOn.contains($0.code) })
    }

    /// The codes in ``failOn``, in code order.
    public var failOnCodes: [StaleReason.Code] { failOn.sorted() }
}

/// A policy's rules for the categories met so far: toggles share a handful of categories, so
/// each is looked up in the policy once.
struct CategoryRules {
    package let policy: StalePolicy
    private var known: [(category: String, lifetime: Int?, isKnown: Bool, limits: ExtensionLimits?)] = []

    init(_ policy: StalePolicy) {
        self.policy = policy
    }

    subscript(category: String) -> (lifetime: Int?, isKnown: Bool, limits: ExtensionLimits?) {
        mutating get {
            let length = category.utf8.count
            for rule in known where rule.category.utf8.count == length && rule.category == category {
                return (rule.lifetime, rule.isKnown, rule.limits)
            }
            let rule = (category, policy.lifetime(of: category), policy.defines(category), policy.extensionLimits(of: category))
            if known.count < 64 { known.append(rule) }
            return (rule.1, rule.2, rule.3)
        }
    }
}

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
