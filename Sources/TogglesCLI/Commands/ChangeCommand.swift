import ToggleLedger

/// `toggles change`: appends a `default-changed` event.
enum ChangeCommand: Command {
    static let helpPage = """
        Record a new in-app default for a toggle.

        usage: toggles change NAME --default VALUE

        arguments:
          NAME  the toggle's key

        options:
          --default VALUE  the new in-app default, a value of the toggle's type
          --log --at --actor --id

        examples:
          $ toggles change isSwiftUIEnabled --default true
        """
    static let spec = CommandSpec(help: helpPage, shared: CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        guard let text = arguments.value("--default") else { throw UsageError("missing --default", command: spec.name) }
        let ledger = CommonOptions.ledger(arguments, context)
        let state = try CommonOptions.liveToggle(name, in: ledger, type: "default-changed")
        let value = try CommonOptions.value(text, as: state.valueType, option: "--default", toggle: name)
        if value == state.defaultValue && !arguments.has("--id") {
            context.note("\(name) already defaults to \(ValueText.describe(value)); nothing appended")
            return .ok
        }
        let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: .defaultChanged(value))
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: ledger, context)
    }
}
