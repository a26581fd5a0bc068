/// Converts between ``Event`` and its one-line JSON form.
///
/// Decoding is strict about the envelope and the payload of known types (a field of the
/// wrong JSON type is an error naming the field) and lenient about the future: unknown
/// fields are kept, an unknown `type` becomes ``Change/unknown(type:)``.
package enum EventCodec {
    /// Decodes one event from a parsed line.
    public static func decode(_ value: JSONValue) throws(EventDecodingError) -> Event {
        guard case .object(let object) = value else {
            throw EventDecodingError("an event is a JSON object, found \(value.typeName)")
        }
        var fields = Fields(object)
        let schema = try fields.integer("schema")
        guard schema >= 1 else { throw EventDecodingError("\"schema\" must be 1 or more, found \(schema)") }
        guard schema <= Event.currentSchema else {
            throw EventDecodingError("\"schema\" \(schema) is newer than this toggles understands (\(Event.currentSchema)); upgrade toggles")
        }
        let id = try fields.nonEmptyString("id")
        let atText = try fields.string("at")
        guard let at = Timestamp(rfc3339: atText) else {
            throw EventDecodingError("\"at\" must be an RFC 3339 instant such as 2026-11-22T10:00:00Z, found \(JSONWriter.quoted(atText))")
        }
        let type = try fields.nonEmptyString("type")
        let toggle = try fields.string("toggle")
        if let problem = ToggleName.problem(with: toggle) {
            throw EventDecodingError("\"toggle\" \(JSONWriter.quoted(toggle)): \(problem)")
        }
        let actor = try fields.nonEmptyString("actor")
        let change: Change
        switch type {
        case "created":
            change = .created(try decodeDefinition(&fields))
        case "default-changed":
            change = .defaultChanged(try fields.required("default"))
        case "published":
            change = .published(try decodeRemote(&fields))
        case "unpublished":
            change = .unpublished(templateVersion: try fields.optionalString("templateVersion"))
        case "expiry-extended":
            guard let expires = try fields.optionalDate("expires") else {
                throw EventDecodingError("\"expires\" is required")
            }
            change = .expiryExtended(expires: expires, reason: try fields.nonEmptyString("reason"))
        case "removed":
            change = .removed(reason: try fields.optionalString("reason"))
        case "template-conditions":
            change = .templateConditions(try decodeTemplateConditions(&fields))
        case "code-removed":
            change = .codeRemoved(appVersion: try fields.appVersion("appVersion"), reason: try fields.optionalString("reason"))
        case "retired":
            change = .retired(reason: try fields.optionalString("reason"))
        case "minimum-version-changed":
            guard toggle == Event.appToggle else {
                throw EventDecodingError("\"toggle\" of a log-wide event must be \"\(Event.appToggle)\", found \(JSONWriter.quoted(toggle))")
            }
            change = .minimumVersionChanged(
                minimum: try fields.appVersion("minimumVersion"), reason: try fields.optionalString("reason"),
                previous: try fields.previousMinimum("previous"), resolves: try fields.optionalEventIDs("resolves") ?? [])
        case "attributes-changed":
            let changes = AttributeChanges(
                category: try fields.optionalString("category"), owner: try fields.optionalString("owner"),
                description: try fields.optionalString("description"))
            guard !changes.isEmpty else { throw EventDecodingError("an attributes-changed event names at least one of \"category\", \"owner\", \"description\"") }
            change = .attributesChanged(changes)
        case "resolved":
            change = .resolved(try decodeResolution(&fields))
        case "voided":
            change = .voided(eventID: try fields.nonEmptyString("event"), reason: try fields.nonEmptyString("reason"))
        default:
            change = .unknown(type: type)
        }
        var source: Provenance?
        if let sourceValue = fields.take("source") {
            guard case .object(let sourceObject) = sourceValue else {
                throw EventDecodingError("\"source\" must be an object, found \(sourceValue.typeName)")
            }
            var sourceFields = Fields(sourceObject)
            source = Provenance(
                ci: try sourceFields.optionalString("ci"), commit: try sourceFields.optionalString("commit"),
                branch: try sourceFields.optionalString("branch"), run: try sourceFields.optionalString("run"),
                url: try sourceFields.optionalString("url"))
        }
        return Event(
            id: id, at: at, toggle: toggle, actor: actor, change: change, source: source,
            schema: schema, extra: fields.remaining)
    }

    private static func decodeRemote(_ fields: inout Fields) throws(EventDecodingError) -> RemoteValue {
        let value = fields.take("value")
        let conditions = try fields.take("conditions").map { list throws(EventDecodingError) in
            try decodeConditions(list) { name, conditionFields throws(EventDecodingError) in
                ConditionalValue(
                    name: name, expression: try conditionFields.string("expression"),
                    value: conditionFields.take("value"), managed: try conditionFields.optionalObject("managed"))
            }
        }
        return RemoteValue(
            value: value, conditions: conditions ?? [], templateVersion: try fields.optionalString("templateVersion"),
            managed: try fields.optionalObject("managed"))
    }

    private static func decodeTemplateConditions(_ fields: inout Fields) throws(EventDecodingError) -> [TemplateCondition] {
        try decodeConditions(try fields.required("conditions")) { name, conditionFields throws(EventDecodingError) in
            TemplateCondition(name: name, expression: try conditionFields.string("expression"), tagColor: try conditionFields.optionalString("tagColor"))
        }
    }

    /// A `conditions` array: objects with a non-empty `name`, distinct, the rest read by `condition`.
    private static func decodeConditions<Condition>(
        _ list: JSONValue, _ condition: (String, inout Fields) throws(EventDecodingError) -> Condition
    ) throws(EventDecodingError) -> [Condition] {
        guard case .array(let elements) = list else {
            throw EventDecodingError("\"conditions\" must be an array, found \(list.typeName)")
        }
        var names = Set<String>()
        var conditions: [Condition] = []
        for (position, element) in elements.enumerated() {
            guard case .object(let object) = element else {
                throw EventDecodingError("\"conditions\"[\(position)] must be an object, found \(element.typeName)")
            }
            var conditionFields = Fields(object, path: "conditions[\(position)].")
            let name = try conditionFields.nonEmptyString("name")
            guard names.insert(name).inserted else {
                throw EventDecodingError("condition \(JSONWriter.quoted(name)) appears twice")
            }
            conditions.append(try condition(name, &conditionFields))
        }
        return conditions
    }

    /// Encodes an event as one line of JSON, without the trailing newline.
    ///
    /// Keys come in a fixed order (envelope, payload, source, unknown fields), so equal
    /// events encode to equal bytes.
    public static func encode(_ event: Event) -> String {
        var output: [UInt8] = []
        write(event, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the line ``encode(_:)`` gives (without the newline) to `output`: the same
    /// bytes as writing ``object(for:)`` with ``JSONWriter``, without building the object.
    public static func write(_ event: Event, to output: inout [UInt8]) {
        var buffer = OutputBuffer(capacity: 512)
        withUnsafePointer(to: event) { write($0, to: &buffer) }
        output.append(contentsOf: buffer.bytes)
    }

    /// ``write(_:to:)-([UInt8])`` into the log writer's buffer, for the event `pointer` points
    /// to: the writer reads each event of a batch where it is, field by field, instead of
    /// copying it whole for the call.
    package static func write(_ pointer: UnsafePointer<Event>, to output: inout OutputBuffer) {
        @inline(__always) func string(_ key: StaticString, _ value: String) {
            output.append(key)
            output.appendJSONString(value)
        }
        @inline(__always) func string(_ key: StaticString, _ value: String?) {
            if let value { string(key, value) }
        }
        @inline(__always) func value(_ key: StaticString, _ value: JSONValue?) {
            guard let value else { return }
            output.append(key)
            output.appendJSON(value)
        }
        @inline(__always) func object(_ key: StaticString, _ object: JSONObject?) {
            guard let object else { return }
            output.append(key)
            output.appendJSON(object)
        }
        output.append(#"{"schema":"#)
        if (0...9).contains(pointer.pointee.schema) {
            output.append(UInt8(ascii: "0") + UInt8(pointer.pointee.schema))
        } else {
            output.append(String(pointer.pointee.schema))
        }
        string(#","id":"#, pointer.pointee.id)
        output.append(#","at":""#)
        pointer.pointee.at.writeDescription(to: &output)
        output.append(UInt8(ascii: "\""))
        switch pointer.pointee.change {
        case .created(let definition):
            output.append(#","type":"created""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            string(#","kind":"#, definition.kind.rawValue)
            string(#","valueType":"#, definition.valueType.rawValue)
            value(#","default":"#, definition.defaultValue)
            string(#","category":"#, definition.category)
            string(#","owner":"#, definition.owner)
            string(#","description":"#, definition.description)
            string(#","expires":"#, definition.expires?.description)
        case .defaultChanged(let defaultValue):
            output.append(#","type":"default-changed""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            value(#","default":"#, defaultValue)
        case .published(let remote):
            output.append(#","type":"published""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            value(#","value":"#, remote.value)
            if !remote.conditions.isEmpty {
                output.append(#","conditions":["#)
                for (position, condition) in remote.conditions.enumerated() {
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    string(#"{"name":"#, condition.name)
                    string(#","expression":"#, condition.expression)
                    value(#","value":"#, condition.value)
                    object(#","managed":"#, condition.managed)
                    output.append(UInt8(ascii: "}"))
                }
                output.append(UInt8(ascii: "]"))
            }
            string(#","templateVersion":"#, remote.templateVersion)
            object(#","managed":"#, remote.managed)
        case .unpublished(let templateVersion):
            output.append(#","type":"unpublished""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            string(#","templateVersion":"#, templateVersion)
        case .expiryExtended(let expires, let reason):
            output.append(#","type":"expiry-extended""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            string(#","expires":"#, expires.description)
            string(#","reason":"#, reason)
        case .removed(let reason):
            output.append(#","type":"removed""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            string(#","reason":"#, reason)
        case .templateConditions(let conditions):
            output.append(#","type":"template-conditions""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            output.append(#","conditions":["#)
            for (position, condition) in conditions.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                string(#"{"name":"#, condition.name)
                string(#","expression":"#, condition.expression)
                string(#","tagColor":"#, condition.tagColor)
                output.append(UInt8(ascii: "}"))
            }
            output.append(UInt8(ascii: "]"))
        case .codeRemoved(let appVersion, let reason):
            output.append(#","type":"code-removed""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            string(#","appVersion":"#, appVersion.text)
            string(#","reason":"#, reason)
        case .retired(let reason):
            output.append(#","type":"retired""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            string(#","reason":"#, reason)
        case .minimumVersionChanged(let minimum, let reason, let previous, let resolves):
            output.append(#","type":"minimum-version-changed""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            string(#","minimumVersion":"#, minimum.text)
            value(#","previous":"#, previous?.jsonValue)
            string(#","reason":"#, reason)
            if !resolves.isEmpty { value(#","resolves":"#, .array(resolves.map(JSONValue.string))) }
        case .attributesChanged(let changes):
            output.append(#","type":"attributes-changed""#)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            string(#","category":"#, changes.category)
            string(#","owner":"#, changes.owner)
            string(#","description":"#, changes.description)
        case .unknown(let type):
            string(#","type":"#, type)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
        case .resolved, .voided:
            string(#","type":"#, pointer.pointee.change.typeName)
            string(#","toggle":"#, pointer.pointee.toggle)
            string(#","actor":"#, pointer.pointee.actor)
            for member in correctionMembers(pointer.pointee.change) {
                output.append(UInt8(ascii: ","))
                output.appendJSONString(member.key)
                output.append(UInt8(ascii: ":"))
                output.appendJSON(member.value)
            }
        }
        if let source = pointer.pointee.source, !source.isEmpty {
            output.append(#","source":"#)
            var separator = UInt8(ascii: "{")
            @inline(__always) func field(_ key: StaticString, _ value: String?) {
                guard let value else { return }
                output.append(separator)
                separator = UInt8(ascii: ",")
                output.append(key)
                output.appendJSONString(value)
            }
            field(#""ci":"#, source.ci)
            field(#""commit":"#, source.commit)
            field(#""branch":"#, source.branch)
            field(#""run":"#, source.run)
            field(#""url":"#, source.url)
            output.append(UInt8(ascii: "}"))
        }
        for member in pointer.pointee.extra {
            output.append(UInt8(ascii: ","))
            output.appendJSONString(member.key)
            output.append(UInt8(ascii: ":"))
            output.appendJSON(member.value)
        }
        output.append(UInt8(ascii: "}"))
    }

    public static func object(for event: Event) -> JSONObject {
        var object = JSONObject([
            .init("schema", .number(String(event.schema))),
            .init("id", .string(event.id)),
            .init("at", .string(event.at.description)),
            .init("type", .string(event.type)),
            .init("toggle", .string(event.toggle)),
            .init("actor", .string(event.actor)),
        ])
        func add(_ key: String, _ value: JSONValue?) {
            if let value { object.members.append(.init(key, value)) }
        }
        switch event.change {
        case .created(let definition):
            add("kind", .string(definition.kind.rawValue))
            add("valueType", .string(definition.valueType.rawValue))
            add("default", definition.defaultValue)
            add("category", .string(definition.category))
            add("owner", definition.owner.map(JSONValue.string))
            add("description", definition.description.map(JSONValue.string))
            add("expires", definition.expires.map { .string($0.description) })
        case .defaultChanged(let value):
            add("default", value)
        case .published(let remote):
            add("value", remote.value)
            if !remote.conditions.isEmpty {
                add("conditions", .array(remote.conditions.map(conditionObject)))
            }
            add("templateVersion", remote.templateVersion.map(JSONValue.string))
            add("managed", remote.managed.map(JSONValue.object))
        case .unpublished(let templateVersion):
            add("templateVersion", templateVersion.map(JSONValue.string))
        case .expiryExtended(let expires, let reason):
            add("expires", .string(expires.description))
            add("reason", .string(reason))
        case .removed(let reason), .retired(let reason):
            add("reason", reason.map(JSONValue.string))
        case .codeRemoved(let appVersion, let reason):
            add("appVersion", .string(appVersion.text))
            add("reason", reason.map(JSONValue.string))
        case .minimumVersionChanged(let minimum, let reason, let previous, let resolves):
            add("minimumVersion", .string(minimum.text))
            add("previous", previous?.jsonValue)
            add("reason", reason.map(JSONValue.string))
            add("resolves", resolves.isEmpty ? nil : .array(resolves.map(JSONValue.string)))
        case .templateConditions(let conditions):
            add(
                "conditions",
                .array(
                    conditions.map { condition in
                        var object = JSONObject([.init("name", .string(condition.name)), .init("expression", .string(condition.expression))])
                        object["tagColor"] = condition.tagColor.map(JSONValue.string)
                        return .object(object)
                    }))
        case .attributesChanged(let changes):
            add("category", changes.category.map(JSONValue.string))
            add("owner", changes.owner.map(JSONValue.string))
            add("description", changes.description.map(JSONValue.string))
        case .resolved, .voided:
            object.members.append(contentsOf: correctionMembers(event.change))
        case .unknown:
            break
        }
        if let source = event.source, !source.isEmpty {
            add("source", .object(sourceObject(source)))
        }
        object.members.append(contentsOf: event.extra)
        return object
    }

    public static func conditionObject(_ condition: ConditionalValue) -> JSONValue {
        var object = JSONObject([.init("name", .string(condition.name)), .init("expression", .string(condition.expression))])
        if let value = condition.value { object.members.append(.init("value", value)) }
        if let managed = condition.managed { object.members.append(.init("managed", .object(managed))) }
        return .object(object)
    }

    static func sourceObject(_ source: Provenance) -> JSONObject {
        var object = JSONObject()
        for (key, value) in [("ci", source.ci), ("commit", source.commit), ("branch", source.branch), ("run", source.run), ("url", source.url)] {
            if let value { object.members.append(.init(key, .string(value))) }
        }
        return object
    }
}

/// Why a parsed line is not a valid event.
package struct EventDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
