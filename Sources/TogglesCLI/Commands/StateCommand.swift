import ToggleLedger

/// `toggles state`: every toggle as the log says it is, now or at a past instant.
enum StateCommand: Command {
    static let spec = CommandSpec(
        name: "state",
        summary: "Show the state of every toggle, now or at a past instant.",
        synopsis: "state [--at TIME] [--format text|json]",
        options: [
            .value("--at", "TIME", "replay only events up to this instant, RFC 3339 or YYYY-MM-DD (end of log by default)"),
            CommonOptions.format(ReportFormat.textOrJSON),
            CommonOptions.log,
        ],
        examples: ["toggles state", "toggles state --at 2026-06-01 --format json"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let at = try CommonOptions.timestamp(arguments, "--at", command: spec.name)
        let replay = try CommonOptions.ledger(arguments, context).snapshot(until: at)
        for warning in replay.summary.warnings { context.warn(warning.description) }
        let asOf = at ?? context.now()
        let toggles = replay.toggles
        if format == .json {
            StateRenderer.writeJSON(toggles, asOf: asOf, supportedVersions: replay.supportedVersions, to: context.write)
        } else {
            context.write(StateRenderer.text(toggles, asOf: asOf, supportedVersions: replay.supportedVersions))
        }
        context.discard(replay)
        return .ok
    }
}
