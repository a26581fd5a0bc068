import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``DueList`` as JSON: a stable, documented schema (docs/reports.md).
///
/// ```
/// {"schema": 1, "asOf", "within": {"days", "until"}, "summary": {"due", "overdue", "owners"},
///  "owners": [{"owner", "ownerSource", "codeOwners", "toggles": [{"name", "reason", "dueDate", …}]}]}
/// ```
package enum DueJSONRenderer {
    /// The version of this document's layout; it changes only when a field changes meaning
    /// or disappears (new fields may be added).
    public static let schema = 1

    public static func render(_ list: DueList) -> String {
        JSONWriter.pretty(.object(document(list))) + "\n"
    }

    public static func document(_ list: DueList) -> JSONObject {
        let number = StaleJSONRenderer.number
        return JSONObject([
            .init("schema", number(schema)),
            .init("asOf", .string(list.asOf.description)),
            .object(
                "within",
                [
                    .init("days", number(list.windowDays)),
                    .init("until", .string(list.horizon.description)),
                ]),
            .object(
                "summary",
                [
                    .init("due", number(list.count)),
                    .init("overdue", number(list.overdueCount)),
                    .init("owners", number(list.groups.count)),
                ]),
            .init("owners", .array(list.groups.map { .object(group($0)) })),
        ])
    }

    private static func group(_ group: DueList.Group) -> JSONObject {
        var codeOwners = JSONValue.null
        let source: JSONValue
        switch group.owner {
        case .declared: source = .string("log")
        case .unowned: source = .null
        case .codeOwners(let match):
            source = .string("codeowners")
            codeOwners = .object(
                JSONObject([
                    .init("owners", .array(match.owners.map(JSONValue.string))),
                    .init("file", .string(match.rule.file)),
                    .init("line", StaleJSONRenderer.number(match.rule.line)),
                    .init("declaredIn", .string(match.declaredIn)),
                ]))
        }
        return JSONObject([
            .init("owner", group.owner.name.map(JSONValue.string) ?? .null),
            .init("ownerSource", source),
            .init("codeOwners", codeOwners),
            .init("toggles", .array(group.items.map { .object(item($0)) })),
        ])
    }

    private static func item(_ item: DueList.Item) -> JSONObject {
        let number = StaleJSONRenderer.number
        let toggle = item.entry.toggle
        return JSONObject([
            .init("name", .string(toggle.name)),
            .init("kind", .string(toggle.kind.rawValue)),
            .init("category", .string(toggle.definition.category)),
            .init("stage", .string(toggle.stage.rawValue)),
            .init("reason", .string(item.code.rawValue)),
            .init("dueDate", .string(item.dueDate.description)),
            .init("dueAt", item.dueAt.map { .string($0.description) } ?? .null),
            .init("overdue", .bool(item.isOverdue)),
            .init("daysLeft", item.isOverdue ? .null : number(item.days)),
            .init("daysOverdue", item.isOverdue ? number(item.days) : .null),
            .init("expires", toggle.definition.expires.map { .string($0.description) } ?? .null),
            .init("lifetimeDays", item.entry.lifetimeDays.map(number) ?? .null),
            .init("createdAt", .string(toggle.createdAt.description)),
            .init(
                "declaredAt",
                item.entry.declaredAt.map { location in
                    .object(JSONObject([.init("file", .string(location.file)), .init("line", number(location.line))]))
                } ?? .null),
        ])
    }
}
