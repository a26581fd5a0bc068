import ToggleLedger

/// `toggles publish`: appends a `published` event for a remote toggle.
enum PublishCommand: Command {
    static let helpPage = """
        Record a remote value, with conditional values, published for a remote toggle.

        usage: toggles publish NAME (--value VALUE | --use-in-app-default) [--when CONDITION EXPRESSION VALUE]... [--template-version N]

        Conditions are evaluated in the order given; the first match wins, as in Firebase Remote Config.

        arguments:
          NAME  the remote toggle's key

        options:
          --value VALUE                   the remote default, a value of the toggle's type
          --use-in-app-default            serve no remote default: clients use the in-app default
          --when CONDITION EXPRESSION VALUE  a conditional value: the condition's name, its expression, and the value served
                                             when it matches; repeat in priority order (repeatable)
          --template-version N            the remote template version this publish created
          --log --at --actor --id

        examples:
          $ toggles publish isRoundedAvatar --value false --when 'Chinese users' "device.language in ['zh']" true
          $ toggles publish shouldWeIncludePluto --value false --when 'Pluto Fans' "device.country in ['DK', 'SE', 'NO', 'IS', 'FI']" true
        """
    static let spec = CommandSpec(help: helpPage, shared: CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        let useInAppDefault = arguments.has("--use-in-app-default")
        guard arguments.has("--value") != useInAppDefault else {
            throw UsageError("give exactly one of --value VALUE and --use-in-app-default", command: spec.name)
        }
        let ledger = CommonOptions.ledger(arguments, context)
        let state = try CommonOptions.liveToggle(name, in: ledger, type: "published")
        guard state.kind == .remote else {
            throw CommandFailure(status: .rejected, message: "published \(name): \(name) is a \(state.kind.rawValue) toggle; only remote toggles are published")
        }
        let value = try arguments.value("--value").map { text in
            try CommonOptions.value(text, as: state.valueType, option: "--value", toggle: name)
        }
        var conditions: [ConditionalValue] = []
        for occurrence in arguments.all("--when") {
            let (conditionName, expression, text) = (occurrence[0], occurrence[1], occurrence[2])
            guard !conditionName.isEmpty else { throw UsageError("--when: the condition name may not be empty", command: spec.name) }
            guard !conditions.contains(where: { $0.name == conditionName }) else {
                throw UsageError("--when: condition '\(conditionName)' is given twice", command: spec.name)
            }
            let conditionValue = try CommonOptions.value(text, as: state.valueType, option: "--when '\(conditionName)'", toggle: name)
            conditions.append(ConditionalValue(name: conditionName, expression: expression, value: conditionValue))
        }
        let remote = RemoteValue(value: value, conditions: conditions, templateVersion: arguments.value("--template-version"))
        let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: .published(remote))
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: ledger, context)
    }
}
