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
        asOf = now
        self.policy = policy
        entries = toggles.filter(\.isLive).map { toggle in
            Entry(
                toggle: toggle, reasons: policy.evaluate(toggle, now: now),
                ageDays: StalePolicy.wholeDays(from: toggle.createdAt, to: now),
                stageDays: StalePolicy.wholeDays(from: toggle.stageSince, to: now),
                lifetimeDays: policy.lifetime(of: toggle.definition.category),
                categoryIsKnown: policy.defines(toggle.definition.category),
                declaredAt: declaredAt[toggle.name])
        }
        entries.sort { lhs, rhs in
            if lhs.isStale != rhs.isStale { return lhs.isStale }
            return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
        }
    }

    public var summary: Summary {
        Summary(
            live: entries.count, stale: entries.filter(\.isStale).count,
            launched: entries.filter { $0.toggle.stage == .launched }.count)
    }

    /// The categories of live toggles that the policy does not define, sorted.
    public var unknownCategories: [String] {
        Array(Set(entries.filter { !$0.categoryIsKnown }.map(\.toggle.definition.category))).sorted()
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
        let stale = report.entries.filter(\.isStale)
        let counted = stale.filter { entry in entry.reasons.contains { failOn.contains($0.code) } }
        let ignored = stale.filter { entry in !entry.reasons.contains { failOn.contains($0.code) } }
        let findings = report.codeFindings ?? []
        return Verdict(
            gate: self, counted: counted, ignored: ignored,
            countedFindings: findings.filter { failOn.contains($0.code) },
            ignoredFindings: findings.filter { !failOn.contains($0.code) })
    }

    /// The codes in ``failOn``, in code order.
    public var failOnCodes: [StaleReason.Code] { failOn.sorted() }
}
