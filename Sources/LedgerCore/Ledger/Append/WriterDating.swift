import LedgerPlatform
import LedgerModel
import LedgerStore
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
