import ToggleLedger

/// `toggles set`: appends one `attributes-changed` event with a toggle's new owner, category
/// or description.
enum SetCommand: Command {
    static let helpPage = """
        Change a toggle's owner, category or description: one attributes-changed event.

        usage: toggles set NAME [--owner WHO] [--category NAME] [--description TEXT]

        Records only the fields that differ from the toggle's current ones, as one attributes-changed event: `history` and
        `diff` show who changed what and when, and the stale report and `due` use the owner and category in force. Setting
        what is already there appends nothing.

        arguments:
          NAME  the toggle's key

        options:
          --owner WHO         the new owner; '' clears it
          --category NAME     the new policy category: its lifetime and checks apply from then on
          --description TEXT  the new description; '' clears it
          --log --at --actor --id

        examples:
          $ toggles set isRoundedAvatar --owner li@moments.example --category kill-switch
          $ toggles set isRoundedAvatar --description 'Rounded avatars in the feed'
        """
    static let spec = CommandSpec(help: helpPage, shared: CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        let wanted = AttributeChanges(
            category: arguments.value("--category"), owner: arguments.value("--owner"), description: arguments.value("--description"))
        guard !wanted.isEmpty else { throw UsageError("give at least one of --owner, --category, --description", command: spec.name) }
        let ledger = CommonOptions.ledger(arguments, context)
        // Like `resolve` and `void`, which read the log before writing: no log is an I/O error.
        let state = try CommonOptions.liveToggle(name, in: ledger, type: "attributes-changed", missingLogIsAnError: true)
        guard let changes = wanted.differences(from: state.definition) else {
            context.note("\(name) already has these attributes; nothing appended")
            return .ok
        }
        let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: .attributesChanged(changes))
        // The new category's `require`, as `create` checks it (and nothing a category requires cleared).
        try PolicyRequirements.check([event], ledger: ledger, inForce: [name: state.definition])
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: ledger, context)
    }
}
