import Testing
import LedgerModel

/// Builds events for one toggle and folds them, as replay does.
package struct ToggleScript {
    package var name = "flag"
    package var events: [Event] = []
    private var counter = 0

    package init(name: String = "flag") { self.name = name }

    package static func at(_ text: String) -> Timestamp { Timestamp(userInput: text)! }

    package mutating func add(_ at: String, _ change: Change) {
        counter += 1
        events.append(Event(id: "e\(counter)", at: Self.at(at), toggle: name, actor: "tester", change: change))
    }

    package mutating func create(
        _ at: String, kind: ToggleKind = .remote, type: ValueType = .bool, default value: JSONValue = .bool(false),
        category: String = "release", expires: String? = nil
    ) {
        add(
            at,
            .created(
                ToggleDefinition(
                    kind: kind, valueType: type, defaultValue: value, category: category, owner: "owner@example.com",
                    expires: expires.flatMap(CalendarDate.init))))
    }

    package mutating func publish(_ at: String, _ value: JSONValue?, conditions: [(String, JSONValue?)] = []) {
        add(
            at,
            .published(
                RemoteValue(
                    value: value, conditions: conditions.map { ConditionalValue(name: $0.0, expression: "x", value: $0.1) })))
    }

    /// The state after folding the events in replay order (not in the order they were added).
    package var state: ToggleState {
        var projection = Projection()
        for event in events.sorted(by: { $0.orderKey < $1.orderKey }) { projection.apply(event) }
        #expect(projection.violations.isEmpty, "\(projection.violations.map(\.violation))")
        return projection.toggles[name]!
    }
}
