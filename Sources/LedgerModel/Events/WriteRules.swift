/// The rules every event meets before it is written, checked by ``Ledger/append(_:now:)``
/// whichever command built it (create, append, the imports): what a writer accepts, every
/// reader accepts, so the log never holds a line that replay or `audit` refuses.
///
/// - Its id follows ``EventID/problem(with:)``, the rule `audit --strict` applies to what it reads.
/// - Its line, envelope included, nests at most ``JSONParser/maximumDepth`` levels and holds
///   at most ``JSONParser/maximumValues`` values, the reader's limits.
/// - It is not dated after the writer's clock by more than ``clockSkewAllowance``: an
///   event records something that happened.
/// - Its type is one this version knows (``unknownTypeProblem(_:)``).
/// - Its instant lies in ``Timestamp/earliest``...``Timestamp/latest`` (a ``Timestamp``
///   cannot hold any other), and its expiry date in years 1 to 9999 (``CalendarDate``).
package enum WriteRules {
    /// How far after `now` an event may be dated: the clocks of the machines sharing a log
    /// (laptops, CI runners) disagree by seconds, rarely minutes.
    public static let clockSkewAllowance: Int64 = 300

    /// Nil when `event` may be written; otherwise why not, in words. `now` is the writer's
    /// clock; nil skips the clock check (for a caller that has none).
    public static func problem(with event: Event, now: Timestamp?) -> String? {
        if let problem = EventID.problem(with: event.id) { return problem }
        if let problem = fieldProblem(event) { return problem }
        let depth = lineDepth(of: event, limit: JSONParser.maximumDepth)
        if depth > JSONParser.maximumDepth {
            return
                "its log line would nest more than \(JSONParser.maximumDepth) levels of arrays and objects (the event's own object and its fields count); the log reads at most \(JSONParser.maximumDepth)"
        }
        if lineValueBound(of: event, limit: JSONParser.maximumValues) > JSONParser.maximumValues {
            return
                "its log line would hold more than \(JSONParser.maximumValues) JSON values (objects, arrays, strings, numbers, literals); the log reads at most \(JSONParser.maximumValues) on one line"
        }
        if let now, event.at > now.adding(seconds: clockSkewAllowance) {
            return "it is dated after now (\(now)) by more than the \(clockSkewAllowance / 60)-minute clock-skew allowance; an event records what has happened, so give a past --at"
        }
        return nil
    }

    /// What ``EventCodec/decode(_:)`` would refuse in the event's line, short of its depth
    /// and of the lifecycle rules (``Lifecycle``) that every append applies after these.
    static func fieldProblem(_ event: Event) -> String? {
        guard (1...Event.currentSchema).contains(event.schema) else { return "schema \(event.schema) is not one this toggles writes (1 to \(Event.currentSchema))" }
        guard event.at >= Timestamp.earliest else { return "its instant is before \(Timestamp.earliest), the earliest the log records" }
        var toggle = event.toggle
        if !toggle.withUTF8(ToggleName.isValid), let problem = ToggleName.problem(with: toggle) {
            return "toggle \(JSONWriter.quoted(toggle)): \(problem)"
        }
        guard !event.actor.isEmpty else { return "the actor may not be empty" }
        switch event.change {
        case .created(let definition):
            // A default of the wrong type and a bad category are lifecycle rules, which the
            // append checks next, with every other violation of the batch.
            if let problem = dateProblem(definition.expires) ?? valueProblem(definition.defaultValue) { return problem }
        case .defaultChanged(let value):
            if let problem = valueProblem(value) { return problem }
        case .published(let remote):
            var names = Set<String>()
            for condition in remote.conditions where condition.name.isEmpty || !names.insert(condition.name).inserted {
                return "condition names must be non-empty and distinct, found \(JSONWriter.quoted(condition.name))"
            }
            for value in [remote.value] + remote.conditions.map(\.value) {
                if let value, let problem = valueProblem(value) { return problem }
            }
            for managed in [remote.managed] + remote.conditions.map(\.managed) {
                if let managed, let problem = valueProblem(.object(managed)) { return problem }
            }
        case .templateConditions(let conditions):
            var names = Set<String>()
            for condition in conditions where condition.name.isEmpty || !names.insert(condition.name).inserted {
                return "condition names must be non-empty and distinct, found \(JSONWriter.quoted(condition.name))"
            }
        case .expiryExtended(let expires, let reason):
            if let problem = dateProblem(expires) { return problem }
            guard !reason.isEmpty else { return "the reason may not be empty" }
        case .unknown(let type):
            return unknownTypeProblem(type)
        case .minimumVersionChanged(_, _, _, let resolves):
            // The version is valid by construction (AppVersion); the name is the reserved one.
            guard event.toggle == Event.appToggle else {
                return "a log-wide event names the toggle \(JSONWriter.quoted(Event.appToggle)), not \(JSONWriter.quoted(event.toggle))"
            }
            // What the decoder accepts: event ids, none empty.
            if resolves.contains(where: \.isEmpty) { return "the events it resolves are named by non-empty ids" }
        case .attributesChanged(let changes):
            if changes.isEmpty { return "an attributes-changed event changes at least one of category, owner, description" }
        case .resolved(let resolution):
            if let problem = dateProblem(resolution.definition.expires) ?? valueProblem(resolution.definition.defaultValue) { return problem }
        case .voided(let eventID, let reason):
            guard !reason.isEmpty else { return "the reason may not be empty" }
            if let problem = EventID.problem(with: eventID) { return "voided event id: \(problem)" }
        case .unpublished, .removed, .codeRemoved, .retired:
            break
        }
        var keys = Set<String>()
        for member in event.extra {
            guard !codecKeys.contains(member.key), keys.insert(member.key).inserted else {
                return "extra field \(JSONWriter.quoted(member.key)) repeats a field of the event"
            }
            if let problem = valueProblem(member.value) { return problem }
        }
        return nil
    }

    /// The one rule for event types: a writer records only the types this version knows, so
    /// a misspelt type (`remvoed`) is refused instead of being carried by the log for good;
    /// readers still keep and skip a type a newer version wrote (``Change/unknown(type:)``).
    package static func unknownTypeProblem(_ type: String) -> String {
        let suggestion = NearestSpelling.nearest(to: type, among: Change.knownTypes).map { " (did you mean \($0)?)" } ?? ""
        return "event type \(JSONWriter.quoted(type)) is not one this version of toggles knows\(suggestion); it writes \(Change.knownTypes.joined(separator: ", "))"
    }

    /// Every key ``EventCodec`` reads or writes at the top of a line.
    private static let codecKeys: Set<String> = [
        "schema", "id", "at", "type", "toggle", "actor", "kind", "valueType", "default", "category", "owner",
        "description", "expires", "value", "conditions", "templateVersion", "managed", "reason", "source",
        "appVersion", "minimumVersion", "previous", "resolves",
    ]

    private static func dateProblem(_ date: CalendarDate?) -> String? {
        guard let date, !(1...9999).contains(date.components.year) else { return nil }
        return "the expiry date must fall in years 1 to 9999"
    }

    /// A value the JSON reader would refuse: a number that is not a JSON number, or an
    /// object with a key twice (only a value built in code, never one that was parsed).
    private static func valueProblem(_ value: JSONValue) -> String? {
        switch value {
        case .null, .bool, .string: return nil
        default: break
        }
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .number(let lexeme):
                guard case .number? = try? JSONParser.parse(lexeme) else { return "\(JSONWriter.quoted(lexeme)) is not a JSON number" }
            case .array(let elements):
                pending += elements
            case .object(let object):
                var keys = Set<String>()
                for member in object.members {
                    guard keys.insert(member.key).inserted else { return "key \(JSONWriter.quoted(member.key)) appears twice in an object" }
                    pending.append(member.value)
                }
            case .null, .bool, .string:
                break
            }
        }
        return nil
    }

    /// The nesting of arrays and objects on the event's log line (``EventCodec/encode(_:)``),
    /// the line's own object counting 1; stops counting past `limit`.
    static func lineDepth(of event: Event, limit: Int) -> Int {
        var deepest = 1
        func include(_ value: JSONValue?, at level: Int) {
            guard let value, deepest <= limit else { return }
            deepest = max(deepest, level + value.nestingDepth(limit: limit - level))
        }
        let source = event.source.map { $0.isEmpty ? 1 : 2 } ?? 1
        switch event.change {
        case .created(let definition):
            // Most events: a scalar value and nothing else that nests.
            if event.extra.isEmpty && !definition.defaultValue.isContainer { return source }
            include(definition.defaultValue, at: 1)
        case .defaultChanged(let value):
            if event.extra.isEmpty && !value.isContainer { return source }
            include(value, at: 1)
        case .published(let remote):
            include(remote.value, at: 1)
            include(remote.managed.map(JSONValue.object), at: 1)
            // "conditions": [ { "value": …, "managed": {…} } ]
            if !remote.conditions.isEmpty { deepest = max(deepest, 3) }
            for condition in remote.conditions {
                include(condition.value, at: 3)
                include(condition.managed.map(JSONValue.object), at: 3)
            }
        case .templateConditions(let conditions):
            if !conditions.isEmpty { deepest = 3 }  // "conditions": [ { … } ]
        case .resolved(let resolution):
            deepest = max(deepest, 2)  // "definition": { … }
            include(resolution.definition.defaultValue, at: 2)
        case .unpublished, .expiryExtended, .removed, .codeRemoved, .retired, .minimumVersionChanged, .voided, .unknown, .attributesChanged:
            break
        }
        deepest = max(deepest, source)
        for member in event.extra { include(member.value, at: 1) }
        return deepest
    }
}

extension JSONValue {
    /// Levels of arrays and objects, this one included (0 for a scalar). Walks without
    /// recursion, so a value of any depth is measured safely, and stops past `limit`.
    func nestingDepth(limit: Int) -> Int {
        guard isContainer else { return 0 }
        var deepest = 0
        var pending: [(value: JSONValue, level: Int)] = [(self, 1)]
        while let (value, level) = pending.popLast() {
            deepest = max(deepest, level)
            if deepest > limit { return deepest }
            switch value {
            case .array(let elements):
                for element in elements where element.isContainer { pending.append((element, level + 1)) }
            case .object(let object):
                for member in object.members where member.value.isContainer { pending.append((member.value, level + 1)) }
            default:
                break
            }
        }
        return deepest
    }

    var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}

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
