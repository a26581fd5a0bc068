import LedgerModel
import LedgerStore

extension Ledger {
    /// The conflicts of the toggles named (open and settled), found by folding their events
    /// up to `until`. Read only when a replay reported a conflict: the projection keeps the
    /// overruled events, this names the events that stand against them.
    /// - Returns: the conflicts, and the state of each toggle named (removed ones too).
    package func conflicts(of toggles: Set<String>, until: Timestamp? = nil) throws -> (conflicts: [Conflict], states: [String: ToggleState]) {
        guard !toggles.isEmpty else { return ([], [:]) }
        var tracker = ConflictTracker()
        _ = try reader.read(until: until) { logged in
            if toggles.contains(logged.event.toggle) { _ = tracker.apply(logged) }
        }
        var states = tracker.tracker.toggles.merging(tracker.voidedCreationStates) { live, _ in live }
        if toggles.contains(Event.appToggle), let first = tracker.tracker.supportedVersions.changes.first {
            states[Event.appToggle] = ToggleState.logWide(tracker.tracker.supportedVersions, since: first)
        }
        return (tracker.conflicts, states)
    }

    /// The open conflicts of the replay `snapshot` made of this log at `until`, with the
    /// state of their toggles.
    package func openConflicts(in snapshot: ReplaySnapshot, until: Timestamp? = nil) throws -> (conflicts: [Conflict], states: [String: ToggleState]) {
        let found = try conflicts(of: snapshot.conflictedToggles, until: until)
        return (found.conflicts.filter { $0.resolvedBy == nil }, found.states)
    }
}

extension ReplaySnapshot {
    /// The toggles with an open conflict: an overruled event no resolution settled yet.
    public var conflictedToggles: Set<String> {
        Set(violations.lazy.filter(\.violation.isConflict).map(\.violation.toggle))
    }
}

extension StaleReport {
    /// Adds a `conflict` reason to the toggle of each open conflict; a removed toggle in a
    /// conflict (its removal stood) gets an entry of its own, so the gate still sees it.
    package mutating func include(conflicts: [Conflict], toggles: [String: ToggleState]) {
        guard !conflicts.isEmpty else { return }
        for conflict in conflicts {
            let reason = { (state: ToggleState) in
                StaleReason(
                    code: .conflict, days: 0, since: state.updatedAt,
                    category: state.definition.category, owner: state.definition.owner, toggle: conflict.toggle, conflict: conflict)
            }
            if let index = entries.firstIndex(where: { $0.name == conflict.toggle }) {
                entries[index].reasons.append(reason(entries[index].toggle))
            } else if let state = toggles[conflict.toggle] {
                entries.append(
                    Entry(
                        toggle: state, reasons: [reason(state)], ageDays: StalePolicy.wholeDays(from: state.createdAt, to: asOf),
                        stageDays: StalePolicy.wholeDays(from: state.stageSince, to: asOf), lifetimeDays: nil, categoryIsKnown: true, declaredAt: nil))
            }
        }
        // Stale entries first, by name within each group, as the report orders them.
        entries.sort { lhs, rhs in
            lhs.isStale != rhs.isStale ? lhs.isStale : utf8Precedes(lhs.name, rhs.name)
        }
    }
}

extension ToggleState {
    /// The minimum supported version as a state the stale report can carry: a conflict of
    /// the log-wide events (toggle `_app`) is reported, and gated on, like a toggle's. Its
    /// "default" is the minimum in force; the report's counts leave it out (it is no toggle).
    static func logWide(_ supported: SupportedVersions, since first: SupportedVersions.Change) -> ToggleState {
        let definition = ToggleDefinition(
            kind: .build, valueType: .string, defaultValue: .string(supported.minimum?.text ?? "none"), category: "log-wide",
            owner: nil, description: "the minimum supported app version", expires: nil)
        return ToggleState(
            name: Event.appToggle, definition: definition, createdAt: first.at, createdBy: first.actor,
            updatedAt: supported.since ?? first.at, eventCount: supported.changes.count, stageSince: first.at,
            baselineValue: definition.defaultValue)
    }
}
