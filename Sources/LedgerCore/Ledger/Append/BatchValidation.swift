import LedgerPlatform
import LedgerModel
import LedgerStore
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
