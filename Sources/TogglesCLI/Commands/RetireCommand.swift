import ToggleLedger

/// `toggles retire`: appends a `retired` event for a toggle removed from the code.
enum RetireCommand: Command {
    static let helpPage = """
        Record that the remote parameter of a toggle removed from the code was deleted.

        usage: toggles retire NAME [--reason TEXT]

        For a remote toggle removed with `toggles remove NAME --app-version VERSION` whose parameter is still served. It
        clears the `retire-remote` reason, and `export firebase` no longer writes the parameter. An import of a template
        without the parameter (`toggles import firebase`) records the same thing as `unpublished`. While a supported app
        version is older than the removal version it is refused (exit 65): the next `export firebase` would leave the
        parameter out, and those versions would fall back to their in-app default. --force records it anyway.

        arguments:
          NAME  the toggle's key

        options:
          --reason TEXT  why, or where it was deleted
          --force        record it even though a supported app version still reads the parameter (it is already gone)
          --log --at --actor --id

        examples:
          $ toggles retire isRoundedAvatar --reason 'deleted from Remote Config after the 2.6 forced update'
        """
    static let spec = CommandSpec(help: helpPage, shared: CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        let ledger = CommonOptions.ledger(arguments, context)
        if !arguments.has("--force"), let reader = try stillRead(name, in: ledger, at: CommonOptions.timestamp(arguments, "--at", command: spec.name)) {
            throw CommandFailure(
                status: .rejected,
                message: "retire \(name): \(reader); retire it once `toggles support --minimum` reaches that version, or record it with --force if the parameter is already gone")
        }
        let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: .retired(reason: arguments.value("--reason")))
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: ledger, context)
    }

    /// Why the parameter of `name` is still read at `instant` (the end of the log when nil):
    /// a toggle awaiting retirement whose removal version some supported version predates.
    /// Nil otherwise; the lifecycle rules judge everything else when the event is appended.
    private static func stillRead(_ name: String, in ledger: Ledger, at instant: Timestamp?) throws -> String? {
        let snapshot: ReplaySnapshot
        do {
            snapshot = try ledger.snapshot(until: instant)
        } catch LogError.directoryMissing {
            return nil
        }
        guard let position = snapshot.position(of: name), snapshot.toggles[position].awaitsRetirement,
            snapshot.toggles[position].retirementDue(snapshot.supportedVersions) == nil,
            let version = snapshot.toggles[position].removedInAppVersion
        else { return nil }
        let minimum = snapshot.supportedVersions.minimum.map { "the minimum supported version is \($0)" } ?? "no minimum supported version is recorded"
        return "app versions before \(version) still read \(name) (\(minimum))"
    }
}
