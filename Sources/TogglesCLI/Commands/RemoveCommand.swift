import ToggleLedger

/// `toggles remove`: appends a `removed` event.
enum RemoveCommand: Command {
    static let spec = CommandSpec(
        name: "remove",
        summary: "Record that a toggle is gone from the code and the server.",
        synopsis: "remove NAME [--reason TEXT]",
        positionals: [("NAME", "the toggle's key")],
        options: [.value("--reason", "TEXT", "why it was removed")] + CommonOptions.appending,
        examples: ["toggles remove isLikeButtonForMomentEnabled --reason 'launched to everyone in 2.3'"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: .removed(reason: arguments.value("--reason")))
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: CommonOptions.ledger(arguments, context), context)
    }
}
