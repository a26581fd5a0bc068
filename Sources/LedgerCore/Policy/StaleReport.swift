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
