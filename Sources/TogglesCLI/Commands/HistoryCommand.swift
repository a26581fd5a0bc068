import ToggleLedger

/// `toggles history`: the events of one toggle, or the log-wide events, in replay order.
enum HistoryCommand: Command {
    static let helpPage = """
        Show the events of one toggle, or with --app the log-wide ones, in replay order.

        usage: toggles history NAME | --app [--format text|json]

        options:
          --app  the log-wide events instead of one toggle's: every change of the minimum supported app version
          --format --log

        examples:
          $ toggles history isRoundedAvatar
          $ toggles history isRoundedAvatar --format json | jq '.events[].type'
          $ toggles history --app
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.format(ReportFormat.textOrJSON), CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let logWide = arguments.has("--app")
        guard arguments.positionals.count == (logWide ? 0 : 1) else {
            if logWide { throw UsageError("--app shows the log-wide events; give no toggle NAME with it", command: spec.name) }
            if arguments.positionals.isEmpty { throw UsageError("missing NAME: the toggle's key (or --app for the log-wide events)", command: spec.name) }
            throw UsageError("unexpected argument '\(arguments.positionals[1])'", command: spec.name)
        }
        // Log-wide events name the reserved toggle; no toggle may be created under it.
        let name = logWide ? Event.appToggle : arguments.positionals[0]
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let ledger = CommonOptions.ledger(arguments, context)
        let (events, summary) = try ledger.history(of: name)
        for warning in summary.warnings { context.warn(warning.description) }
        if events.isEmpty && !logWide {
            let names = try ledger.replay().projection.toggles.keys.sorted()
            let close = names.filter { $0.lowercased() == name.lowercased() || $0.lowercased().contains(name.lowercased()) }
            let hint = close.first.map { "; did you mean \($0)?" } ?? ""
            throw UsageError("no toggle named \(name) in the log\(hint)", command: spec.name)
        }
        let title = logWide ? "the app (log-wide)" : name
        context.write(format == .json ? HistoryRenderer.json(events, toggle: name) : HistoryRenderer.text(events, toggle: title))
        return .ok
    }
}
