/// Renders the state of all toggles (`toggles state`).
public enum StateRenderer {
    public static func text(_ toggles: [ToggleState], asOf: Timestamp) -> String {
        var table = TextTable(headers: ["NAME", "KIND", "TYPE", "DEFAULT", "REMOTE", "CATEGORY", "OWNER", "CREATED", "STAGE", "SINCE"])
        for toggle in toggles {
            table.rows.append([
                toggle.name, toggle.kind.rawValue, toggle.valueType.rawValue, ValueText.describe(toggle.defaultValue),
                ValueText.describe(toggle.remote), toggle.definition.category, toggle.definition.owner ?? "—",
                toggle.createdAt.date.description, toggle.stage.rawValue, toggle.stageSince.date.description,
            ])
        }
        let live = toggles.filter(\.isLive).count
        return table.render() + "\n\(live) live, \(toggles.count - live) removed, as of \(asOf)\n"
    }

    public static func json(_ toggles: [ToggleState], asOf: Timestamp) -> String {
        let document = JSONValue.object(JSONObject([
            .init("asOf", .string(asOf.description)),
            .init("toggles", .array(toggles.map { .object(object(for: $0)) })),
        ]))
        return JSONWriter.pretty(document) + "\n"
    }

    /// The JSON form of one toggle, shared by every JSON output that lists toggles.
    public static func object(for toggle: ToggleState) -> JSONObject {
        let definition = toggle.definition
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        var remote: JSONValue = .null
        if let value = toggle.remote {
            remote = .object(JSONObject([
                .init("value", value.value ?? .null),
                .init("useInAppDefault", .bool(value.value == nil)),
                .init("conditions", .array(value.conditions.map { condition in
                    .object(JSONObject([
                        .init("name", .string(condition.name)),
                        .init("expression", .string(condition.expression)),
                        .init("value", condition.value ?? .null),
                        .init("useInAppDefault", .bool(condition.value == nil)),
                    ]))
                })),
                .init("templateVersion", optional(value.templateVersion)),
                .init("publishedAt", optional(toggle.remotePublishedAt?.description)),
            ]))
        }
        return JSONObject([
            .init("name", .string(toggle.name)),
            .init("kind", .string(definition.kind.rawValue)),
            .init("category", .string(definition.category)),
            .init("type", .string(definition.valueType.rawValue)),
            .init("default", definition.defaultValue),
            .init("remote", remote),
            .init("owner", optional(definition.owner)),
            .init("description", optional(definition.description)),
            .init("expires", optional(definition.expires?.description)),
            .init("createdAt", .string(toggle.createdAt.description)),
            .init("createdBy", .string(toggle.createdBy)),
            .init("updatedAt", .string(toggle.updatedAt.description)),
            .init("removedAt", optional(toggle.removedAt?.description)),
            .init("removalReason", optional(toggle.removalReason)),
            .init("stage", .string(toggle.stage.rawValue)),
            .init("stageSince", .string(toggle.stageSince.description)),
            .init("events", .number(String(toggle.eventCount))),
        ])
    }
}
