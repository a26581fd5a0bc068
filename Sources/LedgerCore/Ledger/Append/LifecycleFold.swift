import LedgerPlatform
import LedgerModel
import LedgerStore
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
