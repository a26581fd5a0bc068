/// A log directory and everything done with it: replay, history, validated appends.
///
/// This is the library's front door. It never prints and never exits; it returns values
/// and throws ``LogError`` (the log cannot be read or written) or ``LedgerError``.
public struct Ledger: Sendable {
    public let reader: LogReader
    public let writer: LogWriter
    /// How replays run: the checkpoint, its threshold, the read threads.
    public let options: ReplayOptions

    /// - Parameters:
    ///   - directory: the log directory (`events`).
    ///   - displayName: how messages name it; defaults to `directory`.
    ///   - options: how replays run (``ReplayOptions``).
    public init(directory: String, displayName: String? = nil, options: ReplayOptions = ReplayOptions()) {
        reader = LogReader(directory: directory, displayName: displayName, parallelMerge: options.parallelMerge)
        writer = LogWriter(directory: directory, displayName: displayName)
        self.options = options
    }

    /// The events of one toggle, in replay order.
    public func history(of toggle: String) throws -> (events: [LoggedEvent], summary: ReadSummary) {
        var events: [LoggedEvent] = []
        let summary = try reader.read { logged in
            if logged.event.toggle == toggle { events.append(logged) }
        }
        return (events, summary)
    }

    /// Validates `events` against the log and appends them as one segment, all or nothing,
    /// holding the log's lock from the check to the write.
    ///
    /// An event whose id is already in the log is a no-op (a retried CI job), provided it
    /// names the same toggle and type. Events may be backdated with their `at`; they are
    /// checked at that instant and must not make any later event invalid. Torn tails left
    /// by killed writers are repaired before writing.
    ///
    /// The events are taken over (`consuming`): a caller that passes its last reference lets
    /// a big batch be sorted in place rather than copied.
    ///
    /// Events listed in `dating` came without an instant: the writer dates them, after the
    /// log's last event and the batch's earlier events (``WriterDating``).
    ///
    /// Every event must first pass ``WriteRules`` (its id, its line's depth, and, given the
    /// writer's clock `now`, its instant), so nothing is written that a reader refuses.
    public func append(_ events: consuming [Event], dating: WriterDating? = nil, now: Timestamp? = nil) throws -> AppendOutcome {
        var batch = consume events
        var unwritable: [LifecycleViolation] = []
        batch.withUnsafeBufferPointer { events in
            for position in events.indices {
                if let problem = WriteRules.problem(with: events[position], now: now) {
                    unwritable.append(violation(events[position], .invalidField(problem)))
                }
            }
        }
        guard unwritable.isEmpty else { throw LedgerError.rejected(unwritable) }
        return try writer.withLock(creatingDirectory: true) { () throws -> AppendOutcome in
            var owned: [Event] = []
            swap(&owned, &batch)
            return try appendHoldingLock(owned, dating: dating)
        }
    }

    /// Works on positions in the batch rather than copies of its events: a batch can hold
    /// hundreds of thousands of them.
    private func appendHoldingLock(_ batch: consuming [Event], dating: WriterDating?) throws -> AppendOutcome {
        var events = consume batch
        // Which events the writer dates, parallel to `events`; empty when none.
        var undated: [Bool] = []
        if let dating, !dating.undated.isEmpty {
            undated = [Bool](repeating: false, count: events.count)
            for position in dating.undated where undated.indices.contains(position) { undated[position] = true }
        }
        let now = undated.isEmpty ? nil : dating?.clock()
        func dateUndated(after last: OrderKey?) {
            guard let now else { return }
            WriterDating.date(&events, undated: undated, after: last, now: now)
        }
        var violations: [LifecycleViolation] = []
        // Duplicates inside the batch itself: each id's first position.
        var positionByID: [String: Int] = [:]
        positionByID.reserveCapacity(events.count)
        var repeated: [Int] = []
        events.withUnsafeBufferPointer { events in
            for position in events.indices {
                let first = Self.insertIfAbsent(&positionByID[events[position].id, default: position])
                guard first != position else { continue }
                let (event, other) = (events[position], events[first])
                if other.toggle != event.toggle || other.type != event.type {
                    violations.append(violation(event, .idInUse(byType: other.type, toggle: other.toggle)))
                }
                repeated.append(position)
            }
        }
        if !repeated.isEmpty {
            events.remove(atSorted: repeated)
            if !undated.isEmpty { undated.remove(atSorted: repeated) }
        }
        // Each toggle's group, numbered by first appearance.
        var groupByToggle: [String: Int] = [:]
        var groups: [Int] = []
        groups.reserveCapacity(events.count)
        groupByToggle.reserveCapacity(events.count)
        events.withUnsafeBufferPointer { events in
            for position in events.indices {
                let nextGroup = groupByToggle.count
                groups.append(Self.insertIfAbsent(&groupByToggle[events[position].toggle, default: nextGroup]))
            }
        }
        var existingByGroup: [Int: [Event]] = [:]
        var existingByID: [String: Event] = [:]
        let replay: Replay
        // Set when a checkpoint stood in for the history: every new event comes after the whole
        // log, so each toggle's projected state is where its new events start from.
        var historyFromCheckpoint = false
        // Undated events are dated once the log's last event is known, before anything
        // compares their instants.
        let logExists = SystemCalls.fileType(reader.directory) != nil
        var whyNotCheckpoint = FullReplayReason.noCheckpoint
        let quick = logExists ? try replayForAppend(probing: positionByID, whyNot: &whyNotCheckpoint) : nil
        if let quick { dateUndated(after: quick.replay.summary.lastKey) }
        if !logExists {
            replay = Replay(projection: Projection(), summary: ReadSummary(segmentCount: 0), path: .full(.noCheckpoint))
            dateUndated(after: nil)
        } else if let quick,
                  let lastKey = quick.replay.summary.lastKey,
                  // Events already in the log are set aside below; only the others must come after it.
                  events.withUnsafeBufferPointer({ events in
                      events.indices.allSatisfy { quick.found[events[$0].id] != nil || lastKey < OrderKey(at: events[$0].at, id: events[$0].id) }
                  }) {
            replay = quick.replay
            existingByID = quick.found
            historyFromCheckpoint = true
        } else {
            // Most of the log's events have nothing to do with the batch: the prefilters turn
            // them away before the dictionaries are asked.
            let toggleFilter = StringPrefilter(groupByToggle.keys)
            let idFilter = StringPrefilter(positionByID.keys)
            replay = try self.replay { logged in
                if toggleFilter.mayContain(logged.event.toggle), let group = groupByToggle[logged.event.toggle] {
                    existingByGroup[group, default: []].append(logged.event)
                }
                if idFilter.mayContain(logged.event.id), positionByID[logged.event.id] != nil {
                    existingByID[logged.event.id] = logged.event
                }
            }
            if quick == nil { dateUndated(after: replay.summary.lastKey) }
        }
        var resent: [ResentEvent] = []
        if !existingByID.isEmpty {
            var recorded: [Int] = []
            for position in events.indices {
                let event = events[position]
                guard let existing = existingByID[event.id] else { continue }
                if existing.toggle == event.toggle && existing.type == event.type {
                    resent.append(ResentEvent(recorded: existing, sent: event))
                } else {
                    violations.append(violation(event, .idInUse(byType: existing.type, toggle: existing.toggle)))
                }
                recorded.append(position)
            }
            events.remove(atSorted: recorded)
            groups.remove(atSorted: recorded)
        }
        // The fresh events' positions, grouped by toggle, each group in batch order.
        let groupCount = groupByToggle.count
        var groupStart = [Int](repeating: 0, count: groupCount + 1)
        for group in groups { groupStart[group + 1] += 1 }
        for group in 0..<groupCount { groupStart[group + 1] += groupStart[group] }
        var members = [Int](repeating: 0, count: events.count)
        var next = groupStart
        for (position, group) in groups.enumerated() {
            members[next[group]] = position
            next[group] += 1
        }
        // Toggles are independent: each is checked alone, and the violations are reported
        // toggle by toggle in name order.
        var rejectedToggles: [(toggle: String, violations: [LifecycleViolation])] = []
        for group in 0..<groupCount where groupStart[group] < groupStart[group + 1] {
            let positions = members[groupStart[group]..<groupStart[group + 1]]
            let toggle = events[positions.first!].toggle
            let found: [LifecycleViolation]
            if historyFromCheckpoint {
                found = Self.check(new: positions, of: events, after: replay.projection.toggles[toggle])
            } else if let existing = existingByGroup[group] {
                found = Self.check(new: positions.map { events[$0] }, existing: existing)
            } else {
                found = Self.check(new: positions, of: events)
            }
            if !found.isEmpty { rejectedToggles.append((toggle, found)) }
        }
        // Not needed any more: a big batch's tables go before its segment is encoded.
        positionByID = [:]
        groupByToggle = [:]
        existingByGroup = [:]
        existingByID = [:]
        rejectedToggles.sort { $0.toggle < $1.toggle }
        for rejected in rejectedToggles { violations += rejected.violations }
        guard violations.isEmpty else { throw LedgerError.rejected(violations) }
        let repairs = try writer.repair(replay.summary.warnings)
        var segment: String?
        events.sortIntoReplayOrder()
        if !events.isEmpty { segment = try writer.writeSegment(events) }
        // A checkpoint that served the log but not this batch: one of its events sorts before the checkpoint's end.
        let historyPath: ReplayPath = historyFromCheckpoint ? .checkpoint : .full(quick == nil ? whyNotCheckpoint : .superseded)
        return AppendOutcome(
            written: events, resent: resent, segment: segment, repairs: repairs, warnings: replay.summary.warnings,
            historyPath: historyPath)
    }

    /// The value in `slot`, which a `[key, default:]` subscript has just inserted if the key
    /// was missing: one hash lookup for "find, or insert".
    @inline(__always)
    private static func insertIfAbsent(_ slot: inout Int) -> Int { slot }

    /// ``check(new:existing:)`` for the events at `positions` of `events` and a toggle
    /// without history: every violation is one of the new events', found by folding them alone.
    static func check(new positions: ArraySlice<Int>, of events: [Event]) -> [LifecycleViolation] {
        let order = Self.replayOrder(positions, of: events)
        var state: ToggleState?
        var result: [LifecycleViolation] = []
        for position in order {
            switch Self.apply(position, of: events, to: state) {
            case .success(let next): state = next
            case .failure(var found):
                // "No such toggle" for an event dated before a later creation is really "too early".
                if case .unknownToggle = found.reason,
                   let creation = order.first(where: { events[$0].type == "created" && events[$0].at > found.at }) {
                    found.reason = .beforeCreation(createdAt: events[creation].at)
                }
                result.append(found)
            }
        }
        return result
    }

    /// ``check(new:after:)`` for the events at `positions` of `events`.
    static func check(new positions: ArraySlice<Int>, of events: [Event], after state: ToggleState?) -> [LifecycleViolation] {
        var state = state
        var found: [LifecycleViolation] = []
        for position in Self.replayOrder(positions, of: events) {
            switch Self.apply(position, of: events, to: state) {
            case .success(let next): state = next
            case .failure(let violation): found.append(violation)
            }
        }
        return found
    }

    /// ``Lifecycle/apply(_:to:)`` to the event at `position`, read in place (through a
    /// pointer) rather than copied out of the array.
    @inline(__always)
    private static func apply(_ position: Int, of events: [Event], to state: ToggleState?) -> Result<ToggleState, LifecycleViolation> {
        events.withUnsafeBufferPointer { Lifecycle.apply(($0.baseAddress! + position).pointee, to: state) }
    }

    /// `positions` sorted by the replay order of their events, stable (as ``Array/inReplayOrder()``).
    private static func replayOrder(_ positions: ArraySlice<Int>, of events: [Event]) -> ArraySlice<Int> {
        var sorted = true
        var previous = positions.startIndex
        for index in positions.indices.dropFirst() {
            if events.precedes(positions[index], positions[previous]) { sorted = false; break }
            previous = index
        }
        if sorted { return positions }
        return ArraySlice(positions.sorted { events.precedes($0, $1) || (!events.precedes($1, $0) && $0 < $1) })
    }

    /// Folds one toggle's events with and without the new ones; a violation that only the
    /// new events cause rejects them.
    static func check(new: [Event], existing: [Event]) -> [LifecycleViolation] {
        func fold(_ events: [Event]) -> [LifecycleViolation] {
            var state: ToggleState?
            var found: [LifecycleViolation] = []
            for event in events {
                switch Lifecycle.apply(event, to: state) {
                case .success(let next): state = next
                case .failure(let violation): found.append(violation)
                }
            }
            return found
        }
        let newIDs = Set(new.map(\.id))
        let alreadyBroken = Set(fold(existing).map(\.eventID))
        let combined = (existing + new).inReplayOrder()
        var result: [LifecycleViolation] = []
        for found in fold(combined) where !alreadyBroken.contains(found.eventID) {
            if newIDs.contains(found.eventID) {
                var found = found
                // "No such toggle" for an event dated before a later creation is really "too early".
                if case .unknownToggle = found.reason,
                   let creation = combined.first(where: { $0.type == "created" && $0.at > found.at }) {
                    found.reason = .beforeCreation(createdAt: creation.at)
                }
                result.append(found)
            } else if let culprit = combined.last(where: { newIDs.contains($0.id) && $0.orderKey < OrderKey(at: found.at, id: found.eventID) }) {
                result.append(LifecycleViolation(eventID: culprit.id, toggle: culprit.toggle, type: culprit.type, at: culprit.at, reason: .invalidatesLater(found)))
            }
        }
        return result
    }

    /// ``check(new:existing:)`` when every new event comes after the toggle's whole history,
    /// whose fold is `state`: only the new events can break a rule.
    static func check(new: [Event], after state: ToggleState?) -> [LifecycleViolation] {
        var state = state
        var found: [LifecycleViolation] = []
        for event in new.inReplayOrder() {
            switch Lifecycle.apply(event, to: state) {
            case .success(let next): state = next
            case .failure(let violation): found.append(violation)
            }
        }
        return found
    }

    private func violation(_ event: Event, _ reason: LifecycleViolation.Reason) -> LifecycleViolation {
        LifecycleViolation(eventID: event.id, toggle: event.toggle, type: event.type, at: event.at, reason: reason)
    }
}

/// What an append did.
public struct AppendOutcome: Sendable {
    /// Events written, in replay order.
    public var written: [Event]
    /// Events skipped because their id was already in the log, each with the event sent.
    public var resent: [ResentEvent]
    /// Events skipped because their id was already in the log (as found there).
    public var alreadyRecorded: [Event] { resent.map(\.recorded) }
    /// The new segment, or nil when nothing was written.
    public var segment: String?
    /// Torn tails repaired before writing.
    public var repairs: [String]
    /// Warnings from reading the log.
    public var warnings: [LogWarning]
    /// How the log's history was read to validate the batch: from the checkpoint, or in full.
    public var historyPath: ReplayPath
}

/// Why an append was refused.
public enum LedgerError: Error, Sendable, CustomStringConvertible {
    /// One or more events break lifecycle rules; nothing was written.
    case rejected([LifecycleViolation])

    public var description: String {
        switch self {
        case .rejected(let violations): violations.map(\.description).joined(separator: "\n")
        }
    }
}
