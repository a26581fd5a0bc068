/// What one event did to its toggle, for an auditor reading history event by event.
package struct ReplayStep: Sendable {
    package var logged: LoggedEvent
    /// The toggle just before the event; nil when the name did not exist.
    package var before: ToggleState?
    /// The toggle just after; equal to `before` when the event was skipped.
    package var after: ToggleState?
    /// Why replay skipped the event, when it broke a lifecycle rule.
    package var violation: LifecycleViolation?
    /// The fields whose value changed, in a fixed order.
    package var changes: [FieldChange]
    /// The `voided` event that takes this one back, when one does: replay passed over it.
    package var voidedBy: String?

    /// One field of a toggle's state, before and after (nil: absent).
    package struct FieldChange: Sendable, Hashable {
        package var field: String
        package var before: JSONValue?
        package var after: JSONValue?
    }
}

/// Folds events like ``Projection`` and reports, for every event, the state change it made.
///
/// Memory grows with the number of toggles, not with the number of events, so the steps
/// can be streamed straight to the output.
package struct ReplayTracker: Sendable {
    package private(set) var toggles: [String: ToggleState] = [:]
    package private(set) var supportedVersions = SupportedVersions()
    /// The id of each event named by a `voided` event met so far → that `voided` event's id.
    private var voided: [String: String] = [:]
    /// Toggle name → the `voided` event that took its creation back (see ``Projection``).
    private(set) var voidedCreations: [String: String] = [:]

    package init() {}

    /// Applies `logged` and returns what it changed. Events of an unknown type and events
    /// that break a rule change nothing.
    package mutating func apply(_ logged: LoggedEvent) -> ReplayStep {
        let before = toggles[logged.event.toggle]
        if case .voided(let target, _) = logged.event.change { voided[target] = logged.event.id }
        if let voidedBy = voided[logged.event.id] {
            if case .created = logged.event.change { voidedCreations[logged.event.toggle] = voidedBy }
            return ReplayStep(logged: logged, before: before, after: before, violation: nil, changes: [], voidedBy: voidedBy)
        }
        // After the voids, as Projection folds them: a voided log-wide event is passed over too.
        if logged.event.change.isLogWide {
            let before = supportedVersions.minimum.map { JSONValue.string($0.text) }
            var conflict: LifecycleViolation?
            _ = supportedVersions.apply(logged.event, conflict: &conflict)
            let after = supportedVersions.minimum.map { JSONValue.string($0.text) }
            let changes = before == after ? [] : [ReplayStep.FieldChange(field: "minimumVersion", before: before, after: after)]
            return ReplayStep(logged: logged, before: nil, after: nil, violation: conflict, changes: changes, voidedBy: nil)
        }
        switch Lifecycle.apply(logged.event, to: before) {
        case .success(let after):
            toggles[logged.event.toggle] = after
            return ReplayStep(logged: logged, before: before, after: after, violation: nil, changes: Self.changes(before, after), voidedBy: nil)
        case .failure(var violation):
            if case .unknownToggle = violation.reason, voidedCreations[violation.toggle] != nil { violation.reason = .creationVoided }
            return ReplayStep(logged: logged, before: before, after: before, violation: violation, changes: [], voidedBy: nil)
        }
    }

    /// Bookkeeping fields that change with every event and say nothing by themselves.
    private static let ignoredFields: Set<String> = ["updatedAt", "events"]

    /// The fields of the state's JSON form (as `toggles state --format json` prints it)
    /// that differ between `before` and `after`.
    package static func changes(_ before: ToggleState?, _ after: ToggleState?) -> [ReplayStep.FieldChange] {
        let old = before.map(\.jsonObject) ?? JSONObject()
        let new = after.map(\.jsonObject) ?? JSONObject()
        var result: [ReplayStep.FieldChange] = []
        var keys = new.keys
        for key in old.keys where !keys.contains(key) { keys.append(key) }
        for key in keys where !ignoredFields.contains(key) && key != "name" {
            let oldValue = old[key].flatMap { $0 == .null ? nil : $0 }
            let newValue = new[key].flatMap { $0 == .null ? nil : $0 }
            if oldValue != newValue { result.append(.init(field: key, before: oldValue, after: newValue)) }
        }
        return result
    }
}
