/// A log directory and everything done with it: replay, history, validated appends.
///
/// This is the library's front door. It never prints and never exits; it returns values
/// and throws ``LogError`` (the log cannot be read or written) or ``LedgerError``.
public struct Ledger: Sendable {
    public let reader: LogReader
    public let writer: LogWriter

    /// - Parameters:
    ///   - directory: the log directory (`events`).
    ///   - displayName: how messages name it; defaults to `directory`.
    public init(directory: String, displayName: String? = nil) {
        reader = LogReader(directory: directory, displayName: displayName)
        writer = LogWriter(directory: directory, displayName: displayName)
    }

    /// The state of every toggle after replaying the log, up to and including `until`.
    public func replay(until: Timestamp? = nil, observe: ((LoggedEvent) -> Void)? = nil) throws -> Replay {
        // Without an observer only the result matters, so a checkpoint may stand in for the
        // events it covers (see ReplayCheckpoint).
        if observe == nil && !ReplayCheckpoint.isDisabled { return try checkpointedReplay(until: until) }
        var projection = Projection()
        let summary = try reader.read(segments: try reader.segments(), until: until, warm: { projection.touch(slot: $0) }) { logged in
            observe?(logged)
            projection.apply(logged)
        }
        return Replay(projection: projection, summary: summary)
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
    public func append(_ events: [Event]) throws -> AppendOutcome {
        try writer.withLock(creatingDirectory: true) { () throws -> AppendOutcome in
            try appendHoldingLock(events)
        }
    }

    private func appendHoldingLock(_ batch: [Event]) throws -> AppendOutcome {
        var violations: [LifecycleViolation] = []
        // Duplicates inside the batch itself.
        var batchByID: [String: Event] = [:]
        var events: [Event] = []
        for event in batch {
            if let other = batchByID[event.id] {
                if other.toggle != event.toggle || other.type != event.type {
                    violations.append(violation(event, .idInUse(byType: other.type, toggle: other.toggle)))
                }
                continue
            }
            batchByID[event.id] = event
            events.append(event)
        }
        let affected = Set(events.map(\.toggle))
        var existingByToggle: [String: [Event]] = [:]
        var existingByID: [String: Event] = [:]
        let replay: Replay
        // Set when a checkpoint stood in for the history: every new event comes after the whole
        // log, so each toggle's projected state is where its new events start from.
        var historyFromCheckpoint = false
        if SystemCalls.fileType(reader.directory) == nil {
            replay = Replay(projection: Projection(), summary: ReadSummary(segmentCount: 0))
        } else if let quick = try replayForAppend(probing: Set(batchByID.keys)),
                  let lastKey = quick.replay.summary.lastKey, events.allSatisfy({ lastKey < $0.orderKey }) {
            replay = quick.replay
            existingByID = quick.found
            historyFromCheckpoint = true
        } else {
            replay = try self.replay { logged in
                if affected.contains(logged.event.toggle) { existingByToggle[logged.event.toggle, default: []].append(logged.event) }
                if batchByID[logged.event.id] != nil { existingByID[logged.event.id] = logged.event }
            }
        }
        var alreadyRecorded: [Event] = []
        var fresh: [Event] = []
        for event in events {
            if let existing = existingByID[event.id] {
                if existing.toggle == event.toggle && existing.type == event.type {
                    alreadyRecorded.append(existing)
                } else {
                    violations.append(violation(event, .idInUse(byType: existing.type, toggle: existing.toggle)))
                }
            } else {
                fresh.append(event)
            }
        }
        let freshByToggle = Dictionary(grouping: fresh, by: \.toggle)
        for toggle in freshByToggle.keys.sorted() {
            if historyFromCheckpoint {
                violations += Self.check(new: freshByToggle[toggle]!, after: replay.projection.toggles[toggle])
            } else {
                violations += Self.check(new: freshByToggle[toggle]!, existing: existingByToggle[toggle] ?? [])
            }
        }
        guard violations.isEmpty else { throw LedgerError.rejected(violations) }
        let repairs = try writer.repair(replay.summary.warnings)
        var segment: String?
        if !fresh.isEmpty { segment = try writer.writeSegment(fresh) }
        return AppendOutcome(written: fresh.inReplayOrder(), alreadyRecorded: alreadyRecorded, segment: segment, repairs: repairs, warnings: replay.summary.warnings)
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

/// The result of a replay.
public struct Replay: Sendable {
    public var projection: Projection
    public var summary: ReadSummary
}

/// What an append did.
public struct AppendOutcome: Sendable {
    /// Events written, in replay order.
    public var written: [Event]
    /// Events skipped because their id was already in the log (as found there).
    public var alreadyRecorded: [Event]
    /// The new segment, or nil when nothing was written.
    public var segment: String?
    /// Torn tails repaired before writing.
    public var repairs: [String]
    /// Warnings from reading the log.
    public var warnings: [LogWarning]
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
