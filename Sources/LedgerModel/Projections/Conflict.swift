/// Two lifecycle edits of one toggle made concurrently (on two branches that git merged)
/// that cannot both stand: the event earlier in replay order stands, the later ones are
/// overruled until a `resolved` event settles it. See docs/log.md, "Conflicts".
package struct Conflict: Sendable, Hashable {
    /// What clashed; each kind has one replay rule (``rule``).
    public enum Kind: String, Sendable, Hashable {
        /// Created twice with different definitions (the same name on two branches, or two
        /// re-creations after a removal).
        case createdTwice = "created-twice"
        /// Changed, published, extended or retired on one branch, removed on another.
        case changedAfterRemoval = "changed-after-removal"
        /// Removed on two branches.
        case removedTwice = "removed-twice"
        /// A change that fits the declaration made on its own branch (kind, value type), not
        /// the one that stands.
        case declaration
        /// The expiry moved on two branches.
        case expiry
        /// Changed on one branch, its creation voided on another.
        case changedAfterVoid = "changed-after-void"
        /// The minimum supported app version (log-wide, toggle `_app`) changed on two branches.
        case minimumVersion = "minimum-version"
    }

    public var toggle: String
    public var kind: Kind
    /// The event that stands (replay applied it).
    public var standing: String
    /// The events replay passed over, in replay order.
    public var overruled: [String]
    /// The `resolved` event that settled it, if one did.
    public var resolvedBy: String?

    /// Every event of the conflict, sorted by id: what `toggles resolve` records it settles.
    public var eventIDs: [String] { ([standing] + overruled).sorted(by: utf8Precedes) }

    /// The replay rule for this kind, in a sentence.
    public var rule: String {
        switch kind {
        case .createdTwice: "the creation earlier in replay order stands; the later one, and any later event that does not fit it, is overruled"
        case .changedAfterRemoval: "the removal stands; the change made after it on another branch is overruled"
        case .removedTwice: "the earlier removal stands (reason and actor); the later one is overruled"
        case .declaration: "the declaration that stands decides; the change made for the other declaration is overruled"
        case .expiry: "the later expiry date stands; the extension to an earlier date is overruled"
        case .changedAfterVoid: "the void stands; the change made on another branch is overruled until it is voided too"
        case .minimumVersion: "the highest minimum version stands; the others set concurrently are overruled"
        }
    }

    /// One line: `created-twice: 01J… stands, 01K… overruled; …`.
    public var summary: String {
        let overruledText = overruled.joined(separator: ", ")
        // A voided creation leaves no toggle to resolve: the other branch's events are voided too.
        let settle = kind == .changedAfterVoid ? "void them too with `toggles void EVENT-ID`" : "settle it with `toggles resolve \(toggle)`"
        return "\(kind.rawValue): \(standing) stands, \(overruledText) overruled" + (resolvedBy.map { "; resolved by \($0)" } ?? "; \(settle)")
    }
}

/// Folds a toggle's events (in replay order, as ``ReplayTracker`` does) and groups the
/// conflicts: which event stands and which are overruled, and which `resolved` event settled
/// each. Used where conflicts are shown (`history`, `state`, `report`, `audit`) and by
/// `toggles resolve`, never on replay's hot path: the projection only keeps the overruled
/// events as violations.
package struct ConflictTracker: Sendable {
    package private(set) var tracker = ReplayTracker()
    /// Every conflict met, in the order found; settled ones carry ``Conflict/resolvedBy``.
    package private(set) var conflicts: [Conflict] = []
    /// Per toggle, the events whose effect a later edit may clash with.
    private var marks: [String: Marks] = [:]
    /// The state a voided creation would have made, by toggle: a conflict about a toggle whose
    /// creation was voided still needs a state to be reported against.
    package private(set) var voidedCreationStates: [String: ToggleState] = [:]

    private struct Marks {
        var declaration: String?
        var removal: String?
        var expiry: String?
        /// The `minimum-version-changed` event whose version is in force (log-wide).
        var minimum: String?
    }

    package init() {}

    package var open: [Conflict] { conflicts.filter { $0.resolvedBy == nil } }

    package mutating func apply(_ logged: LoggedEvent) -> ReplayStep {
        let minimumChanges = tracker.supportedVersions.changes.count
        let step = tracker.apply(logged)
        let event = logged.event
        guard step.voidedBy == nil else {
            if case .created = event.change, let state = try? Lifecycle.created(event, replacing: nil).get() {
                voidedCreationStates[event.toggle] = state
            }
            return step
        }
        if case .minimumVersionChanged(_, _, _, let resolves) = event.change {
            // Log-wide: a concurrent change is a conflict whether it was applied (the higher) or not.
            let applied = tracker.supportedVersions.changes.count > minimumChanges
            if let violation = step.violation {
                recordMinimum(violation, of: event, stands: applied)
            } else if applied {
                marks[event.toggle, default: Marks()].minimum = event.id
            }
            settle(resolves, by: event)
            return step
        }
        if let violation = step.violation {
            if violation.isConflict { record(violation, of: event) }
            return step
        }
        var mark = marks[event.toggle] ?? Marks()
        switch event.change {
        case .created(let definition):
            mark = Marks(declaration: event.id, removal: nil, expiry: definition.expires == nil ? nil : event.id)
        case .removed, .codeRemoved:
            mark.removal = event.id
        case .expiryExtended:
            mark.expiry = event.id
        case .resolved(let resolution):
            mark = Marks(declaration: event.id, removal: resolution.removed ? event.id : nil, expiry: event.id)
            settle(resolution.conflict, by: event)
        default:
            break
        }
        marks[event.toggle] = mark
        return step
    }

    /// Marks the open conflicts of `event`'s toggle whose events `conflict` names all as
    /// settled by `event`.
    private mutating func settle(_ conflict: [String], by event: Event) {
        guard !conflict.isEmpty else { return }
        let named = Set(conflict)
        for index in conflicts.indices
        where conflicts[index].toggle == event.toggle && conflicts[index].resolvedBy == nil
            && conflicts[index].eventIDs.allSatisfy(named.contains)
        {
            conflicts[index].resolvedBy = event.id
        }
    }

    /// A minimum version changed concurrently with the one in force: the higher stands
    /// (`stands`: this event's). An open minimum-version conflict whose standing event this
    /// one overrules grows, so three branches make one conflict.
    private mutating func recordMinimum(_ violation: LifecycleViolation, of event: Event, stands: Bool) {
        guard case .concurrentMinimum = violation.reason else { return }
        let inForce = marks[event.toggle]?.minimum ?? "?"
        let open = conflicts.lastIndex { $0.toggle == event.toggle && $0.kind == .minimumVersion && $0.standing == inForce && $0.resolvedBy == nil }
        if stands {
            marks[event.toggle, default: Marks()].minimum = event.id
            if let open {
                conflicts[open].overruled.append(inForce)
                conflicts[open].standing = event.id
            } else {
                conflicts.append(Conflict(toggle: event.toggle, kind: .minimumVersion, standing: event.id, overruled: [inForce], resolvedBy: nil))
            }
        } else if let open {
            conflicts[open].overruled.append(event.id)
        } else {
            conflicts.append(Conflict(toggle: event.toggle, kind: .minimumVersion, standing: inForce, overruled: [event.id], resolvedBy: nil))
        }
    }

    private mutating func record(_ violation: LifecycleViolation, of event: Event) {
        let mark = marks[event.toggle] ?? Marks()
        let kind: Conflict.Kind
        let standing: String?
        switch violation.reason {
        case .alreadyExists, .beforeCreation:
            (kind, standing) = (.createdTwice, mark.declaration)
        case .removed, .beforeRemoval, .invalidField:
            switch event.change {
            case .removed, .codeRemoved: kind = .removedTwice
            case .created: kind = .createdTwice
            default: kind = .changedAfterRemoval
            }
            standing = mark.removal
        case .notRemote, .wrongValueType:
            (kind, standing) = (.declaration, mark.declaration)
        case .expiryNotLater:
            (kind, standing) = (.expiry, mark.expiry ?? mark.declaration)
        case .creationVoided:
            (kind, standing) = (.changedAfterVoid, tracker.voidedCreations[event.toggle])
        case .sameCreation, .unknownToggle, .idInUse, .invalidatesLater, .concurrentMinimum:
            return
        }
        let winner = standing ?? "?"
        if let index = conflicts.lastIndex(where: { $0.toggle == event.toggle && $0.standing == winner && $0.kind == kind && $0.resolvedBy == nil }) {
            conflicts[index].overruled.append(event.id)
        } else {
            conflicts.append(Conflict(toggle: event.toggle, kind: kind, standing: winner, overruled: [event.id], resolvedBy: nil))
        }
    }
}
