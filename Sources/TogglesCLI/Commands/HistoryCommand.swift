import ToggleLedger

/// `toggles history`: the events of one toggle in replay order.
enum HistoryCommand: Command {
    static let spec = CommandSpec(
        name: "history",
        summary: "Show the events of one toggle, in replay order.",
        synopsis: "history NAME [--format text|json]",
        positionals: [("NAME", "the toggle's key")],
        options: [CommonOptions.format(ReportFormat.textOrJSON), CommonOptions.log],
        examples: ["toggles history isRoundedAvatar", "toggles history isRoundedAvatar --format json | jq '.events[].type'"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = arguments.positionals[0]
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let ledger = CommonOptions.ledger(arguments, context)
        let (events, summary) = try ledger.history(of: name)
        for warning in summary.warnings { context.warn(warning.description) }
        if events.isEmpty {
            let names = try ledger.replay().projection.toggles.keys.sorted()
            let close = names.filter { $0.lowercased() == name.lowercased() || $0.lowercased().contains(name.lowercased()) }
            let hint = close.first.map { "; did you mean \($0)?" } ?? ""
            throw UsageError("no toggle named \(name) in the log\(hint)", command: spec.name)
        }
        context.write(format == .json ? HistoryRenderer.json(events, toggle: name) : HistoryRenderer.text(events, toggle: name))
        return .ok
    }
}
