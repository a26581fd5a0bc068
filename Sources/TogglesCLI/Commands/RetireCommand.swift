import ToggleLedger

/// `toggles retire`: appends a `retired` event for a toggle removed from the code.
enum RetireCommand: Command {
    static let spec = CommandSpec(
        name: "retire",
        summary: "Record that the remote parameter of a toggle removed from the code was deleted.",
        synopsis: "retire NAME [--reason TEXT]",
        positionals: [("NAME", "the toggle's key")],
        options: [.value("--reason", "TEXT", "why, or where it was deleted")] + CommonOptions.appending,
        discussion: """
            For a remote toggle removed with `toggles remove NAME --app-version VERSION` whose \
            parameter is still served. It clears the `retire-remote` reason, and `export \
            firebase` no longer writes the parameter. An import of a template without the \
            parameter (`toggles import firebase`) records the same thing as `unpublished`.
            """,
        examples: ["toggles retire isRoundedAvatar --reason 'deleted from Remote Config after the 2.6 forced update'"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: .retired(reason: arguments.value("--reason")))
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: CommonOptions.ledger(arguments, context), context)
    }
}
