import CacheHints

/// Folds events, in replay order, into the state of every toggle.
public struct Projection: Sendable {
    package private(set) var toggles = ToggleTable()
    /// Events that broke a lifecycle rule and were skipped, and the events of open conflicts
    /// (``LifecycleViolation/isConflict``; the later of two concurrent minimum versions is
    /// among them even when it stands, being the higher).
    public private(set) var violations: [(location: LineLocation?, violation: LifecycleViolation)] = []
    /// Events of a type this version does not know.
    public private(set) var unknownTypes: [(location: LineLocation?, event: Event)] = []
    public private(set) var eventCount = 0
    /// The log-wide state: the supported app versions.
    public private(set) var supportedVersions = SupportedVersions()
    /// Per toggle (by its position in ``toggles``): the line of the `created` event that
    /// began its current life, when the event was read from a log.
    private var sites: [LineLocation?] = []
    /// The reader's interned-name number for a toggle → its position in ``toggles`` (+1;
    /// 0 = not looked up yet), so replay finds a toggle without hashing its name.
    private var positionBySlot: [Int32] = []
    /// The ids named by the `voided` events met so far. A `voided` event replays just before
    /// the event it names (same instant, an id that sorts first), so this is enough to pass
    /// over it at every instant; a checkpoint never stands between the two.
    private var voided: Set<String> = []
    /// Toggles whose `created` event replay passed over as voided: an event of theirs from
    /// another branch, which still saw the creation, is a conflict, not an error.
    private var voidedCreations: Set<String> = []

    public init() {}

    /// A projection restored from a checkpoint.
    package init(
        toggles: [ToggleState], violations: [(location: LineLocation?, violation: LifecycleViolation)],
        unknownTypes: [(location: LineLocation?, event: Event)], eventCount: Int, creationSites: [String: LineLocation],
        supportedVersions: SupportedVersions = SupportedVersions()
    ) {
        self.supportedVersions = supportedVersions
        self.toggles = ToggleTable(toggles)
        // By index: only the name is read, the state is not copied out (3,000 toggles restored
        // on every append from a checkpoint).
        self.sites = toggles.indices.map { creationSites[toggles[$0].name] }
        self.violations = violations
        self.unknownTypes = unknownTypes
        self.eventCount = eventCount
    }

    /// Where each toggle's current life began: the line of the `created` event that made it
    /// (for reports that point at the declaration), when the event was read from a log.
    public var creationSites: [String: LineLocation] {
        var result: [String: LineLocation] = [:]
        result.reserveCapacity(sites.count)
        for (position, site) in sites.enumerated() {
            if let site { result[toggles.values[position].name] = site }
        }
        return result
    }

    public mutating func apply(_ event: Event, at location: LineLocation? = nil) {
        apply(event, position: toggles.position(of: event.toggle), at: location)
    }

    /// ``apply(_:at:)`` for an event from the reader, which numbers toggle names: the number
    /// finds the toggle without hashing its name. The name is still compared (interned
    /// names compare by identity, so it is cheap), so numbers from another read can never
    /// reach the wrong toggle.
    package mutating func apply(_ logged: borrowing LoggedEvent) {
        let slot = Int(logged.toggleSlot)
        var position: Int?
        if slot >= 0 && slot < positionBySlot.count && positionBySlot[slot] > 0 {
            let cached = Int(positionBySlot[slot]) - 1
            if toggles.values[cached].name == logged.event.toggle { position = cached }
        }
        if position == nil { position = toggles.position(of: logged.event.toggle) }
        apply(logged.event, position: position, at: logged.location)
        guard slot >= 0, let found = position ?? toggles.position(of: logged.event.toggle) else { return }
        if slot >= positionBySlot.count {
            positionBySlot.append(contentsOf: repeatElement(0, count: max(slot + 1, positionBySlot.count * 2) - positionBySlot.count))
        }
        positionBySlot[slot] = Int32(truncatingIfNeeded: found + 1)
    }

    /// Starts loading the state the next event of toggle number `slot` will update (every
    /// cache line of it: the fold reads its name first and writes fields all over it), so
    /// that ``apply(_:)`` finds it in the cache. Returns at once.
    package func prefetch(slot: Int32) {
        let slot = Int(slot)
        guard slot >= 0 && slot < positionBySlot.count && positionBySlot[slot] > 0 else { return }
        let position = Int(positionBySlot[slot]) - 1
        toggles.values.withUnsafeBufferPointer { values in
            let state = UnsafeRawPointer(values.baseAddress! + position)
            for offset in stride(from: 0, to: MemoryLayout<ToggleState>.stride, by: 64) { toggles_prefetch(state + offset) }
            toggles_prefetch(state + MemoryLayout<ToggleState>.size - 1)
        }
    }

    private mutating func apply(_ event: borrowing Event, position: Int?, at location: LineLocation?) {
        eventCount += 1
        if case .unknown = event.change { unknownTypes.append((location, copy event)) }
        if case .voided(let target, _) = event.change {
            voided.insert(target)
            return
        }
        if isVoided(event.id) {
            if case .created = event.change { voidedCreations.insert(event.toggle) }
            return
        }
        if let position {
            // In place: the state is neither copied out nor written back.
            if let violation = Lifecycle.apply(event, toExisting: &toggles.values[position]) {
                record(violation, at: location)
            } else if case .created = event.change {
                sites[position] = location
            } else if case .resolved(let resolution) = event.change {
                settle(resolution.conflict)
            }
            return
        }
        // A log-wide event names no toggle (only the reserved name, which no toggle has).
        var conflict: LifecycleViolation?
        if supportedVersions.apply(event, conflict: &conflict) {
            if let conflict { record(conflict, at: location) }
            if case .minimumVersionChanged(_, _, _, let resolves) = event.change, !resolves.isEmpty { settle(resolves) }
            return
        }
        var state: ToggleState?
        if let violation = Lifecycle.apply(event, to: &state) {
            record(violation, at: location)
        } else if let state {
            toggles.append(state)
            sites.append(location)
        }
    }

    /// Whether replay passed over `event` without folding it: a `voided` event (it only
    /// names another), or one a `voided` event named. What watches a replay (the timeline)
    /// asks this after ``apply(_:)`` so that it skips exactly what replay skipped.
    package func passedOver(_ event: borrowing Event) -> Bool {
        if case .voided = event.change { return true }
        return isVoided(event.id)
    }

    private func isVoided(_ eventID: String) -> Bool { !voided.isEmpty && voided.contains(eventID) }

    /// Keeps a violation, except a creation repeated with the same definition (one fact
    /// recorded on two branches), which is no fault of the log.
    private mutating func record(_ violation: LifecycleViolation, at location: LineLocation?) {
        if case .sameCreation = violation.reason { return }
        var violation = violation
        if case .unknownToggle = violation.reason, voidedCreations.contains(violation.toggle) { violation.reason = .creationVoided }
        violations.append((location, violation))
    }

    /// A resolution (a `resolved` event, or a `minimum-version-changed` that resolves) settles
    /// the conflicts whose overruled events it names: they are no longer reported.
    private mutating func settle(_ conflict: [String]) {
        let named = Set(conflict)
        violations.removeAll { $0.violation.isConflict && named.contains($0.violation.eventID) }
        settledEventIDs.formUnion(named)
    }

    /// The events named by the resolutions folded here, for a snapshot that folds on top of
    /// violations this projection never saw (``ReplaySnapshot``).
    package private(set) var settledEventIDs: Set<String> = []

    /// Toggles sorted by name.
    public var sortedToggles: [ToggleState] {
        sortedPositions.map { toggles.values[$0] }
    }

    /// ``sortedToggles`` with the site of each one's `created` event (see ``creationSites``).
    package var sortedTogglesWithSites: (toggles: [ToggleState], sites: [LineLocation?]) {
        let positions = sortedPositions
        return (positions.map { toggles.values[$0] }, positions.map { sites[$0] })
    }

    /// The positions in ``toggles`` in order of name. Sorting positions, not the (large)
    /// states themselves. Toggle names are ASCII (ToggleName), where String's order is byte
    /// order, and it compares them fastest.
    private var sortedPositions: [Int] {
        let names = toggles.keys
        let ascii = names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        return names.indices.sorted { ascii ? names[$0] < names[$1] : utf8Precedes(names[$0], names[$1]) }
    }
}

/// The toggles of a projection by name: the states in one array (in the order they were
/// first created) and an index from name to position.
package struct ToggleTable: Sendable {
    /// Every toggle, live and removed, in the order of creation.
    public internal(set) var values: [ToggleState] = []
    private var positions: [String: Int] = [:]

    init() {}

    init(_ states: [ToggleState]) {
        values = states
        positions.reserveCapacity(states.count)
        for position in states.indices { positions[states[position].name] = position }
    }

    public subscript(_ name: String) -> ToggleState? {
        positions[name].map { values[$0] }
    }

    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }
    public var keys: [String] { values.map(\.name) }

    /// The same toggles as a dictionary.
    public var dictionary: [String: ToggleState] {
        Dictionary(uniqueKeysWithValues: values.lazy.map { ($0.name, $0) })
    }

    package func position(of name: String) -> Int? { positions[name] }

    package mutating func append(_ state: ToggleState) {
        positions[state.name] = values.count
        values.append(state)
    }
}

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

/// The app versions the team supports, from the log-wide `minimum-version-changed` events:
/// the projection's one piece of state that belongs to no toggle.
public struct SupportedVersions: Sendable, Hashable {
    /// One `minimum-version-changed` event.
    public struct Change: Sendable, Hashable {
        public var at: Timestamp
        public var minimum: AppVersion
        public var actor: String
        public var reason: String?

        public init(at: Timestamp, minimum: AppVersion, actor: String, reason: String?) {
            self.at = at
            self.minimum = minimum
            self.actor = actor
            self.reason = reason
        }
    }

    /// Every change, in replay order (a handful in a log's life).
    public private(set) var changes: [Change] = []

    public init(changes: [Change] = []) {
        self.changes = changes
    }

    /// The oldest supported app version; nil when the log never said (every version is).
    public var minimum: AppVersion? { changes.last?.minimum }
    /// When the current minimum was set.
    public var since: Timestamp? { changes.last?.at }

    /// Folds a log-wide event; false when `event` is not one.
    @discardableResult
    public mutating func apply(_ event: borrowing Event) -> Bool {
        var conflict: LifecycleViolation?
        return apply(event, conflict: &conflict)
    }

    /// Folds a log-wide event (false when `event` is not one) and sets `conflict` when it
    /// was made concurrently with the minimum in force: its writer saw another minimum
    /// (`previous`) than the one replay reached, so another branch changed it meanwhile. Of
    /// the two, the higher version stands (docs/log.md, Conflicts): the event is applied only
    /// when it is higher. The same version set on both branches is one fact, no conflict.
    /// An event without `previous` (written before it was recorded) is applied as it always was.
    package mutating func apply(_ event: borrowing Event, conflict: inout LifecycleViolation?) -> Bool {
        guard case .minimumVersionChanged(let minimum, let reason, let previous, _) = event.change else { return false }
        let inForce = self.minimum
        if let previous, previous.minimum != inForce {
            guard minimum != inForce else { return true }
            conflict = Lifecycle.violation(event, .concurrentMinimum(seen: previous.minimum, inForce: inForce))
            if let inForce, minimum < inForce { return true }
        }
        changes.append(Change(at: event.at, minimum: minimum, actor: event.actor, reason: reason))
        return true
    }

    /// Whether an app version is still supported: it is not older than the minimum.
    public func supports(_ version: AppVersion) -> Bool {
        guard let minimum else { return true }
        return version >= minimum
    }

    /// Since when no supported version is older than `version`: the start of the run of
    /// changes that has kept the minimum at or above it until now; nil while some supported
    /// version is older. For a toggle removed from the code in `version`, the instant its
    /// remote parameter stopped being read.
    public func noneOlder(than version: AppVersion) -> Timestamp? {
        var since: Timestamp?
        for change in changes {
            if change.minimum >= version {
                if since == nil { since = change.at }
            } else {
                since = nil
            }
        }
        return since
    }
}

extension ToggleState {
    /// When a toggle removed from the code still has its remote parameter served, the instant
    /// since which no supported app version reads it: then the parameter can be deleted
    /// (stale reason `retire-remote`). Nil while a supported version still reads it, and for
    /// every other toggle.
    public func retirementDue(_ supported: SupportedVersions) -> Timestamp? {
        guard awaitsRetirement, let version = removedInAppVersion, let removedAt,
            let since = supported.noneOlder(than: version)
        else { return nil }
        return max(since, removedAt)
    }
}
