import ToggleLedger

/// `toggles audit`: validates the whole log.
enum AuditCommand: Command {
    static let spec = CommandSpec(
        name: "audit",
        summary: "Validate the whole log: JSON, schema, lifecycle rules, duplicate ids, torn lines.",
        synopsis: "audit [--strict] [--git] [--format text|json]",
        options: [
            .flag("--strict", "treat warnings (torn or unterminated last lines, unknown event types, ids or instants no command writes) as errors"),
            .flag("--git", "also prove from git history that event lines were only ever appended: report every line a commit edited or deleted"),
            CommonOptions.format(["text", "json"]),
            CommonOptions.log,
        ],
        discussion: """
            Exit 0 when the log is valid, 2 when it is not. A malformed line stops the audit at \
            that line. Events that break a lifecycle rule (possible after a git merge or a hand \
            edit) and ids reused for different events are errors; replay skips them. \
            With --git, every commit that touched the log directory is checked against each \
            of its parents, and so are uncommitted changes: a segment may be added, and a torn \
            last line may be cut by a repair, but an event line edited or deleted is an error \
            naming the commit, its author and the line. Merges of branches that each appended \
            are fine; a merge that loses a line either parent had (`git merge -s ours`, a \
            conflict resolved by `git rm`) is a deletion. A shallow clone is an error: fetch \
            the whole history first (`git fetch --unshallow`; actions/checkout: fetch-depth: 0).
            """,
        examples: ["toggles audit", "toggles audit --strict --format json", "toggles audit --git"])

    struct Finding {
        var severity: String
        var location: String
        var message: String
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ["text", "json"], command: spec.name)
        let strict = arguments.has("--strict")
        // Every event is looked at (no checkpoint stands in): the rules a writer applies are
        // checked on what the log holds, whoever wrote it.
        var unwritable: [Finding] = []
        let now = context.now()
        let replay = try CommonOptions.ledger(arguments, context).replay { logged in
            let event = logged.event
            if let problem = EventID.problem(with: event.id) {
                unwritable.append(Finding(severity: strict ? "error" : "warning", location: logged.location.description, message: "\(logged.location): id \(JSONWriter.quoted(event.id)): \(problem); no command writes such an id"))
            } else if event.at > now.adding(seconds: WriteRules.clockSkewAllowance) {
                unwritable.append(Finding(severity: strict ? "error" : "warning", location: logged.location.description, message: "\(logged.location): \(event.type) \(event.toggle) is dated \(event.at), after now (\(now)); no command writes a future event"))
            }
        }
        var findings: [Finding] = unwritable
        for warning in replay.summary.warnings {
            switch warning {
            case .duplicateID(_, _, let duplicate):
                findings.append(Finding(severity: "error", location: duplicate.description, message: warning.description))
            case .tornTail(let location, _, _), .missingFinalNewline(let location, _):
                findings.append(Finding(severity: strict ? "error" : "warning", location: location.description, message: warning.description))
            }
        }
        for (location, violation) in replay.projection.violations {
            findings.append(Finding(severity: "error", location: location?.description ?? "", message: "\(location.map { "\($0): " } ?? "")\(violation.description); replay skips this event"))
        }
        for (location, event) in replay.projection.unknownTypes {
            findings.append(Finding(severity: strict ? "error" : "warning", location: location?.description ?? "", message: "\(location.map { "\($0): " } ?? "")unknown event type \(JSONWriter.quoted(event.type)) (id \(event.id)); kept, ignored by replay"))
        }
        var history: GitHistoryAudit.Result?
        if arguments.has("--git") {
            let ledger = CommonOptions.ledger(arguments, context)
            let result = try GitHistoryAudit(directory: ledger.reader.directory, displayName: ledger.reader.displayName).run()
            if result.shallow {
                findings.append(Finding(severity: "error", location: "", message: """
                    the repository is a shallow clone: the commits before its oldest one are missing, so --git cannot \
                    prove the log was only appended to; fetch the whole history with `git fetch --unshallow` \
                    (in GitHub Actions: `fetch-depth: 0` on actions/checkout)
                    """))
            }
            for finding in result.findings {
                findings.append(Finding(severity: "error", location: finding.location, message: describe(finding)))
            }
            history = result
        }
        let errors = findings.filter { $0.severity == "error" }.count
        let summary = replay.summary
        if format == "json" {
            let document = JSONValue.object(JSONObject([
                .init("valid", .bool(errors == 0)),
                .init("segments", .number(String(summary.segmentCount))),
                .init("events", .number(String(summary.eventCount))),
                .init("duplicates", .number(String(summary.duplicateCount))),
                .init("toggles", .number(String(replay.projection.toggles.count))),
                .init("findings", .array(findings.map { finding in
                    .object(JSONObject([
                        .init("severity", .string(finding.severity)),
                        .init("location", .string(finding.location)),
                        .init("message", .string(finding.message)),
                    ]))
                })),
            ]))
            var output = document
            if let history, case .object(var object) = output {
                object["git"] = .object(JSONObject([
                    .init("shallow", .bool(history.shallow)),
                    .init("commits", .number(String(history.commits))),
                    .init("segmentsAdded", .number(String(history.segmentsAdded))),
                    .init("repairs", .array(history.repairs.map(JSONValue.string))),
                    .init("findings", .array(history.findings.map { finding in
                        .object(JSONObject([
                            .init("commit", .string(finding.commit)),
                            .init("author", .string(finding.author)),
                            .init("date", .string(finding.date)),
                            .init("subject", .string(finding.subject)),
                            .init("location", .string(finding.location)),
                            .init("kind", .string(finding.kind)),
                            .init("old", .string(finding.old)),
                            .init("new", finding.new.map(JSONValue.string) ?? .null),
                        ]))
                    })),
                ]))
                output = .object(object)
            }
            context.write(JSONWriter.pretty(output) + "\n")
        } else {
            for finding in findings { context.write(TerminalText.sanitize("\(finding.severity): \(finding.message)") + "\n") }
            let verdict = errors == 0 ? "valid" : "INVALID (\(errors) error\(errors == 1 ? "" : "s"))"
            if let history {
                for repair in history.repairs { context.write(TerminalText.sanitize("note: \(repair)") + "\n") }
                context.write("git: \(history.commits) commit\(history.commits == 1 ? "" : "s") touched the log, \(history.segmentsAdded) segments added, \(history.repairs.count) torn-tail repairs, \(history.findings.count) event line\(history.findings.count == 1 ? "" : "s") edited or deleted\n")
            }
            context.write("\(summary.eventCount) events in \(summary.segmentCount) segments, \(replay.projection.toggles.count) toggles, \(summary.duplicateCount) duplicates skipped: \(verdict)\n")
        }
        return errors == 0 ? .ok : .invalidLog
    }

    private static func describe(_ finding: GitHistoryAudit.Finding) -> String {
        func clip(_ text: String) -> String { text.count <= 240 ? text : String(text.prefix(239)) + "…" }
        let when = finding.date.isEmpty ? "" : " on \(finding.date)"
        var message = "\(finding.location): event line \(finding.kind) in commit \(finding.commit) by \(finding.author)\(when) (\"\(clip(finding.subject))\"); was: \(clip(finding.old))"
        if let new = finding.new { message += "; now: \(clip(new))" }
        return message
    }
}
