import LedgerPlatform
import LedgerModel
/// The outcome of a replay as a list sorted by toggle name: what `state`, `report` and
/// `check` print. It answers exactly what a full replay answers, without the index by name a
/// ``Projection`` keeps, so it can be restored from a replay checkpoint in a fraction of the
/// time (the checkpoint stores the toggles in this order).
package struct ReplaySnapshot: Sendable {
    /// Every toggle, sorted by name (UTF-8 byte order), as ``Projection/sortedToggles``.
    public var toggles: [ToggleState]
    /// Where each toggle's current life began (its `created` event), aligned with ``toggles``:
    /// ``Projection/creationSites`` by position.
    public var creationSites: [LineLocation?]
    /// Events that broke a lifecycle rule and were skipped, in replay order.
    public var violations: [(location: LineLocation?, violation: LifecycleViolation)]
    /// Events of a type this version does not know, in replay order.
    public var unknownTypes: [(location: LineLocation?, event: Event)]
    /// Events folded (``Projection/eventCount``).
    public var eventCount: Int
    /// The log-wide state (``Projection/supportedVersions``).
    public var supportedVersions: SupportedVersions
    public var summary: ReadSummary
    /// Whether it was restored from the checkpoint or replayed in full, and why.
    public var path: ReplayPath

    package init(
        toggles: [ToggleState], creationSites: [LineLocation?],
        violations: [(location: LineLocation?, violation: LifecycleViolation)],
        unknownTypes: [(location: LineLocation?, event: Event)], eventCount: Int, summary: ReadSummary,
        path: ReplayPath, supportedVersions: SupportedVersions = SupportedVersions()
    ) {
        self.supportedVersions = supportedVersions
        self.toggles = toggles
        self.creationSites = creationSites
        self.violations = violations
        self.unknownTypes = unknownTypes
        self.eventCount = eventCount
        self.summary = summary
        self.path = path
    }

    /// Leaves out removed toggles (and their creation sites), except those still served to
    /// older app versions (``ToggleState/isInUse``).
    package mutating func dropRemoved() {
        guard toggles.contains(where: { !$0.isInUse }) else { return }
        var keptToggles: [ToggleState] = []
        var keptSites: [LineLocation?] = []
        for (toggle, site) in zip(toggles, creationSites) where toggle.isInUse {
            keptToggles.append(toggle)
            keptSites.append(site)
        }
        toggles = keptToggles
        creationSites = keptSites
    }

    /// The toggles by name, as ``Projection/toggles``.
    public var togglesByName: [String: ToggleState] {
        Dictionary(toggles.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The position of the toggle named `name` in ``toggles``, by binary search.
    package func position(of name: String) -> Int? {
        let low = insertionPoint(of: name)
        return low < toggles.count && utf8Equal(toggles[low].name, name) ? low : nil
    }

    /// The first position whose toggle's name does not sort before `name`.
    func insertionPoint(of name: String) -> Int {
        var low = 0
        var high = toggles.count
        while low < high {
            let middle = (low + high) / 2
            if utf8Precedes(toggles[middle].name, name) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Folds events that come after everything in this snapshot, in replay order, as
    /// ``Projection/apply(_:at:)`` would on the projection it stands for. Each event only
    /// reads and writes its own toggle, so only the toggles they name are indexed.
    package mutating func apply(_ events: [LoggedEvent]) {
        guard !events.isEmpty else { return }
        var positions: [String: Int] = [:]
        var affected: [ToggleState] = []
        var affectedSites: [String: LineLocation] = [:]
        for logged in events where positions[logged.event.toggle] == nil {
            let name = logged.event.toggle
            guard let position = position(of: name) else { continue }
            positions[name] = position
            affected.append(toggles[position])
            affectedSites[name] = creationSites[position]
        }
        var projection = Projection(
            toggles: affected, violations: [], unknownTypes: [], eventCount: 0, creationSites: affectedSites,
            supportedVersions: supportedVersions)
        for logged in events { projection.apply(logged.event, at: logged.location) }
        let sites = projection.creationSites
        var created: [(ToggleState, LineLocation?)] = []
        for state in projection.toggles.values {
            if let position = positions[state.name] {
                toggles[position] = state
                creationSites[position] = sites[state.name]
            } else {
                created.append((state, sites[state.name]))
            }
        }
        if !created.isEmpty && created.count <= 64 {
            // A few new toggles: each inserted at its place (the others move, unchanged).
            for (state, site) in created {
                let position = insertionPoint(of: state.name)
                toggles.insert(state, at: position)
                creationSites.insert(site, at: position)
            }
        } else if !created.isEmpty {
            created.sort { utf8Precedes($0.0.name, $1.0.name) }
            var mergedToggles: [ToggleState] = []
            var mergedSites: [LineLocation?] = []
            mergedToggles.reserveCapacity(toggles.count + created.count)
            mergedSites.reserveCapacity(toggles.count + created.count)
            var next = 0
            for (position, toggle) in toggles.enumerated() {
                while next < created.count && utf8Precedes(created[next].0.name, toggle.name) {
                    mergedToggles.append(created[next].0)
                    mergedSites.append(created[next].1)
                    next += 1
                }
                mergedToggles.append(toggle)
                mergedSites.append(creationSites[position])
            }
            for (toggle, site) in created[next...] {
                mergedToggles.append(toggle)
                mergedSites.append(site)
            }
            toggles = mergedToggles
            creationSites = mergedSites
        }
        if !projection.settledEventIDs.isEmpty {
            violations.removeAll { $0.violation.isConflict && projection.settledEventIDs.contains($0.violation.eventID) }
        }
        violations += projection.violations
        unknownTypes += projection.unknownTypes
        eventCount += projection.eventCount
        supportedVersions = projection.supportedVersions
    }
}
