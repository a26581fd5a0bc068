import LedgerPlatform
import LedgerModel
import LedgerStore
/// ``Ledger/append(_:dating:now:)`` as its steps, in order:
///
/// 1. write rules: each event alone (``WriteRules``), before the lock is taken;
/// 2. under the log's lock, dating: the clock read once (``WriterDating``);
/// 3. deduplicate the batch: repeats of an id inside it (``BatchDeduplication``);
/// 4. order: toggles numbered (``BatchOrdering``), so the log's read keeps only theirs;
/// 5. read the log (``AppendHistory``): the checkpoint, or a replay; undated events dated
///    after its last event, and refused when that is beyond the clock-skew allowance;
/// 6. deduplicate against the log: events it already holds set aside as resent;
/// 7. order: the fresh events grouped by toggle (``BatchOrdering``);
/// 8. validate: each toggle's fresh events against its history (``BatchValidation``);
/// 9. write: torn tails repaired, the events sorted into replay order, one new segment.
///
/// Any violation from steps 1, 3, 5, 6 and 8 rejects the whole batch; nothing is written.
enum AppendPlan {
    /// Step 1: the events that break a ``WriteRules`` rule given the writer's clock `now`.
    static func writeRuleViolations(_ events: [Event], now: Timestamp?) -> [LifecycleViolation] {
        var unwritable: [LifecycleViolation] = []
        events.withUnsafeBufferPointer { events in
            for position in events.indices {
                if let problem = WriteRules.problem(with: events[position], now: now) {
                    unwritable.append(LifecycleViolation(refusing: events[position], .invalidField(problem)))
                }
            }
        }
        return unwritable
    }

    /// Steps 2 to 9, holding the log's lock.
    package static func run(_ batch: consuming [Event], dating: WriterDating?, on ledger: Ledger) throws -> AppendOutcome {
        var events = consume batch
        var dating = WriterDating.Step(dating, count: events.count)
        var violations: [LifecycleViolation] = []
        var ids = BatchDeduplication.removeRepeats(&events, dating: &dating, violations: &violations)
        var numbering = BatchOrdering.Numbering(events)
        var history = try ledger.appendHistory(for: &events, ids: ids, numbering: numbering, dating: dating)
        if let dating { violations += dating.beyondTheClock(events) }
        let resent = BatchDeduplication.setAsideRecorded(&events, groups: &numbering.groups, recorded: history.recorded, violations: &violations)
        let members = numbering.members()
        violations += BatchValidation.violations(of: events, members: members, history: history.toggles)
        // Not needed any more: a big batch's tables go before its segment is encoded.
        ids = [:]
        numbering = BatchOrdering.Numbering([])
        history.recorded = [:]
        history.toggles = .events([:])
        guard violations.isEmpty else { throw LedgerError.rejected(violations) }
        return try write(consume events, replay: history.replay, path: history.path, resent: resent, on: ledger)
    }

    /// Step 9.
    private static func write(_ batch: consuming [Event], replay: Replay, path: ReplayPath, resent: [ResentEvent], on ledger: Ledger) throws -> AppendOutcome {
        var events = consume batch
        let repairs = try ledger.writer.repair(replay.summary.warnings)
        var segment: String?
        events.sortIntoReplayOrder()
        if !events.isEmpty { segment = try ledger.writer.writeSegment(events) }
        return AppendOutcome(
            written: events, resent: resent, segment: segment, repairs: repairs, warnings: replay.summary.warnings,
            historyPath: path)
    }
}

/// What an append validates against, read under the lock: the log's replay, the batch's ids
/// it already holds, and what stands for each toggle's history.
package struct AppendHistory {
    /// What stands for a toggle's history in ``BatchValidation``.
    package enum Toggles {
        /// A checkpoint stood in for the history: every fresh event comes after the whole
        /// log, so each toggle's projected state is where its fresh events start from.
        case checkpoint(Projection)
        /// The logged events of each toggle the batch names, by group (``BatchOrdering``).
        case events([Int: [Event]])
    }

    package var replay: Replay
    /// The events of the log under an id of the batch, by id.
    package var recorded: [String: Event]
    package var toggles: Toggles
    /// How the log was read: from the checkpoint, or in full and why.
    package var path: ReplayPath
}

extension Ledger {
    /// Reads the log for an append of `events`, whose ids are the keys of `ids` and whose
    /// toggles are those of `numbering`. Undated events are dated (`dating`) once the log's
    /// last event is known, before anything compares their instants.
    func appendHistory(for events: inout [Event], ids: [String: Int], numbering: BatchOrdering.Numbering, dating: WriterDating.Step?) throws -> AppendHistory {
        guard SystemCalls.fileType(reader.directory) != nil else {
            dating?.date(&events, after: nil)
            return AppendHistory(
                replay: Replay(projection: Projection(), summary: ReadSummary(segmentCount: 0), path: .full(.noCheckpoint)),
                recorded: [:], toggles: .events([:]), path: .full(.noCheckpoint))
        }
        var whyNotCheckpoint = FullReplayReason.noCheckpoint
        let quick = try replayForAppend(probing: ids, whyNot: &whyNotCheckpoint)
        if let quick {
            dating?.date(&events, after: quick.replay.summary.lastKey)
            if let lastKey = quick.replay.summary.lastKey,
                // Events already in the log are set aside later; only the others must come after it.
                events.withUnsafeBufferPointer({ events in
                    events.indices.allSatisfy { quick.found[events[$0].id] != nil || lastKey < OrderKey(at: events[$0].at, id: events[$0].id) }
                })
            {
                return AppendHistory(replay: quick.replay, recorded: quick.found, toggles: .checkpoint(quick.replay.projection), path: .checkpoint)
            }
        }
        // Most of the log's events have nothing to do with the batch: the prefilters turn
        // them away before the dictionaries are asked.
        let groupByToggle = numbering.groupByToggle
        let toggleFilter = StringPrefilter(groupByToggle.keys)
        let idFilter = StringPrefilter(ids.keys)
        var existingByGroup: [Int: [Event]] = [:]
        var recorded: [String: Event] = [:]
        let replay = try self.replay { logged in
            if toggleFilter.mayContain(logged.event.toggle), let group = groupByToggle[logged.event.toggle] {
                existingByGroup[group, default: []].append(logged.event)
            }
            if idFilter.mayContain(logged.event.id), ids[logged.event.id] != nil {
                recorded[logged.event.id] = logged.event
            }
        }
        if quick == nil { dating?.date(&events, after: replay.summary.lastKey) }
        // A checkpoint that served the log but not this batch: one of its events sorts before the checkpoint's end.
        return AppendHistory(
            replay: replay, recorded: recorded, toggles: .events(existingByGroup),
            path: .full(quick == nil ? whyNotCheckpoint : .superseded))
    }
}

/// The append's deduplication steps: an event whose id was already sent is a no-op (a
/// retried CI job), provided it names the same toggle and type; otherwise its id is in use.
///
/// Both work on positions in the batch rather than copies of its events: a batch can hold
/// hundreds of thousands of them.
enum BatchDeduplication {
    /// Removes the batch's repeats of an id it already holds (and their flags in `undated`),
    /// reporting a repeat that names another toggle or type in `violations`. Returns each
    /// remaining id's position (positions before the removal: only the keys are used later).
    static func removeRepeats(_ events: inout [Event], dating: inout WriterDating.Step?, violations: inout [LifecycleViolation]) -> [String: Int] {
        var positionByID: [String: Int] = [:]
        positionByID.reserveCapacity(events.count)
        var repeated: [Int] = []
        events.withUnsafeBufferPointer { events in
            for position in events.indices {
                let first = positionByID.valueInsertingIfAbsent(events[position].id, position)
                guard first != position else { continue }
                let (event, other) = (events[position], events[first])
                if other.toggle != event.toggle || other.type != event.type {
                    violations.append(LifecycleViolation(refusing: event, .idInUse(byType: other.type, toggle: other.toggle)))
                }
                repeated.append(position)
            }
        }
        if !repeated.isEmpty {
            events.remove(atSorted: repeated)
            dating?.undated.remove(atSorted: repeated)
        }
        return positionByID
    }

    /// Sets aside the events whose id the log already holds (`recorded`, by id): each is
    /// resent, or, naming another toggle or type, a violation. `groups`, parallel to `events`,
    /// loses the same positions.
    static func setAsideRecorded(_ events: inout [Event], groups: inout [Int], recorded: [String: Event], violations: inout [LifecycleViolation]) -> [ResentEvent] {
        guard !recorded.isEmpty else { return [] }
        var resent: [ResentEvent] = []
        var positions: [Int] = []
        for position in events.indices {
            let event = events[position]
            guard let existing = recorded[event.id] else { continue }
            if existing.toggle == event.toggle && existing.type == event.type {
                resent.append(ResentEvent(recorded: existing, sent: event))
            } else {
                violations.append(LifecycleViolation(refusing: event, .idInUse(byType: existing.type, toggle: existing.toggle)))
            }
            positions.append(position)
        }
        events.remove(atSorted: positions)
        groups.remove(atSorted: positions)
        return resent
    }
}

extension Dictionary where Value == Int {
    /// The value for `key`, inserting `value` first if the key is missing: one hash lookup
    /// for "find, or insert" (the `[key, default:]` subscript's modify accessor).
    @inline(__always)
    mutating func valueInsertingIfAbsent(_ key: Key, _ value: Int) -> Int {
        Self.read(&self[key, default: value])
    }

    @inline(__always)
    private static func read(_ slot: inout Int) -> Int { slot }
}

extension LifecycleViolation {
    /// The violation that refuses `event` for `reason`.
    package init(refusing event: Event, _ reason: Reason) {
        self.init(eventID: event.id, toggle: event.toggle, type: event.type, at: event.at, reason: reason)
    }
}

/// The append's ordering step: the batch's events grouped by toggle (toggles are checked
/// independently), each group in replay order. Positions are grouped with a counting sort and
/// sorted only when out of order, so a big batch's events are never copied.
package enum BatchOrdering {
    /// Each event's toggle, numbered by first appearance in the batch.
    struct Numbering {
        var groupByToggle: [String: Int] = [:]
        /// Parallel to the batch: each event's group.
        package var groups: [Int] = []

        init(_ events: [Event]) {
            groups.reserveCapacity(events.count)
            groupByToggle.reserveCapacity(events.count)
            events.withUnsafeBufferPointer { events in
                for position in events.indices {
                    let nextGroup = groupByToggle.count
                    groups.append(groupByToggle.valueInsertingIfAbsent(events[position].toggle, nextGroup))
                }
            }
        }

        /// The positions of the batch grouped by toggle, each group in batch order.
        package func members() -> Groups {
            let groupCount = groupByToggle.count
            var start = [Int](repeating: 0, count: groupCount + 1)
            for group in groups { start[group + 1] += 1 }
            for group in 0..<groupCount { start[group + 1] += start[group] }
            var positions = [Int](repeating: 0, count: groups.count)
            var next = start
            for (position, group) in groups.enumerated() {
                positions[next[group]] = position
                next[group] += 1
            }
            return Groups(start: start, positions: positions)
        }
    }

    /// Positions grouped by toggle: group `g` is `positions[start[g]..<start[g + 1]]`.
    package struct Groups {
        package let start: [Int]
        package let positions: [Int]

        package var indices: Range<Int> { 0..<(start.count - 1) }

        subscript(group: Int) -> ArraySlice<Int> { positions[start[group]..<start[group + 1]] }
    }

    /// `positions` sorted by the replay order of their events, stable (as ``Array/inReplayOrder()``).
    static func replayOrder(_ positions: ArraySlice<Int>, of events: [Event]) -> ArraySlice<Int> {
        var sorted = true
        var previous = positions.startIndex
        for index in positions.indices.dropFirst() {
            if events.precedes(positions[index], positions[previous]) { sorted = false; break }
            previous = index
        }
        if sorted { return positions }
        return ArraySlice(positions.sorted { events.precedes($0, $1) || (!events.precedes($1, $0) && $0 < $1) })
    }
}

/// The append's validation step: each toggle's fresh events checked against its history,
/// every check one ``LifecycleFold``. The checks differ only in what stands for the history:
/// nothing (a new toggle), the toggle's projected state (a checkpoint, every fresh event
/// after the whole log), or the toggle's logged events (backdating allowed).
enum BatchValidation {
    /// The violations of the fresh `events`, toggle by toggle in name order; `members` holds
    /// their positions grouped by toggle (``BatchOrdering``).
    package static func violations(of events: [Event], members: BatchOrdering.Groups, history: AppendHistory.Toggles) -> [LifecycleViolation] {
        var rejectedToggles: [(toggle: String, violations: [LifecycleViolation])] = []
        for group in members.indices {
            var positions = members[group]
            guard let first = positions.first else { continue }
            let toggle = events[first].toggle
            if toggle == Event.appToggle {
                // Log-wide events belong to no toggle: the write rules are all they meet. Any
                // other event naming the reserved name is folded, and refused, as usual.
                positions = ArraySlice(positions.filter { !events[$0].change.isLogWide })
                if positions.isEmpty { continue }
            }
            let found: [LifecycleViolation]
            switch history {
            case .checkpoint(let projection):
                found = check(new: positions, of: events, after: projection.toggles[toggle])
            case .events(let existingByGroup):
                if let existing = existingByGroup[group]?.filter({ !$0.change.isLogWide }), !existing.isEmpty {
                    found = check(new: positions.map { events[$0] }, existing: existing)
                } else {
                    found = check(new: positions, of: events)
                }
            }
            if !found.isEmpty { rejectedToggles.append((toggle, found)) }
        }
        // Toggles are independent: the violations are reported toggle by toggle in name order.
        rejectedToggles.sort { $0.toggle < $1.toggle }
        return rejectedToggles.flatMap(\.violations)
    }

    /// ``check(new:existing:)`` for the events at `positions` of `events` and a toggle
    /// without history: every violation is one of the new events', found by folding them alone.
    package static func check(new positions: ArraySlice<Int>, of events: [Event]) -> [LifecycleViolation] {
        let order = BatchOrdering.replayOrder(positions, of: events)
        return events.withUnsafeBufferPointer { events in
            LifecycleFold.violations(of: events, at: order, from: nil).map { found in
                LifecycleFold.explained(found, creations: order.lazy.filter { events[$0].type == "created" }.map { events[$0].at })
            }
        }
    }

    /// ``check(new:after:)`` for the events at `positions` of `events`.
    package static func check(new positions: ArraySlice<Int>, of events: [Event], after state: ToggleState?) -> [LifecycleViolation] {
        let order = BatchOrdering.replayOrder(positions, of: events)
        return events.withUnsafeBufferPointer { LifecycleFold.violations(of: $0, at: order, from: state) }
    }

    /// Folds one toggle's events with and without the new ones; a violation that only the
    /// new events cause rejects them.
    package static func check(new: [Event], existing: [Event]) -> [LifecycleViolation] {
        let newIDs = Set(new.map(\.id))
        let alreadyBroken = Set(LifecycleFold.violations(of: existing, from: nil).map(\.eventID))
        let combined = (existing + new).inReplayOrder()
        var result: [LifecycleViolation] = []
        for found in LifecycleFold.violations(of: combined, from: nil) where !alreadyBroken.contains(found.eventID) {
            if newIDs.contains(found.eventID) {
                result.append(LifecycleFold.explained(found, creations: combined.lazy.filter { $0.type == "created" }.map(\.at)))
            } else if let culprit = combined.last(where: { newIDs.contains($0.id) && $0.orderKey < OrderKey(at: found.at, id: found.eventID) }) {
                result.append(LifecycleViolation(eventID: culprit.id, toggle: culprit.toggle, type: culprit.type, at: culprit.at, reason: .invalidatesLater(found)))
            }
        }
        return result
    }

    /// ``check(new:existing:)`` when every new event comes after the toggle's whole history,
    /// whose fold is `state`: only the new events can break a rule.
    package static func check(new: [Event], after state: ToggleState?) -> [LifecycleViolation] {
        LifecycleFold.violations(of: new.inReplayOrder(), from: state)
    }
}

/// One toggle's events folded through ``Lifecycle/apply(_:to:)`` from a starting state: the
/// one fold behind every append check (``BatchValidation``), so the checks differ only in
/// which events they fold and from where.
enum LifecycleFold {
    /// The violations of the events at `positions` of `events`, folded in that order from
    /// `state` (nil: the toggle has no history). An event that breaks a rule is skipped, as
    /// replay skips it. Events are read in place, through the pointer, not copied out.
    // Lives next to the checks that call it: in another target it ran unspecialized
    // (generic over `positions`), and an append of 100k events cost 13% more.
    @inline(__always)
    package static func violations<Positions: Sequence<Int>>(
        of events: UnsafeBufferPointer<Event>, at positions: Positions, from state: ToggleState?
    ) -> [LifecycleViolation] {
        var state = state
        var found: [LifecycleViolation] = []
        for position in positions {
            // In place: across the target boundary a state returned by value was copied per event.
            if let violation = Lifecycle.apply((events.baseAddress! + position).pointee, to: &state) {
                found.append(violation)
            }
        }
        return found
    }

    /// ``violations(of:at:from:)`` for all of `events`, in their order.
    package static func violations(of events: [Event], from state: ToggleState?) -> [LifecycleViolation] {
        events.withUnsafeBufferPointer { violations(of: $0, at: $0.indices, from: state) }
    }

    /// "No such toggle" for an event dated before a later creation is really "too early":
    /// `violation` reworded given the creation instants of its toggle, in replay order.
    static func explained<Creations: Sequence<Timestamp>>(_ violation: LifecycleViolation, creations: Creations) -> LifecycleViolation {
        guard case .unknownToggle = violation.reason,
            let creation = creations.first(where: { $0 > violation.at })
        else { return violation }
        var explained = violation
        explained.reason = .beforeCreation(createdAt: creation)
        return explained
    }
}

/// The instants an append gives the events that came without one, so that an event appended
/// after another always replays after it.
///
/// Replay orders events by (`at`, `id`), and nothing else: that order does not depend on
/// files or merges. An event given an instant keeps it (it may be backdated on purpose). An
/// event given none is dated by the writer while it holds the log's lock: its clock, to the
/// millisecond, unless that would not put the event after the log's last event and after
/// the batch's events before it. Then it takes that last event's instant when its id sorts
/// after that event's id (a batch's generated ids do, ``MonotonicEventIDs``), else the next
/// millisecond. A clock that is coarse, or that stepped back, cannot reorder appends.
package struct WriterDating {
    /// Positions in the batch of the events given without an instant; their `at` is replaced.
    public var undated: [Int]
    /// The writer's clock, read once per append, under the lock.
    public var clock: () -> Timestamp

    public init(undated: [Int], clock: @escaping () -> Timestamp) {
        self.undated = undated
        self.clock = clock
    }

    /// The clock's reading to the millisecond: finer digits would only make the log harder to
    /// read; the id, then the writer's bump, order events closer than that.
    package static func milliseconds(_ instant: Timestamp) -> Timestamp {
        Timestamp(nanoseconds: floorDivide(instant.nanoseconds, 1_000_000) * 1_000_000)
    }

    /// Dates the events whose flag in `undated` is set (the two arrays are parallel), in batch
    /// order, each after `last` (the log's last event in replay order) and after every event
    /// before it in the batch.
    package static func date(_ events: inout [Event], undated: [Bool], after last: OrderKey?, now: Timestamp) {
        let now = milliseconds(now)
        var floor = last
        for position in events.indices {
            if undated[position] {
                events[position].at = instant(for: events[position].id, now: now, after: floor)
            }
            let key = events[position].orderKey
            if floor.map({ $0 < key }) ?? true { floor = key }
        }
    }

    /// The earliest of `now`, `floor`'s instant and the millisecond after it that puts an
    /// event with `id` after `floor`.
    package static func instant(for id: String, now: Timestamp, after floor: OrderKey?) -> Timestamp {
        guard let floor, now <= floor.at else { return now }
        if utf8Precedes(floor.id, id) { return floor.at }
        let (next, overflow) = (floorDivide(floor.at.nanoseconds, 1_000_000) + 1).multipliedReportingOverflow(by: 1_000_000)
        // Only an instant in the year 2262 has no next millisecond; such a log is refused elsewhere.
        return overflow ? floor.at : Timestamp(nanoseconds: next)
    }
}

extension WriterDating {
    /// The dating step as an append runs it, under the lock: which events are dated (flags
    /// parallel to the batch) and the clock's one reading.
    struct Step {
        package var undated: [Bool]
        package let now: Timestamp

        /// Nil when no event of a batch of `count` is undated: nothing to date, no clock read.
        init?(_ dating: WriterDating?, count: Int) {
            guard let dating, !dating.undated.isEmpty, count > 0 else { return nil }
            undated = [Bool](repeating: false, count: count)
            for position in dating.undated where undated.indices.contains(position) { undated[position] = true }
            now = dating.clock()
        }

        /// Dates the undated `events` after `last`, the log's last event (nil: an empty log).
        package func date(_ events: inout [Event], after last: OrderKey?) {
            WriterDating.date(&events, undated: undated, after: last, now: now)
        }

        /// The undated events that had to be dated more than the clock-skew allowance after
        /// the clock, to replay after an event from further ahead (a clock ahead where it was
        /// written, a hand edit, an instant at the end of the range). Writing them would write
        /// what `toggles audit` refuses and what `report` and `check`, judging at the clock,
        /// would not see: refused instead.
        func beyondTheClock(_ events: [Event]) -> [LifecycleViolation] {
            let limit = WriterDating.milliseconds(now).adding(seconds: WriteRules.clockSkewAllowance)
            var refused: [LifecycleViolation] = []
            for position in events.indices where undated.indices.contains(position) && undated[position] && events[position].at > limit {
                refused.append(
                    LifecycleViolation(
                        refusing: events[position],
                        .invalidField(
                            "to replay after the log's last event it would be dated \(events[position].at), after this machine's clock (\(WriterDating.milliseconds(now))) by more than the \(WriteRules.clockSkewAllowance / 60)-minute allowance; correct the future-dated event (`toggles audit` names it) or this clock, or give --at"
                        )))
            }
            return refused
        }
    }
}
