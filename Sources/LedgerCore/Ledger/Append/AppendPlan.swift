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
