import ToggleLedger

/// `toggles state`: every toggle as the log says it is, now or at a past instant.
enum StateCommand: Command {
    static let helpPage = """
        Show the state of every toggle, now or at a past instant.

        usage: toggles state [--at TIME] [--rev REV] [--format text|json]

        A toggle with an open conflict (two branches edited its lifecycle in ways that cannot both stand) shows the side
        replay keeps, marked, with the events of each side; `toggles resolve` settles it. With --rev the log is read as
        committed at a git revision: what the ledger said then, before later voids and resolutions.

        options:
          --at TIME  replay only events up to this instant, RFC 3339 or YYYY-MM-DD (end of log by default)
          --format --rev --log

        examples:
          $ toggles state
          $ toggles state --at 2026-06-01 --format json
          $ toggles state --rev v2.4
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.format(ReportFormat.textOrJSON), CommonOptions.rev, CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let at = try CommonOptions.timestamp(arguments, "--at", command: spec.name)
        let (ledger, checkout) = try CommonOptions.ledgerAtRevision(arguments, context, command: spec.name)
        let replay = try ledger.snapshot(until: at)
        for warning in replay.summary.warnings { context.warn(warning.description) }
        let asOf = at ?? context.now()
        let toggles = replay.toggles
        let conflicts = replay.conflictedToggles.isEmpty ? [] : try ledger.openConflicts(in: replay, until: at).conflicts
        withExtendedLifetime(checkout) {}
        if format == .json {
            StateRenderer.writeJSON(toggles, asOf: asOf, supportedVersions: replay.supportedVersions, conflicts: conflicts, to: context.write)
        } else {
            context.write(StateRenderer.text(toggles, asOf: asOf, supportedVersions: replay.supportedVersions))
            for conflict in conflicts {
                context.write("conflict \(TerminalText.sanitize(conflict.toggle)): \(TerminalText.sanitize(conflict.summary))\n")
            }
        }
        context.discard(replay)
        return .ok
    }
}
