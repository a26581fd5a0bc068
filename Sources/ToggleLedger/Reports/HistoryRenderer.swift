import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders the events of one toggle (`toggles history`).
package enum HistoryRenderer {
    public static func text(_ events: [LoggedEvent], toggle: String) -> String {
        var table = TextTable(headers: ["AT", "TYPE", "ACTOR", "CHANGE", "ID"], maximumCellWidth: 60)
        let (notes, conflicts) = replayNotes(events)
        for logged in events {
            let event = logged.event
            let note = notes[event.id].map { " [\($0)]" } ?? ""
            table.rows.append([event.at.description, event.type, event.actor, summary(of: event.change) + note, event.id])
        }
        var output = table.render() + "\n\(events.count) event\(events.count == 1 ? "" : "s") for \(TerminalText.sanitize(toggle))\n"
        for conflict in conflicts {
            output += "conflict \(TerminalText.sanitize(conflict.summary))\n"
        }
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
        let (notes, conflicts) = replayNotes(events)
        let document = JSONValue.object(
            JSONObject([
                .init("toggle", .string(toggle)),
                .init(
                    "events",
                    .array(
                        events.map { logged in
                            var object = EventCodec.object(for: logged.event)
                            // Beside the event's own fields, what replay made of it (absent: applied).
                            if let note = notes[logged.event.id] { object["replay"] = .string(note) }
                            return .object(object)
                        })),
                .init("extensions", .object(StaleJSONRenderer.extensions(extensions(of: events)))),
                .init("conflicts", .array(conflicts.map { .object(StaleJSONRenderer.conflictObject($0)) })),
            ]))
        return JSONWriter.pretty(document) + "\n"
    }

    /// What replay made of each event that it did not simply apply (overruled in a conflict,
    /// voided, a repeated creation, skipped as invalid), by id; and the toggle's conflicts.
    static func replayNotes(_ events: [LoggedEvent]) -> (notes: [String: String], conflicts: [Conflict]) {
        var tracker = ConflictTracker()
        var notes: [String: String] = [:]
        for logged in events {
            let step = tracker.apply(logged)
            if let voidedBy = step.voidedBy {
                notes[logged.event.id] = "voided by \(voidedBy)"
            } else if let violation = step.violation {
                if case .sameCreation = violation.reason {
                    notes[logged.event.id] = "the same creation again: one fact, replay keeps the first"
                } else if !violation.isConflict {
                    notes[logged.event.id] = "skipped: \(violation)"
                }
            }
        }
        for conflict in tracker.conflicts {
            let settled = conflict.resolvedBy.map { "; resolved by \($0)" } ?? "; open"
            let standing = "stands in a \(conflict.kind.rawValue) conflict with \(conflict.overruled.joined(separator: ", "))\(settled)"
            // One event may stand in several conflicts (a creation against a creation and a publish).
            notes[conflict.standing] = notes[conflict.standing].map { "\($0); \(standing)" } ?? standing
            for id in conflict.overruled {
                notes[id] = "overruled: \(conflict.kind.rawValue) conflict with \(conflict.standing)\(settled)"
            }
        }
        return (notes, tracker.conflicts)
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
        case .minimumVersionChanged(let minimum, let reason, let previous, let resolves):
            var text = "minimum supported version → \(minimum)" + (reason.map { ": \($0)" } ?? "")
            // What its writer saw in force: a concurrent change shows as a different one.
            if let previous { text += " (was \(previous.minimum?.text ?? "none"))" }
            if !resolves.isEmpty { text += " (conflict \(resolves.joined(separator: ", ")) resolved)" }
            return text
        case .attributesChanged(let changes):
            var parts: [String] = []
            if let category = changes.category { parts.append("category → \(category)") }
            if let owner = changes.owner { parts.append(owner.isEmpty ? "owner cleared" : "owner → \(owner)") }
            if let description = changes.description { parts.append(description.isEmpty ? "description cleared" : "description → \(description)") }
            return parts.joined(separator: ", ")
        case .resolved(let resolution):
            let side = resolution.keep.map { "keeps \($0)" } ?? "gives the definition"
            let outcome = resolution.removed ? "removed" : ValueText.describe(resolution.definition)
            return "conflict \(resolution.conflict.joined(separator: ", ")) resolved: \(side) → \(outcome)" + (resolution.reason.map { ": \($0)" } ?? "")
        case .voided(let eventID, let reason):
            return "voids \(eventID): \(reason)"
        case .unknown(let type):
            return "(\(type): not understood by this version)"
        }
    }
}
