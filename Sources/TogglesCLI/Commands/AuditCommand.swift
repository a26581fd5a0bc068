import ToggleLedger

/// `toggles audit`: validates the whole log.
enum AuditCommand: Command {
    static let spec = CommandSpec(
        name: "audit",
        summary: "Validate the whole log: JSON, schema, lifecycle rules, duplicate ids, torn lines.",
        synopsis: "audit [--strict] [--format text|json]",
        options: [
            .flag("--strict", "treat warnings (torn or unterminated last lines, unknown event types) as errors"),
            CommonOptions.format(["text", "json"]),
            CommonOptions.log,
        ],
        discussion: """
            Exit 0 when the log is valid, 2 when it is not. A malformed line stops the audit at \
            that line. Events that break a lifecycle rule (possible after a git merge or a hand \
            edit) and ids reused for different events are errors; replay skips them.
            """,
        examples: ["toggles audit", "toggles audit --strict --format json"])

    struct Finding {
        var severity: String
        var location: String
        var message: String
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ["text", "json"], command: spec.name)
        let strict = arguments.has("--strict")
        let replay = try CommonOptions.ledger(arguments, context).replay()
        var findings: [Finding] = []
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
            context.write(JSONWriter.pretty(document) + "\n")
        } else {
            for finding in findings { context.write(TerminalText.sanitize("\(finding.severity): \(finding.message)") + "\n") }
            let verdict = errors == 0 ? "valid" : "INVALID (\(errors) error\(errors == 1 ? "" : "s"))"
            context.write("\(summary.eventCount) events in \(summary.segmentCount) segments, \(replay.projection.toggles.count) toggles, \(summary.duplicateCount) duplicates skipped: \(verdict)\n")
        }
        return errors == 0 ? .ok : .invalidLog
    }
}
