import ToggleLedger

/// `toggles replay`: the events in replay order with the state change each made.
enum ReplayCommand: Command {
    static let helpPage = """
        Stream the events in replay order with the state change each made (before → after).

        usage: toggles replay [--from TIME] [--to TIME] [--format text|json]

        For an auditor reading history: every event, in the order replay applies it (by instant, then id), with the toggle
        fields it changed. Events that break a lifecycle rule or have an unknown type are shown as skipped. --format json
        prints one JSON object per line (event, location, applied, before, after, changes) as it reads, so large logs stream.

        options:
          --from TIME  show events at or after this instant; earlier ones still build the state (default: the first)
          --to TIME    stop after this instant, RFC 3339 or YYYY-MM-DD (default: the end of the log)
          --format --log

        examples:
          $ toggles replay
          $ toggles replay --from 2026-06-01 --to 2026-06-30
          $ toggles replay --format json | jq -c 'select(.event.toggle == "isRoundedAvatar") | .changes'
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.format(ReportFormat.textOrJSON), CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let from = try CommonOptions.timestamp(arguments, "--from", command: spec.name)
        let to = try CommonOptions.timestamp(arguments, "--to", command: spec.name)
        if let from, let to, to < from {
            throw UsageError("--to \(to) is before --from \(from)", command: spec.name)
        }
        var tracker = ReplayTracker()
        var shown = 0
        let summary = try CommonOptions.ledger(arguments, context).reader.read(until: to) { logged in
            let step = tracker.apply(logged)
            if let from, logged.event.at < from { return }
            shown += 1
            context.write(format == .json ? ReplayRenderer.jsonLine(step) : ReplayRenderer.text(step))
        }
        for warning in summary.warnings { context.warn(warning.description) }
        if format == .text {
            context.write("\(shown) event\(shown == 1 ? "" : "s") replayed\n")
        }
        return .ok
    }
}
