import LedgerPlatform
import LedgerModel
import LedgerStore
import CacheHints

/// Watches a replay, event by event, and records every toggle's lifespan and the weekly
/// debt (``DebtSeries``) as it goes: one pass, memory in proportion to the toggles and the
/// stage changes, not to the events.
///
/// The debt needs no judging at every instant: each live toggle carries the instant it
/// becomes stale (``StalePolicy/staleSince(expires:createdAt:stage:stageSince:lifetime:)``),
/// updated by its events, so a period's end counts the toggles past theirs, and the overdue
/// time is added up whenever a toggle's deadline may move and at each period's end.
struct LifespanRecorder {
    private let policy: StalePolicy
    private var rules: CategoryRules
    /// The end of the replay: the report's `now`.
    private let end: Timestamp
    /// The start of the window asked for; nil for the whole log.
    private let since: Timestamp?
    private var lives: [ToggleLifespan] = []
    /// Every stage change after a creation, in replay order, by lifespan: appended here
    /// rather than to each lifespan's own array (a cache miss on the lifespan and another on
    /// its array, for every change), and handed out in ``finish()``.
    private var stageChanges: [(life: Int32, change: ToggleLifespan.StageChange)] = []
    /// What each lifespan needs on every event, kept apart from ``lives`` so the hot loop
    /// reads a few plain fields.
    private var debts: [Debt] = []
    /// The reader's number for a toggle name (``LoggedEvent``'s slot) → its current lifespan
    /// (+1; 0: none yet), so an event finds its lifespan without hashing the name.
    private var lifeBySlot: [Int32] = []
    /// The same by name, for names the reader did not number.
    private var lifeByName: [String: Int32] = [:]
    /// The lifespans still live, in no order.
    private var liveLives: [Int32] = []
    private var firstEvent: Timestamp?
    private var periodDays = 7
    /// The current period; nil before the first event.
    private var period: (start: Timestamp, nominalEnd: Timestamp)?
    private var overdueSeconds = 0.0
    private var periods: [DebtSeries.Period] = []

    /// What the timeline and the debt need of a lifespan on every event.
    private struct Debt {
        /// The toggle's position in the projection.
        var position: Int
        var stage: ToggleStage
        var lifetime: Int?
        /// Its category's `maxExtensions` and `maxLifetimeDays`, if any.
        var limits: ExtensionLimits?
        /// The extension one past `maxExtensions`: `over-extended` from then on.
        var tooManyExtensionsAt: Timestamp?
        /// When it becomes stale, if nothing changes it.
        var deadline: Timestamp?
        /// Overdue time before this instant is already counted.
        var accountedUntil: Timestamp
        var isTemporary: Bool
        /// Removed from the code, its parameter still served: the deadline is when no
        /// supported version reads it, which moves with the minimum supported version.
        var isWaiting = false
        /// Its index in ``liveLives``; -1 once removed.
        var livePosition: Int32
    }

    init(policy: StalePolicy, since: Timestamp?, end: Timestamp) {
        self.policy = policy
        rules = CategoryRules(policy)
        self.since = since
        self.end = end
    }

    /// Records an event that `projection` has just applied (not one it skipped). Events must
    /// come in replay order, none after `end`.
    package mutating func record(_ logged: borrowing LoggedEvent, in projection: borrowing Projection) {
        let at = logged.event.at
        advance(to: at)
        if case .created = logged.event.change {
            guard let position = projection.toggles.position(of: logged.event.toggle) else { return }
            start(projection.toggles.values[position], at: at, position: position, slot: logged.toggleSlot)
            return
        }
        if case .minimumVersionChanged = logged.event.change {
            supportChanged(at: at, in: projection)
            return
        }
        guard let index = lifespan(of: logged) else { return }
        if case .resolved(let resolution) = logged.event.change {
            guard settle(index, resolution, at: at, in: projection) else { return }
        }
        if debts[index].isWaiting {
            var reason: String?
            if case .retired(let why) = logged.event.change { reason = why }
            served(index, at: at, endingWith: reason, in: projection)
            return
        }
        // One read and one write of the compact record (each write checks the array is unique).
        var debt = debts[index]
        switch logged.event.change {
        case .expiryExtended(let expires, let reason):
            lives[index].extensions.append(.init(at: at, from: lives[index].expires, to: expires, reason: reason))
            if let maximum = debt.limits?.maxExtensions, lives[index].extensions.count == maximum + 1 { debt.tooManyExtensionsAt = at }
        case .removed(let reason):
            end(index, at: at, reason: reason)
            return
        case .codeRemoved(let appVersion, let reason):
            lives[index].codeRemoval = .init(at: at, appVersion: appVersion, reason: reason)
            debts[index].isWaiting = true
            // Nothing served (a local toggle, or unpublished): gone at once, as removed.
            served(index, at: at, endingWith: reason, in: projection)
            return
        case .attributesChanged, .resolved:
            // The new category's rules apply from now on (the deadline below moves with them);
            // the lifespan shows the attributes in force (a resolution sets the whole
            // definition).
            let definition = projection.toggles.values[debt.position].definition
            let rule = rules[definition.category]
            lives[index].category = definition.category
            lives[index].owner = definition.owner
            lives[index].description = definition.description
            lives[index].lifetimeDays = rule.lifetime
            // The expiry mark moves with the definition the resolution set.
            if case .resolved = logged.event.change, definition.expires != lives[index].expires {
                lives[index].resolvedExpiry = .init(at: at, expires: definition.expires)
            }
            debt.lifetime = rule.lifetime
            debt.limits = rule.limits
        default:
            break
        }
        let facts = projection.lifecycleFacts(at: debt.position)
        if facts.stage != debt.stage {
            debt.stage = facts.stage
            stageChanges.append((Int32(index), .init(at: facts.stageSince, stage: facts.stage)))
        }
        let deadline = StalePolicy.earlier(
            policy.staleSince(
                expires: facts.expires, createdAt: facts.createdAt, stage: facts.stage, stageSince: facts.stageSince,
                lifetime: debt.lifetime),
            debt.limits.flatMap { $0.overExtendedSince(expires: facts.expires, createdAt: facts.createdAt, tooManyAt: debt.tooManyExtensionsAt) })
        if deadline != debt.deadline {
            // Overdue time so far counts under the old deadline.
            overdueSeconds += Self.overdue(&debt, until: at)
            debt.deadline = deadline
        }
        debt.isTemporary = debt.lifetime != nil || facts.expires != nil
        debts[index] = debt
    }

    /// Starts loading the record the next event of toggle number `slot` will read and write,
    /// as ``Projection/prefetch(slot:)`` does for its state, so that ``record(_:in:)`` finds
    /// it in the cache. Returns at once.
    package func prefetch(slot: Int32) {
        let slot = Int(slot)
        guard slot >= 0 && slot < lifeBySlot.count && lifeBySlot[slot] > 0 else { return }
        let index = Int(lifeBySlot[slot]) - 1
        debts.withUnsafeBufferPointer { debts in
            let record = UnsafeRawPointer(debts.baseAddress! + index)
            toggles_prefetch(record)
            toggles_prefetch(record + MemoryLayout<Debt>.size - 1)
        }
    }

    /// The current lifespan of the event's toggle. The reader numbers each distinct string
    /// once per read (slots are never reused), so within this replay a slot is one name.
    private func lifespan(of logged: borrowing LoggedEvent) -> Int? {
        let slot = Int(logged.toggleSlot)
        if slot >= 0 && slot < lifeBySlot.count && lifeBySlot[slot] > 0 { return Int(lifeBySlot[slot]) - 1 }
        return lifeByName[logged.event.toggle].map { Int($0) - 1 }
    }

    /// The lifespans that overlap the window, stale ones first, then live, then removed ones,
    /// each group by creation; and the debt of every period up to `end`.
    package mutating func finish() -> LedgerTimeline {
        if let first = period, first.start <= end {
            while let current = period, current.nominalEnd < end { close(at: current.nominalEnd, including: false) }
            close(at: end, including: true)
        }
        handOutStageChanges()
        for index in liveLives.map(Int.init) {
            if let deadline = debts[index].deadline, deadline <= end { lives[index].staleSince = deadline }
        }
        let start = since ?? firstEvent ?? end
        let shown = lives.filter { $0.removedAt.map { $0 >= start } ?? true }
        // Sorting small keys, not the lifespans themselves.
        let keys = shown.map { (group: $0.isStale ? 0 : $0.isLive ? 1 : 2, createdAt: $0.createdAt) }
        let sorted = shown.indices.sorted { left, right in
            if keys[left].group != keys[right].group { return keys[left].group < keys[right].group }
            if keys[left].createdAt != keys[right].createdAt { return keys[left].createdAt < keys[right].createdAt }
            return utf8Precedes(shown[left].name, shown[right].name)
        }.map { shown[$0] }
        return LedgerTimeline(
            start: start, end: end, lifespans: sorted,
            debt: DebtSeries(periodDays: periodDays, periods: periods))
    }

    /// Appends the recorded stage changes to their lifespans, each lifespan's at once.
    private mutating func handOutStageChanges() {
        // A counting sort by lifespan: the changes of one lifespan end up side by side.
        var ends = [Int](repeating: 0, count: lives.count + 1)
        for entry in stageChanges { ends[Int(entry.life) + 1] += 1 }
        for index in lives.indices { ends[index + 1] += ends[index] }
        var next = ends
        let sorted = [ToggleLifespan.StageChange](unsafeUninitializedCapacity: stageChanges.count) { buffer, count in
            for entry in stageChanges {
                (buffer.baseAddress! + next[Int(entry.life)]).initialize(to: entry.change)
                next[Int(entry.life)] += 1
            }
            count = stageChanges.count
        }
        stageChanges = []
        for index in lives.indices where ends[index + 1] > ends[index] {
            lives[index].stages.append(contentsOf: sorted[ends[index]..<ends[index + 1]])
        }
    }

    private mutating func start(_ state: borrowing ToggleState, at instant: Timestamp, position: Int, slot: Int32) {
        let rule = rules[state.definition.category]
        let life = ToggleLifespan(
            name: state.name, kind: state.kind, category: state.definition.category, owner: state.definition.owner,
            description: state.definition.description, createdAt: instant, removedAt: nil, removalReason: nil,
            stages: [.init(at: instant, stage: state.stage)], initialExpiry: state.definition.expires, extensions: [],
            lifetimeDays: rule.lifetime, staleSince: nil)
        let index = lives.count
        lives.append(life)
        let accountedFrom = period.map { max(instant, $0.start) } ?? instant
        debts.append(
            Debt(
                position: position, stage: state.stage, lifetime: rule.lifetime, limits: rule.limits,
                deadline: StalePolicy.earlier(
                    deadline(of: state, lifetime: rule.lifetime),
                    rule.limits.flatMap { $0.overExtendedSince(expires: state.definition.expires, createdAt: state.createdAt, tooManyAt: nil) }),
                accountedUntil: accountedFrom,
                isTemporary: rule.lifetime != nil || state.definition.expires != nil, livePosition: Int32(liveLives.count)))
        liveLives.append(Int32(index))
        lifeByName[state.name] = Int32(index + 1)
        if slot >= 0 {
            let slot = Int(slot)
            if slot >= lifeBySlot.count {
                lifeBySlot.append(contentsOf: repeatElement(0, count: max(slot + 1, lifeBySlot.count * 2) - lifeBySlot.count))
            }
            lifeBySlot[slot] = Int32(index + 1)
        }
    }

    private func deadline(of state: borrowing ToggleState, lifetime: Int?) -> Timestamp? {
        policy.staleSince(
            expires: state.definition.expires, createdAt: state.createdAt, stage: state.stage,
            stageSince: state.stageSince, lifetime: lifetime)
    }

    /// After an event on a lifespan removed from the code: it waits for retirement (not
    /// live, so not temporary; stale once no supported version reads it) while its parameter
    /// is served, and ends when it no longer is (retired or unpublished). A parameter
    /// published again after that is served again: the lifespan goes on.
    private mutating func served(_ index: Int, at instant: Timestamp, endingWith reason: String?, in projection: borrowing Projection) {
        let retirement = projection.retirement(at: debts[index].position)
        let isOpen = debts[index].livePosition >= 0
        guard retirement.awaits else {
            if isOpen { end(index, at: instant, reason: reason) }
            return
        }
        if !isOpen { reopen(index, at: instant) }
        overdueSeconds += Self.overdue(&debts[index], until: instant)
        debts[index].isTemporary = false
        debts[index].deadline = retirement.due
    }

    /// Brings a removed lifespan back to life at `instant`: it counts as live (and accrues
    /// debt) again from then on.
    private mutating func reopen(_ index: Int, at instant: Timestamp) {
        lives[index].removedAt = nil
        lives[index].removalReason = nil
        debts[index].accountedUntil = instant
        debts[index].livePosition = Int32(liveLives.count)
        liveLives.append(Int32(index))
    }

    /// A `resolved` event sets the outcome as it stands (``Lifecycle/resolve(_:_:_:)``, which
    /// `projection` has just applied): it ends the lifespan, or brings back a toggle another
    /// branch removed (or removed from the code). Returns whether the lifespan is live after
    /// it, its definition and deadline still to update.
    private mutating func settle(_ index: Int, _ resolution: Resolution, at instant: Timestamp, in projection: borrowing Projection) -> Bool {
        let isOpen = debts[index].livePosition >= 0
        if resolution.removed {
            // Already removed (or waiting for retirement): the resolution keeps it so.
            if isOpen && !debts[index].isWaiting { end(index, at: instant, reason: resolution.reason) }
            return false
        }
        guard projection.toggles.values[debts[index].position].isLive else { return false }
        if debts[index].isWaiting {
            debts[index].isWaiting = false
            lives[index].codeRemoval = nil
        }
        if !isOpen { reopen(index, at: instant) }
        return true
    }

    /// A new minimum supported version moves the deadline of every lifespan waiting for
    /// retirement.
    private mutating func supportChanged(at instant: Timestamp, in projection: borrowing Projection) {
        for live in liveLives where debts[Int(live)].isWaiting {
            served(Int(live), at: instant, endingWith: nil, in: projection)
        }
    }

    /// Ends lifespan `index` at `instant`: removed, or (waiting for retirement) no longer served.
    private mutating func end(_ index: Int, at instant: Timestamp, reason: String?) {
        overdueSeconds += Self.overdue(&debts[index], until: instant)
        lives[index].removedAt = instant
        lives[index].removalReason = reason
        dropLive(index)
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
        for live in liveLives {
            let index = Int(live)
            accrue(index, to: instant)
            if debts[index].isTemporary { temporary += 1 }
            if let deadline = debts[index].deadline, deadline < instant || (including && deadline == instant) { stale += 1 }
        }
        periods.append(
            .init(
                start: current.start, end: instant, liveTemporary: temporary, stale: stale,
                overdueToggleDays: overdueSeconds / 86_400))
        overdueSeconds = 0
        period = (instant, instant.adding(days: periodDays))
    }

    /// Counts the time lifespan `index` spent stale up to `instant`.
    private mutating func accrue(_ index: Int, to instant: Timestamp) {
        overdueSeconds += Self.overdue(&debts[index], until: instant)
    }

    /// The seconds `debt`'s toggle spent stale since it was last counted, up to `instant`.
    private static func overdue(_ debt: inout Debt, until instant: Timestamp) -> Double {
        let from = debt.accountedUntil
        guard instant > from else { return 0 }
        debt.accountedUntil = instant
        guard let deadline = debt.deadline, instant > deadline else { return 0 }
        let overdueFrom = max(from, deadline)
        // In seconds (Int64 nanoseconds would overflow summed over many toggle-weeks).
        return Double(instant.secondsSince1970 - overdueFrom.secondsSince1970)
            + Double(instant.fractionNanoseconds - overdueFrom.fractionNanoseconds) / 1e9
    }
}
