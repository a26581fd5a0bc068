/// The live toggles at an instant, each judged by a ``StalePolicy``: what `toggles report`
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
        public var owner: String? { toggle.definition.owner }
    }

    /// Counts over the live toggles.
    public struct Summary: Sendable, Hashable {
        public var live: Int
        public var stale: Int
        public var launched: Int

        /// 100 − the percentage of live toggles that are stale, rounded, after Unleash's
        /// project health; 100 when there are no live toggles.
        public var health: Int {
            guard live > 0 else { return 100 }
            return 100 - Int((Double(stale) * 100 / Double(live)).rounded())
        }
    }

    public var asOf: Timestamp
    public var policy: StalePolicy
    /// Stale toggles first, then the others; by name within each group.
    public var entries: [Entry]
    /// What a scan of the code found (`--scan`): removed-but-referenced and untracked
    /// toggles, by toggle; nil when the code was not scanned.
    public var codeFindings: [CodeFinding]?

    /// Judges the live toggles among `toggles` at `now`.
    /// - Parameter declaredAt: where each toggle's `created` event is in the log, by name.
    public init(toggles: [ToggleState], policy: StalePolicy, now: Timestamp, declaredAt: [String: LineLocation] = [:]) {
        // Sorting positions, not the (large) states themselves.
        let order = toggles.indices.sorted { utf8Precedes(toggles[$0].name, toggles[$1].name) }
        let sorted = order.map { toggles[$0] }
        self.init(sorted: sorted, policy: policy, now: now) { position in
            declaredAt.isEmpty ? nil : declaredAt[sorted[position].name]
        }
    }

    /// Judges the live toggles among `sortedToggles`, which are sorted by name as
    /// ``ReplaySnapshot/toggles`` are, at `now`.
    /// - Parameter declaredAt: where each toggle's `created` event is in the log, by position
    ///   in `sortedToggles` (``ReplaySnapshot/creationSites``); empty when unknown.
    public init(sortedToggles: [ToggleState], declaredAt: [LineLocation?] = [], policy: StalePolicy, now: Timestamp) {
        let known = declaredAt.count == sortedToggles.count
        self.init(sorted: sortedToggles, policy: policy, now: now) { position in known ? declaredAt[position] : nil }
    }

    /// Judges the toggles of `sorted` (in name order): stale ones first, the others after
    /// them, each group keeping the name order.
    private init(sorted toggles: [ToggleState], policy: StalePolicy, now: Timestamp, declaredAt: (Int) -> LineLocation?) {
        asOf = now
        self.policy = policy
        var rules = CategoryRules(policy)
        var stale: [(position: Int, reasons: [StaleReason])] = []
        var fresh: [Int] = []
        for position in toggles.indices where toggles[position].isLive {
            let reasons = policy.evaluate(toggles[position], now: now, lifetime: rules[toggles[position].definition.category].lifetime)
            if reasons.isEmpty { fresh.append(position) } else { stale.append((position, reasons)) }
        }
        var entries = [Entry](fillingCapacity: stale.count + fresh.count)
        func add(_ position: Int, _ reasons: [StaleReason]) {
            let category = rules[toggles[position].definition.category]
            entries.append(Entry(
                toggle: toggles[position], reasons: reasons,
                ageDays: StalePolicy.wholeDays(from: toggles[position].createdAt, to: now),
                stageDays: StalePolicy.wholeDays(from: toggles[position].stageSince, to: now),
                lifetimeDays: category.lifetime, categoryIsKnown: category.isKnown, declaredAt: declaredAt(position)))
        }
        for (position, reasons) in stale { add(position, reasons) }
        for position in fresh { add(position, []) }
        self.entries = entries
    }

    public var summary: Summary {
        var stale = 0
        var launched = 0
        for index in entries.indices {
            if !entries[index].reasons.isEmpty { stale += 1 }
            if entries[index].toggle.stage == .launched { launched += 1 }
        }
        return Summary(live: entries.count, stale: stale, launched: launched)
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
        /// The stale toggles that count, in report order.
        public var counted: [StaleReport.Entry]
        /// Stale toggles whose every reason is outside ``StaleGate/failOn``.
        public var ignored: [StaleReport.Entry]
        /// Code findings (`--scan`) whose reason is in ``StaleGate/failOn``, and the others.
        public var countedFindings: [CodeFinding] = []
        public var ignoredFindings: [CodeFinding] = []
        /// Stale toggles and code findings that count.
        public var countedTotal: Int { counted.count + countedFindings.count }
        public var passed: Bool { countedTotal <= gate.maximumStale }
    }

    public func verdict(on report: StaleReport) -> Verdict {
        var staleCount = 0
        while staleCount < report.entries.count && !report.entries[staleCount].reasons.isEmpty { staleCount += 1 }
        // Stale entries come first; most of them usually count.
        var counted = [StaleReport.Entry](fillingCapacity: staleCount)
        var ignored: [StaleReport.Entry] = []
        for index in report.entries.indices where !report.entries[index].reasons.isEmpty {
            if report.entries[index].reasons.contains(where: { failOn.contains($0.code) }) {
                counted.append(report.entries[index])
            } else {
                ignored.append(report.entries[index])
            }
        }
        let findings = report.codeFindings ?? []
        return Verdict(
            gate: self, counted: counted, ignored: ignored,
            countedFindings: findings.filter { failOn.contains($0.code) },
            ignoredFindings: findings.filter { !failOn.contains($0.code) })
    }

    /// The codes in ``failOn``, in code order.
    public var failOnCodes: [StaleReason.Code] { failOn.sorted() }
}

/// A policy's rules for the categories met so far: toggles share a handful of categories, so
/// each is looked up in the policy once.
struct CategoryRules {
    let policy: StalePolicy
    private var known: [(category: String, lifetime: Int?, isKnown: Bool)] = []

    init(_ policy: StalePolicy) {
        self.policy = policy
    }

    subscript(category: String) -> (lifetime: Int?, isKnown: Bool) {
        mutating get {
            for rule in known where rule.category == category { return (rule.lifetime, rule.isKnown) }
            let rule = (category, policy.lifetime(of: category), policy.defines(category))
            if known.count < 64 { known.append(rule) }
            return (rule.1, rule.2)
        }
    }
}
