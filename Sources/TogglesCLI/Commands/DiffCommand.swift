import ToggleLedger

/// `toggles diff`: what changed between two instants of the log, or the log at two git
/// revisions (release notes: "toggles in 2.5 vs 2.4").
enum DiffCommand: Command {
    static let formats: [ReportFormat] = [.text, .json, .markdown]

    static let helpPage = """
        Show what changed between two instants of the log, or two git revisions of it.

        usage: toggles diff (--from TIME | --from-rev REV) [--to TIME] [--to-rev REV] [--format text|json|markdown]

        Compares the state of every toggle at the two sides: toggles created and removed, in-app defaults changed, remote
        values published, unpublished or changed, stages, owners, expiry dates (with the extensions between) and categories. A
        side is the log on disk, or the log at a git revision (--from-rev/--to-rev, read with git), as of an instant
        (--from/--to) or at its end. Markdown is fit for release notes, JSON for scripts. Exit status: 0 (also when something
        changed), 2 the log or git cannot be read, 64 usage (a bad instant, --from after --to, an unknown revision).

        options:
          --from TIME     the earlier instant, RFC 3339 or YYYY-MM-DD (with --from-rev: that revision's log as of TIME)
          --to TIME       the later instant (default: the end of the log)
          --from-rev REV  read the earlier side from the log at this git revision (a tag, branch or commit)
          --to-rev REV    read the later side from the log at this git revision (default: the log on disk)
          --format --log

        examples:
          $ toggles diff --from 2026-06-01 --to 2026-09-01
          $ toggles diff --from-rev v2.4 --to-rev v2.5 --format markdown >> RELEASE_NOTES.md
          $ toggles diff --from-rev HEAD~1 --format json | jq '.changes[] | select(.change == "created")'
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.format(formats), CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, formats, command: spec.name)
        let fromAt = try CommonOptions.timestamp(arguments, "--from", command: spec.name)
        let toAt = try CommonOptions.timestamp(arguments, "--to", command: spec.name)
        let fromRevision = arguments.value("--from-rev")
        let toRevision = arguments.value("--to-rev")
        guard fromAt != nil || fromRevision != nil else {
            throw UsageError("give the earlier side: --from TIME, --from-rev REV, or both", command: spec.name)
        }
        if let fromAt, let toAt, fromRevision == toRevision, fromAt > toAt {
            throw UsageError("--from \(fromAt) is after --to \(toAt); the earlier instant comes first", command: spec.name)
        }
        let ledger = CommonOptions.ledger(arguments, context)
        let given = CommonOptions.givenLog(arguments)
        let (before, supportedBefore, fromSide) = try side(at: fromAt, revision: fromRevision, ledger: ledger, given: given, option: "--from-rev", context)
        let (after, supportedAfter, toSide) = try side(at: toAt, revision: toRevision, ledger: ledger, given: given, option: "--to-rev", context)
        let diff = ToggleDiff(from: before, to: after, supported: (supportedBefore, supportedAfter))
        switch format {
        case .json: context.write(DiffRenderer.json(diff, from: fromSide, to: toSide))
        case .markdown: context.write(DiffRenderer.markdown(diff, from: fromSide, to: toSide))
        default: context.write(DiffRenderer.text(diff, from: fromSide, to: toSide))
        }
        return .ok
    }

    /// Every toggle, removed ones included, of one side.
    private static func side(
        at instant: Timestamp?, revision: String?, ledger: Ledger, given: String, option: String, _ context: CommandContext
    ) throws -> ([ToggleState], SupportedVersions, DiffRenderer.Side) {
        guard let revision else {
            let snapshot = try ledger.snapshot(until: instant, includingRemoved: true)
            for warning in snapshot.summary.warnings { context.warn(warning.description) }
            return (snapshot.toggles, snapshot.supportedVersions, DiffRenderer.Side(at: instant))
        }
        let checkout = try LogAtRevision(revision: revision, logDirectory: ledger.reader.directory, displayName: given, option: option)
        // No checkpoint: the copy is thrown away after this one replay.
        let copy = Ledger(directory: checkout.directory, displayName: "\(revision):\(given)", options: ReplayOptions(usesCheckpoint: false))
        let snapshot = try copy.snapshot(until: instant, includingRemoved: true)
        for warning in snapshot.summary.warnings { context.warn(warning.description) }
        return (snapshot.toggles, snapshot.supportedVersions, DiffRenderer.Side(at: instant, revision: revision, commit: checkout.commit))
    }
}
