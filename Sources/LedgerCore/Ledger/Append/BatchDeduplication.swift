import LedgerPlatform
import LedgerModel
import LedgerStore
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
