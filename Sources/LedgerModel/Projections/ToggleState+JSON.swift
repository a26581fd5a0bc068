extension ToggleState {
    /// The JSON form of the toggle, as `toggles state --format json` prints it; the field
    /// changes of a replay step compare it, so it lives with the state, below the renderers.
    public var jsonObject: JSONObject {
        let toggle = self
        let definition = toggle.definition
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        var remote: JSONValue = .null
        if let value = toggle.remote {
            remote = .object(
                JSONObject([
                    .init("value", value.value ?? .null),
                    .init("useInAppDefault", .bool(value.value == nil)),
                    .objects("conditions", value.conditions) { condition in
                        [
                            .init("name", .string(condition.name)),
                            .init("expression", .string(condition.expression)),
                            .init("value", condition.value ?? .null),
                            .init("useInAppDefault", .bool(condition.value == nil)),
                        ]
                    },
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
            .init("removedInAppVersion", optional(toggle.removedInAppVersion?.text)),
            .init("stage", .string(toggle.stage.rawValue)),
            .init("stageSince", .string(toggle.stageSince.description)),
            .init("events", .number(String(toggle.eventCount))),
        ])
    }
}
