import ToggleLedger

/// `toggles audit`: validates the whole log.
enum AuditCommand: Command {
    static let helpPage = """
        Validate the whole log: JSON, schema, lifecycle rules, duplicate ids, torn lines.

        usage: toggles audit [--strict] [--git] [--format text|json]

        Exit 0 when the log is valid, 2 when it is not. A malformed line stops the audit at that line. Events that break a
        lifecycle rule (possible after a git merge or a hand edit) and ids reused for different events are errors; replay
        skips them. With --git, every commit that touched the log directory is checked against each of its parents, and so are
        uncommitted changes: a segment may be added, and a torn last line may be cut by a repair, but an event line edited or
        deleted is an error naming the commit, its author and the line. Merges of branches that each appended are fine; a
        merge that loses a line either parent had (`git merge -s ours`, a conflict resolved by `git rm`) is a deletion. A log
        moved into its folder (`git mv events app/events`) keeps its history: the folder it came from is checked up to the
        move. A replay checkpoint tracked by git in the log directory is an error (toggles never reads one from there). A
        shallow clone is an error: fetch the whole history first (`git fetch --unshallow`; actions/checkout: fetch-depth: 0).

        options:
          --strict  treat warnings (torn or unterminated last lines, unknown event types, ids or instants no command
                    writes) as errors
          --git     also prove from git history that event lines were only ever appended: report every line a commit
                    edited or deleted
          --format --log

        examples:
          $ toggles audit
          $ toggles audit --strict --format json
          $ toggles audit --git
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.format(ReportFormat.textOrJSON), CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let ledger = CommonOptions.ledger(arguments, context)
        var audit = try ledger.audit(now: context.now(), strict: arguments.has("--strict"))
        if arguments.has("--git") {
            audit.include(try GitHistoryAudit(directory: ledger.reader.directory, displayName: ledger.reader.displayName).run())
        }
        context.write(format == .json ? JSONWriter.pretty(audit.jsonDocument) + "\n" : AuditTextRenderer.render(audit))
        return audit.isValid ? .ok : .invalidLog
    }
}
