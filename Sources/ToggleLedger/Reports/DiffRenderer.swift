import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``ToggleDiff`` (`toggles diff`): a table for people, JSON for scripts, Markdown
/// fit for release notes.
package enum DiffRenderer {
    /// One side of the comparison: the log (or the log at a git revision) as of an instant.
    public struct Side: Sendable, Hashable {
        /// The instant, nil for the end of the log.
        public var at: Timestamp?
        /// The git revision as given, nil for the log as it is on disk.
        public var revision: String?
        /// The commit the revision names.
        public var commit: String?

        public init(at: Timestamp?, revision: String? = nil, commit: String? = nil) {
            self.at = at
            self.revision = revision
            self.commit = commit
        }

        /// `2026-06-01T00:00:00Z`, `v2.4 (1a2b3c4d5e6f)`, `v2.4 (1a2b3c4d5e6f) at 2026-06-01T00:00:00Z`, `the end of the log`.
        public var label: String {
            var parts: [String] = []
            if let revision { parts.append(revision + (commit.map { " (\($0.prefix(12)))" } ?? "")) }
            if let at { parts.append(revision == nil ? at.description : "at \(at)") }
            return parts.isEmpty ? "the end of the log" : parts.joined(separator: " ")
        }
    }

    public static func text(_ diff: ToggleDiff, from: Side, to: Side) -> String {
        var output = ""
        if !diff.changes.isEmpty {
            var table = TextTable(headers: ["TOGGLE", "CHANGE", "BEFORE", "AFTER", "AT"], maximumCellWidth: 60)
            for change in diff.changes {
                var after = change.afterText
                if let detail = change.detail { after += " (\(detail))" }
                table.rows.append([change.toggle.isEmpty ? "(app)" : change.toggle, change.kind.rawValue, change.beforeText, after, change.at?.description ?? "—"])
            }
            output = table.render() + "\n"
        }
        return output + TerminalText.sanitize(summaryLine(diff, from: from, to: to)) + "\n"
    }

    /// `3 changes to 2 toggles from X to Y: 1 created, 2 default-changed`, or `no changes …`.
    public static func summaryLine(_ diff: ToggleDiff, from: Side, to: Side) -> String {
        let span = "from \(from.label) to \(to.label)"
        guard !diff.changes.isEmpty else { return "no toggle changed \(span)" }
        let changes = diff.changes.count == 1 ? "1 change" : "\(diff.changes.count) changes"
        let toggles = diff.toggles.count == 1 ? "1 toggle" : "\(diff.toggles.count) toggles"
        return "\(changes) to \(toggles) \(span): " + diff.counts.map { "\($0.count) \($0.kind.rawValue)" }.joined(separator: ", ")
    }

    /// `{"schema": 1, "from": {…}, "to": {…}, "summary": {kind: count}, "changes": [{"toggle", "change", "before", "after", "at", "detail"}]}`
    public static func json(_ diff: ToggleDiff, from: Side, to: Side) -> String {
        func side(_ side: Side) -> JSONValue {
            .object(
                JSONObject([
                    .init("at", side.at.map { .string($0.description) } ?? .null),
                    .init("revision", side.revision.map(JSONValue.string) ?? .null),
                    .init("commit", side.commit.map(JSONValue.string) ?? .null),
                ]))
        }
        let document = JSONObject([
            .init("schema", .number("1")),
            .init("from", side(from)),
            .init("to", side(to)),
            .init("summary", .object(JSONObject(diff.counts.map { .init($0.kind.rawValue, .number(String($0.count))) }))),
            .objects("changes", diff.changes) { change in
                [
                    .init("toggle", .string(change.toggle)),
                    .init("change", .string(change.kind.rawValue)),
                    .init("before", change.before),
                    .init("after", change.after),
                    .init("at", change.at.map { .string($0.description) } ?? .null),
                    .init("detail", change.detail.map(JSONValue.string) ?? .null),
                ]
            },
        ])
        return JSONWriter.pretty(.object(document)) + "\n"
    }

    /// Sections per kind of change, each a list: what a release note says about toggles.
    public static func markdown(_ diff: ToggleDiff, from: Side, to: Side, title: String? = nil) -> String {
        // Headings and list items, no table: code spans without the table's `\|`.
        let code = StaleMarkdownRenderer.inlineCode
        let escape = StaleMarkdownRenderer.escape
        var output = "### \(title.map(escape) ?? "Toggle changes")\n\n"
        output += "From \(code(from.label)) to \(code(to.label))"
        guard !diff.changes.isEmpty else { return output + ": no toggle changed.\n" }
        output += ": " + diff.counts.map { "\($0.count) \(heading($0.kind).lowercased())" }.joined(separator: " · ") + ".\n"
        for (kind, _) in diff.counts {
            output += "\n#### \(heading(kind))\n\n"
            for change in diff.changes where change.kind == kind {
                var line = change.toggle.isEmpty ? "- the app" : "- \(code(change.toggle))"
                switch kind {
                case .created, .published:
                    line += ": \(escape(change.afterText))"
                case .removed:
                    line += change.detail.map { ": \(escape($0))" } ?? ""
                case .retired:
                    line += " (served \(escape(change.beforeText)))"
                case .unpublished:
                    line += " (was \(escape(change.beforeText)))"
                default:
                    line += ": \(escape(change.beforeText)) → \(escape(change.afterText))"
                    if let detail = change.detail { line += " (\(escape(detail)))" }
                }
                output += line + "\n"
            }
        }
        return output
    }

    private static func heading(_ kind: ToggleDiff.Change.Kind) -> String {
        switch kind {
        case .created: "Created"
        case .removed: "Removed"
        case .retired: "Retired from Remote Config"
        case .minimumVersionChanged: "Minimum supported version"
        case .defaultChanged: "In-app defaults changed"
        case .published: "Published remotely"
        case .unpublished: "No longer served remotely"
        case .remoteChanged: "Remote values changed"
        case .stageChanged: "Stages changed"
        case .ownerChanged: "Owners changed"
        case .expiryChanged: "Expiry dates moved"
        case .categoryChanged: "Categories changed"
        case .descriptionChanged: "Descriptions changed"
        }
    }
}
