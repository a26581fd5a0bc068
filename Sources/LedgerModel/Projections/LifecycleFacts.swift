
/// What a timeline follows of a toggle after each event: its stage and what its stale
/// deadline depends on. Plain values: reading them copies none of the state's references,
/// which a replay of a million events would otherwise retain and release one by one.
package struct LifecycleFacts: Sendable, Hashable {
    package var stage: ToggleStage
    package var stageSince: Timestamp
    package var createdAt: Timestamp
    package var expires: CalendarDate?
}

extension Projection {
    /// The facts of the toggle at `position` in ``toggles``.
    package func lifecycleFacts(at position: Int) -> LifecycleFacts {
        toggles.values.withUnsafeBufferPointer { values in
            LifecycleFacts(
                stage: values[position].stage, stageSince: values[position].stageSince,
                createdAt: values[position].createdAt, expires: values[position].definition.expires)
        }
    }

    /// For the toggle at `position`, removed from the code in an app version: whether its
    /// parameter is still served (``ToggleState/awaitsRetirement``), and since when no
    /// supported app version reads it (``ToggleState/retirementDue(_:)``; nil while one does).
    package func retirement(at position: Int) -> (awaits: Bool, due: Timestamp?) {
        toggles.values.withUnsafeBufferPointer { ($0[position].awaitsRetirement, $0[position].retirementDue(supportedVersions)) }
    }

    /// How many events were skipped for breaking a lifecycle rule so far.
    package var violationCount: Int { violations.count }
}
