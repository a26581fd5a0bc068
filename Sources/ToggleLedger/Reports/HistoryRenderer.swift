import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders the events of one toggle (`toggles history`).
public enum HistoryRenderer {
    public static func text(_ events: [LoggedEvent], toggle: String) -> String {
        var table = TextTable(headers: ["AT", "TYPE", "ACTOR", "CHANGE", "ID"], maximumCellWidth: 60)
        for logged in events {
            let event = logged.event
            table.rows.append([event.at.description, event.type, event.actor, summary(of: event.change), event.id])
        }
        var output = table.render() + "\n\(events.count) event\(events.count == 1 ? "" : "s") for \(TerminalText.sanitize(toggle))\n"
        let tally = extensions(of: events)
        if tally.count > 0 {
            output += "\(tally.summary)" + (tally.lastAt.map { " (the last at \($0))" } ?? "") + "\n"
        }
        return output
    }

    /// The extensions of the toggle's current life: its events folded as replay folds them
    /// (an event that breaks a rule is skipped, a new `created` starts again).
    public static func extensions(of events: [LoggedEvent]) -> ExtensionTally {
        var state: ToggleState?
        for logged in events { _ = Lifecycle.apply(logged.event, to: &state) }
        return state?.extensions ?? ExtensionTally()
    }

    public static func json(_ events: [LoggedEvent], toggle: String) -> String {
        let document = JSONValue.object(JSONObject([
            .init("toggle", .string(toggle)),
            .init("events", .array(events.map { .object(EventCodec.object(for: $0.event)) })),
            .init("extensions", .object(StaleJSONRenderer.extensions(extensions(of: events)))),
        ]))
        return JSONWriter.pretty(document) + "\n"
    }

    /// One line saying what an event changed.
    public static func summary(of change: Change) -> String {
        switch change {
        case .created(let definition):
            return ValueText.describe(definition)
        case .defaultChanged(let value):
            return "default → \(ValueText.describe(value))"
        case .published(let remote):
            var text = "remote → \(ValueText.describe(remote))"
            if let version = remote.templateVersion { text += " (template v\(version))" }
            return text
        case .unpublished(let version):
            return "no longer served remotely" + (version.map { " (template v\($0))" } ?? "")
        case .expiryExtended(let expires, let reason):
            return "expires → \(expires): \(reason)"
        case .removed(let reason):
            return reason.map { "removed: \($0)" } ?? "removed"
        case .templateConditions(let conditions):
            return "the template's conditions → \(conditions.isEmpty ? "none" : conditions.map(\.name).joined(separator: ", ")) (the toggle is unchanged)"
        case .codeRemoved(let appVersion, let reason):
            let text = "removed from the code in \(appVersion); still served to older versions"
            return reason.map { "\(text): \($0)" } ?? text
        case .retired(let reason):
            return reason.map { "remote parameter retired: \($0)" } ?? "remote parameter retired"
        case .minimumVersionChanged(let minimum, let reason):
            return reason.map { "minimum supported version → \(minimum): \($0)" } ?? "minimum supported version → \(minimum)"
        case .attributesChanged(let changes):
            var parts: [String] = []
            if let category = changes.category { parts.append("category → \(category)") }
            if let owner = changes.owner { parts.append(owner.isEmpty ? "owner cleared" : "owner → \(owner)") }
            if let description = changes.description { parts.append(description.isEmpty ? "description cleared" : "description → \(description)") }
            return parts.joined(separator: ", ")
        case .unknown(let type):
            return "(\(type): not understood by this version)"
        }
    }
}
