import LedgerJSON
import LedgerPlatform
import LedgerModel
import LedgerStore

/// Watches a replay, event by event, and records every toggle's lifespan and the weekly
/// debt (``DebtSeries``) as it goes: one pass, memory in proportion to the toggles and the
/// stage changes, not to the events.
///
/// The debt needs no judging at every instant: each live toggle carries the instant it
/// becomes stale (``StalePolicy/staleSince(expires:createdAt:stage:stageSince:lifetime:)``),
/// updated by its events, so a period's end counts the toggles past theirs, and the overdue
/// time is added up whenever a toggle's deadline may move and at each period's end.
package struct LifespanRecorder {
    private let policy: StalePolicy
    private var rules: CategoryRules
    /// The end of the replay: the report's `now`.
    private let end: Timestamp
    /// The start of the window asked for; nil for the whole log.
    private let since: Timestamp?
    private var lives: [ToggleLifespan] = []
    private var debts: [Debt] = []
    /// A toggle's position in the projection → its current lifespan (+1; 0: none yet).
    private var lifeByPosition: [Int32] = []
    /// The lifespans still live, in no order.
    private var liveLives: [Int32] = []
    private var firstEvent: Timestamp?
    private var periodDays = 7
    /// The current period; nil before the first event.
    private var period: (start: Timestamp, nominalEnd: Timestamp)?
    private var overdueSeconds = 0.0
    private var periods: [DebtSeries.Period] = []

    /// What the debt needs of a live lifespan.
    private struct Debt {
        /// When it becomes stale, if nothing changes it.
        var deadline: Timestamp?
        /// Overdue time before this instant is already counted.
        var accountedUntil: Timestamp
        var isTemporary: Bool
        /// Its index in ``liveLives``; -1 once removed.
        var livePosition: Int32
    }

    package init(policy: StalePolicy, since: Timestamp?, end: Timestamp) {
        self.policy = policy
        rules = CategoryRules(policy)
        self.since = since
        self.end = end
    }

    /// Records an event that replay applied, given the toggle's position in the projection
    /// and its state after the event. Events must come in replay order, none after `end`.
    package mutating func record(_ event: borrowing Event, position: Int, after state: borrowing ToggleState) {
        advance(to: event.at)
        if case .created = event.change {
            start(state, at: event.at, position: position)
            return
        }
        guard position < lifeByPosition.count, lifeByPosition[position] > 0 else { return }
        let index = Int(lifeByPosition[position]) - 1
        accrue(index, to: event.at)
        switch event.change {
        case .expiryExtended(let expires, let reason):
            lives[index].extensions.append(.init(at: event.at, from: lives[index].expires, to: expires, reason: reason))
        case .removed:
            lives[index].removedAt = event.at
            lives[index].removalReason = state.removalReason
            dropLive(index)
            return
        default:
            break
        }
        if state.stage != .removed, state.stage != lives[index].stages.last?.stage {
            lives[index].stages.append(.init(at: state.stageSince, stage: state.stage))
        }
        debts[index].deadline = deadline(of: state, lifetime: lives[index].lifetimeDays)
        debts[index].isTemporary = lives[index].lifetimeDays != nil || state.definition.expires != nil
    }

    /// The lifespans that overlap the window, stale ones first, then live, then removed ones,
    /// each group by creation; and the debt of every period up to `end`.
    package mutating func finish() -> LedgerTimeline {
        if let first = period, first.start <= end {
            while let current = period, current.nominalEnd < end { close(at: current.nominalEnd, including: false) }
            close(at: end, including: true)
        }
        for index in liveLives.map(Int.init) {
            if let deadline = debts[index].deadline, deadline <= end { lives[index].staleSince = deadline }
        }
        let start = since ?? firstEvent ?? end
        let shown = lives.filter { $0.removedAt.map { $0 >= start } ?? true }
        let order: (ToggleLifespan) -> Int = { $0.isStale ? 0 : $0.isLive ? 1 : 2 }
        let sorted = shown.indices.sorted { left, right in
            let (a, b) = (shown[left], shown[right])
            if order(a) != order(b) { return order(a) < order(b) }
            if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
            return utf8Precedes(a.name, b.name)
        }.map { shown[$0] }
        return LedgerTimeline(
            start: start, end: end, lifespans: sorted,
            debt: DebtSeries(periodDays: periodDays, periods: periods))
    }

    private mutating func start(_ state: borrowing ToggleState, at instant: Timestamp, position: Int) {
        let rule = rules[state.definition.category]
        let life = ToggleLifespan(
            name: state.name, kind: state.kind, category: state.definition.category, owner: state.definition.owner,
            description: state.definition.description, createdAt: instant, removedAt: nil, removalReason: nil,
            stages: [.init(at: instant, stage: state.stage)], initialExpiry: state.definition.expires, extensions: [],
            lifetimeDays: rule.lifetime, staleSince: nil)
        let index = lives.count
        lives.append(life)
        let accountedFrom = period.map { max(instant, $0.start) } ?? instant
        debts.append(Debt(
            deadline: deadline(of: state, lifetime: rule.lifetime), accountedUntil: accountedFrom,
            isTemporary: rule.lifetime != nil || state.definition.expires != nil, livePosition: Int32(liveLives.count)))
        liveLives.append(Int32(index))
        if position >= lifeByPosition.count {
            lifeByPosition.append(contentsOf: repeatElement(0, count: position + 1 - lifeByPosition.count))
        }
        lifeByPosition[position] = Int32(index + 1)
    }

    private func deadline(of state: borrowing ToggleState, lifetime: Int?) -> Timestamp? {
        policy.staleSince(
            expires: state.definition.expires, createdAt: state.createdAt, stage: state.stage,
            stageSince: state.stageSince, lifetime: lifetime)
    }

    private mutating func dropLive(_ index: Int) {
        let position = Int(debts[index].livePosition)
        let last = liveLives.removeLast()
        if position < liveLives.count {
            liveLives[position] = last
            debts[Int(last)].livePosition = Int32(position)
        }
        debts[index].livePosition = -1
    }

    /// Closes the periods that end before `instant`; the first event opens the first period,
    /// at the Monday of the window's start.
    private mutating func advance(to instant: Timestamp) {
        guard let current = period else {
            firstEvent = instant
            // Toggles created before the first period accrue debt from its start on.
            let windowStart = since ?? instant
            let monday = DebtSeries.weekStart(of: windowStart.date).startOfDay
            periodDays = DebtSeries.periodDays(from: windowStart, to: end)
            period = (monday, monday.adding(days: periodDays))
            return
        }
        var nominalEnd = current.nominalEnd
        while instant >= nominalEnd && nominalEnd < end {
            close(at: nominalEnd, including: false)
            nominalEnd = period!.nominalEnd
        }
    }

    /// Ends the current period at `instant`: overdue time up to it, and the counts of the
    /// toggles live then (`including`: those stale at exactly `instant` count, as `report
    /// --now` counts them).
    private mutating func close(at instant: Timestamp, including: Bool) {
        guard let current = period else { return }
        var temporary = 0
        var stale = 0
        for index in liveLives.map(Int.init) {
            accrue(index, to: instant)
            if debts[index].isTemporary { temporary += 1 }
            if let deadline = debts[index].deadline, deadline < instant || (including && deadline == instant) { stale += 1 }
        }
        periods.append(.init(
            start: current.start, end: instant, liveTemporary: temporary, stale: stale,
            overdueToggleDays: overdueSeconds / 86_400))
        overdueSeconds = 0
        period = (instant, instant.adding(days: periodDays))
    }

    /// Counts the time lifespan `index` spent stale up to `instant`.
    private mutating func accrue(_ index: Int, to instant: Timestamp) {
        let from = debts[index].accountedUntil
        guard instant > from else { return }
        debts[index].accountedUntil = instant
        guard let deadline = debts[index].deadline, instant > deadline else { return }
        let overdueFrom = max(from, deadline)
        // In seconds (Int64 nanoseconds would overflow summed over many toggle-weeks).
        overdueSeconds += Double(instant.secondsSince1970 - overdueFrom.secondsSince1970)
            + Double(instant.fractionNanoseconds - overdueFrom.fractionNanoseconds) / 1e9
    }
}
