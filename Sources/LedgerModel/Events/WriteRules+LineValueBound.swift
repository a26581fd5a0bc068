/// How many JSON values an event's log line can hold, for the writer's side of the reader's
/// bound (``JSONParser/maximumValues``): what a writer accepts, every reader accepts.
extension WriteRules {
    /// Room for the line's object, its fixed fields, `source` and a resolution's
    /// `definition`: fewer than 40 values in any event this version writes.
    static let envelopeValues = 64

    /// An upper bound of the values on the event's line (``EventCodec/encode(_:)``), each
    /// carried value counted in full; stops counting past `limit`.
    static func lineValueBound(of event: Event, limit: Int) -> Int {
        var total = envelopeValues
        func include(_ value: JSONValue?) {
            guard let value, total <= limit else { return }
            total += value.valueCount(limit: limit - total)
        }
        switch event.change {
        case .created(let definition):
            include(definition.defaultValue)
        case .defaultChanged(let value):
            include(value)
        case .published(let remote):
            include(remote.value)
            include(remote.managed.map(JSONValue.object))
            for condition in remote.conditions {
                total += 3  // its object, name and expression
                include(condition.value)
                include(condition.managed.map(JSONValue.object))
            }
        case .templateConditions(let conditions):
            total += 4 * conditions.count  // object, name, expression, tagColor
        case .resolved(let resolution):
            total += resolution.conflict.count
            include(resolution.definition.defaultValue)
        case .minimumVersionChanged(_, _, _, let resolves):
            total += resolves.count
        case .unpublished, .expiryExtended, .removed, .codeRemoved, .retired, .voided, .unknown, .attributesChanged:
            break
        }
        for member in event.extra { include(member.value) }
        return total
    }
}

extension JSONValue {
    /// The values in this one, itself included, as ``JSONParser`` counts them. Walks without
    /// recursion and stops past `limit`.
    package func valueCount(limit: Int) -> Int {
        guard isContainer else { return 1 }
        var count = 0
        var pending = [self]
        while let value = pending.popLast() {
            count += 1
            if count > limit { return count }
            switch value {
            case .array(let elements): pending += elements
            case .object(let object): pending += object.members.map(\.value)
            case .null, .bool, .number, .string: break
            }
        }
        return count
    }
}
