/// Folds events, in replay order, into the state of every toggle.
public struct Projection: Sendable {
    public private(set) var toggles: [String: ToggleState] = [:]
    /// Events that broke a lifecycle rule and were skipped.
    public private(set) var violations: [(location: LineLocation?, violation: LifecycleViolation)] = []
    /// Events of a type this version does not know.
    public private(set) var unknownTypes: [(location: LineLocation?, event: Event)] = []
    public private(set) var eventCount = 0
    /// Where each toggle's current life began: the line of the `created` event that made it
    /// (for reports that point at the declaration), when the event was read from a log.
    public private(set) var creationSites: [String: LineLocation] = [:]

    public init() {}

    /// A projection restored from a checkpoint.
    init(
        toggles: [String: ToggleState], violations: [(location: LineLocation?, violation: LifecycleViolation)],
        unknownTypes: [(location: LineLocation?, event: Event)], eventCount: Int, creationSites: [String: LineLocation]
    ) {
        self.creationSites = creationSites
        self.toggles = toggles
        self.violations = violations
        self.unknownTypes = unknownTypes
        self.eventCount = eventCount
    }

    public mutating func apply(_ event: Event, at location: LineLocation? = nil) {
        eventCount += 1
        if case .unknown = event.change { unknownTypes.append((location, event)) }
        // One hash lookup per event: the state is replaced in place.
        if let index = toggles.index(forKey: event.toggle) {
            switch Lifecycle.apply(event, to: toggles.values[index]) {
            case .success(let state):
                toggles.values[index] = state
                if case .created = event.change { creationSites[event.toggle] = location }
            case .failure(let violation): violations.append((location, violation))
            }
            return
        }
        switch Lifecycle.apply(event, to: nil) {
        case .success(let state):
            toggles[event.toggle] = state
            creationSites[event.toggle] = location
        case .failure(let violation): violations.append((location, violation))
        }
    }

    /// Toggles sorted by name.
    public var sortedToggles: [ToggleState] {
        // Sorting names with positions, not the (large) states themselves.
        let names = Array(toggles.keys)
        let states = Array(toggles.values)
        return names.indices.sorted { utf8Precedes(names[$0], names[$1]) }.map { states[$0] }
    }
}
