import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders replay steps (`toggles replay`), one event at a time so output can stream.
package enum ReplayRenderer {
    /// Two or more lines: the event, then one indented line per changed field.
    package static func text(_ step: ReplayStep) -> String {
        let event = step.logged.event
        var output =
            TerminalText.sanitize(
                "\(event.at)  \(event.type) \(event.toggle) by \(event.actor) (id \(event.id), \(step.logged.location))") + "\n"
        if let violation = step.violation {
            output += "    skipped: " + TerminalText.sanitize(violation.description) + "\n"
        } else if case .unknown = event.change {
            output += "    skipped: unknown event type, not understood by this version\n"
        } else if case .templateConditions(let conditions) = event.change {
            output += "    no change: the template's \(conditions.count) condition\(conditions.count == 1 ? "" : "s"), kept for export firebase\n"
        } else if step.changes.isEmpty {
            output += "    no change\n"
        }
        for change in step.changes {
            let line = "\(change.field): \(describe(change.before)) → \(describe(change.after))"
            output += "    " + TerminalText.sanitize(line) + "\n"
        }
        return output
    }

    /// One compact JSON object per line (JSON Lines), so a consumer can stream it too.
    package static func jsonLine(_ step: ReplayStep) -> String {
        var object = JSONObject([
            .init("event", .object(EventCodec.object(for: step.logged.event))),
            .init("location", .string(step.logged.location.description)),
            .init("applied", .bool(step.violation == nil && !isUnknown(step.logged.event))),
            .init("before", step.before.map { .object(StateRenderer.object(for: $0)) } ?? .null),
            .init("after", step.after.map { .object(StateRenderer.object(for: $0)) } ?? .null),
            .objects("changes", step.changes) { change in
                [
                    .init("field", .string(change.field)),
                    .init("before", change.before ?? .null),
                    .init("after", change.after ?? .null),
                ]
            },
        ])
        if let violation = step.violation { object["skipped"] = .string(violation.description) }
        return JSONWriter.string(.object(object)) + "\n"
    }

    private static func isUnknown(_ event: Event) -> Bool {
        if case .unknown = event.change { return true }
        return false
    }

    private static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "—" }
        return JSONWriter.string(value)
    }
}
