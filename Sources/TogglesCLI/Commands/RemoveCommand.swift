import ToggleLedger

/// `toggles remove`: appends a `removed` event, or with `--app-version` a `code-removed` one.
enum RemoveCommand: Command {
    static let helpPage = """
        Record that a toggle is gone from the code (and, without --app-version, from the server).

        usage: toggles remove NAME [--app-version VERSION] [--reason TEXT]

        Without --app-version the toggle is gone everywhere: from the code and from Remote Config (`export firebase` leaves it
        out). With --app-version it is gone from the code from that version on, but the app versions before it, still
        installed, keep reading its remote value: `export firebase` keeps the parameter, `export plist` leaves the key out,
        and `report` shows it waiting for retirement until the minimum supported version (`toggles support --minimum`) reaches
        VERSION; then it is stale (`retire-remote`) until `toggles retire` records that the parameter was deleted.

        arguments:
          NAME  the toggle's key

        options:
          --app-version VERSION  the first app version shipped without the toggle's code, such as 2.5.0; older versions still
                                 read its remote value, which stays served until `toggles retire`
          --reason TEXT          why it was removed
          --log --at --actor --id

        examples:
          $ toggles remove isLikeButtonForMomentEnabled --reason 'launched to everyone in 2.3'
          $ toggles remove isRoundedAvatar --app-version 2.5.0 --reason 'rounded avatars for everyone'
        """
    static let spec = CommandSpec(help: helpPage, shared: CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        let reason = arguments.value("--reason")
        let change: Change
        if let version = try CommonOptions.appVersion(arguments, "--app-version", command: spec.name) {
            change = .codeRemoved(appVersion: version, reason: reason)
        } else {
            change = .removed(reason: reason)
        }
        let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: change)
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: CommonOptions.ledger(arguments, context), context)
    }
}
