/// The payload of a `resolved` event: how a conflict between concurrent lifecycle edits
/// (see ``LifecycleViolation/isConflict``) was settled.
///
/// It names every event of the conflict (the context the resolver saw, as a Dynamo or Riak
/// client sends back), the side kept, and the outcome itself: the definition and whether the
/// toggle is removed. Replay applies the outcome as it stands, so it never has to look an
/// event up by id, and the same `resolved` line settles the same state on every clone.
public struct Resolution: Sendable, Hashable {
    /// The ids of every event of the conflict, sorted: both sides.
    public var conflict: [String]
    /// The event whose side was chosen; nil when the resolver gave the definition.
    public var keep: String?
    /// The toggle's definition from the resolution on.
    public var definition: ToggleDefinition
    /// Whether the toggle stands removed after the resolution.
    public var removed: Bool
    public var reason: String?

    public init(conflict: [String], keep: String?, definition: ToggleDefinition, removed: Bool, reason: String?) {
        self.conflict = conflict
        self.keep = keep
        self.definition = definition
        self.removed = removed
        self.reason = reason
    }
}

extension EventCodec {
    /// The fields of a `created` event's declaration (also a resolution's `definition`).
    static func definitionMembers(_ definition: ToggleDefinition) -> [JSONObject.Member] {
        var members: [JSONObject.Member] = [
            .init("kind", .string(definition.kind.rawValue)),
            .init("valueType", .string(definition.valueType.rawValue)),
            .init("default", definition.defaultValue),
            .init("category", .string(definition.category)),
        ]
        if let owner = definition.owner { members.append(.init("owner", .string(owner))) }
        if let description = definition.description { members.append(.init("description", .string(description))) }
        if let expires = definition.expires { members.append(.init("expires", .string(expires.description))) }
        return members
    }

    /// The payload fields of `resolved` and `voided`, in the order they are written; empty
    /// for every other type (those have their own field-by-field writer).
    static func correctionMembers(_ change: Change) -> [JSONObject.Member] {
        switch change {
        case .resolved(let resolution):
            var members: [JSONObject.Member] = [.init("conflict", .array(resolution.conflict.map(JSONValue.string)))]
            if let keep = resolution.keep { members.append(.init("keep", .string(keep))) }
            members.append(.init("definition", .object(JSONObject(definitionMembers(resolution.definition)))))
            members.append(.init("removed", .bool(resolution.removed)))
            if let reason = resolution.reason { members.append(.init("reason", .string(reason))) }
            return members
        case .voided(let eventID, let reason):
            return [.init("event", .string(eventID)), .init("reason", .string(reason))]
        default:
            return []
        }
    }

    /// The declaration of a `created` event, or of a resolution's `definition`.
    static func decodeDefinition(_ fields: inout Fields) throws(EventDecodingError) -> ToggleDefinition {
        let kindText = try fields.string("kind")
        guard let kind = ToggleKind(rawValue: kindText) else {
            throw EventDecodingError("\"kind\" must be build, local or remote, found \(JSONWriter.quoted(kindText))")
        }
        let typeText = try fields.string("valueType")
        guard let valueType = ValueType(rawValue: typeText) else {
            throw EventDecodingError("\"valueType\" must be bool, string, number or json, found \(JSONWriter.quoted(typeText))")
        }
        let defaultValue = try fields.required("default")
        guard valueType.accepts(defaultValue) else {
            throw EventDecodingError("\"default\" \(valueType.rejection(of: defaultValue))")
        }
        return ToggleDefinition(
            kind: kind, valueType: valueType, defaultValue: defaultValue,
            category: try fields.nonEmptyString("category"),
            owner: try fields.optionalString("owner"),
            description: try fields.optionalString("description"),
            expires: try fields.optionalDate("expires"))
    }

    /// A `resolved` event's payload.
    static func decodeResolution(_ fields: inout Fields) throws(EventDecodingError) -> Resolution {
        guard case .array(let list) = try fields.required("conflict") else {
            throw EventDecodingError("\"conflict\" must be an array of event ids")
        }
        let ids = try fields.eventIDs(in: list, key: "conflict")
        guard ids.count >= 2 else { throw EventDecodingError("\"conflict\" names at least two events") }
        let keep = try fields.optionalString("keep")
        guard let definitionObject = try fields.optionalObject("definition") else {
            throw EventDecodingError("\"definition\" is required")
        }
        var definitionFields = Fields(definitionObject, path: "definition.")
        let definition = try decodeDefinition(&definitionFields)
        var removed = false
        if let value = fields.take("removed") {
            guard case .bool(let flag) = value else { throw EventDecodingError("\"removed\" must be true or false, found \(value.typeName)") }
            removed = flag
        }
        return Resolution(conflict: ids, keep: keep, definition: definition, removed: removed, reason: try fields.optionalString("reason"))
    }
}
