import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// What a Remote Config template says about one parameter besides the values it serves: its
/// description, its parameter group (and the group's description), its `valueType` as written
/// (`""` when the template had none), and the tag colour and priority (position in the
/// template's `conditions`) of each condition it uses.
///
/// `import firebase` records them on the `published` event as the optional field `template`,
/// and a change of them alone is a change, so `export firebase --at T` gives them back as of T.
/// Events without the field (written before it existed) read as "nothing recorded".
package enum TemplateFacts {
    package static let field = "template"

    /// The facts of `parameter` in `template`, as the `template` field records them;
    /// `tagColors` maps each condition of the template that has a colour to it, `priority` each
    /// condition to its position.
    package static func of(_ parameter: FirebaseParameter, in template: FirebaseTemplate, tagColors: [String: String], priority: [String: Int]) -> JSONObject {
        var facts = JSONObject()
        facts["description"] = parameter.description.map(JSONValue.string)
        if let group = parameter.group {
            facts["group"] = .string(group)
            if let description = template.groupDescriptions[group] ?? nil { facts["groupDescription"] = .string(description) }
        }
        facts["valueType"] = .string(parameter.valueType?.rawValue ?? "")
        // By condition name: the conditional values' document order is not a fact of the template.
        let used = parameter.conditionalValues.map(\.condition).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let colors = used.compactMap { condition in tagColors[condition].map { JSONObject.Member(condition, .string($0)) } }
        if !colors.isEmpty { facts["tagColors"] = .object(JSONObject(colors)) }
        let positions = used.compactMap { condition in priority[condition].map { JSONObject.Member(condition, .number(String($0))) } }
        if !positions.isEmpty { facts["conditionPriority"] = .object(JSONObject(positions)) }
        return facts
    }

    /// The facts `export firebase` writes for a toggle the log has no facts for (published by
    /// `toggles publish`, or imported before facts were recorded): its description, its type.
    static func implied(by state: ToggleState) -> JSONObject {
        var facts = JSONObject()
        if let description = state.definition.description, !description.isEmpty { facts["description"] = .string(description) }
        facts["valueType"] = .string(FirebaseValueType(state.valueType).rawValue)
        return facts
    }

    /// The facts a `published` event recorded, if any.
    package static func recorded(in event: Event) -> JSONObject? {
        guard case .published = event.change else { return nil }
        return event.extra.first { $0.key == field }?.value.objectValue
    }

    /// The facts in force for each toggle after `events` (in replay order): those of its last
    /// `published` event, with the description of a later `attributes-changed`; gone once it
    /// is unpublished, removed or created anew. And the template's whole condition list, from
    /// the last `template-conditions` event (nil when the log has none: written before the
    /// event existed, or never imported).
    package struct Tracker: Sendable {
        package private(set) var byToggle: [String: JSONObject] = [:]
        package private(set) var conditions: [TemplateCondition]?
        /// The toggle the last `template-conditions` event named (see ``TemplateConditionsEvent``).
        private(set) var conditionsAnchor: String?

        package init() {}

        package mutating func apply(_ event: Event) {
            switch event.change {
            case .published: byToggle[event.toggle] = recorded(in: event)
            case .unpublished, .removed, .created: byToggle[event.toggle] = nil
            case .attributesChanged(let changes):
                // A description set since the template was imported is the one in force:
                // export writes it and drift compares it, as `state` shows it.
                guard let description = changes.description, var facts = byToggle[event.toggle] else { break }
                facts["description"] = description.isEmpty ? nil : .string(description)
                byToggle[event.toggle] = facts
            case .templateConditions(let list):
                conditions = list
                conditionsAnchor = event.toggle
            default: break
            }
        }
    }
}
