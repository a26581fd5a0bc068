import ToggleLedger

/// `toggles create`: appends a `created` event.
enum CreateCommand: Command {
    static let helpPage = """
        Record a new toggle with its kind, value type and in-app default.

        usage: toggles create NAME --kind build|local|remote --type bool|string|number|json --default VALUE [--category C] [--owner WHO] [--expires DATE] [--description TEXT]

        arguments:
          NAME  the toggle's key, e.g. isRoundedAvatar

        options:
          --kind KIND         where the value is decided: build, local or remote
          --type TYPE         the value type: bool, string, number or json
          --default VALUE     the in-app default, a value of --type
          --category C        the policy category (default: release)
          --owner WHO         the person or team to ask about it
          --expires DATE      the date it should be gone by, YYYY-MM-DD, after today (or after --at)
          --description TEXT  what it switches
          --log --at --actor --id

        examples:
          $ toggles create isRoundedAvatar --kind remote --type bool --default false --owner ios@moments.app --expires 2027-01-31
          $ toggles create appPrimaryColor --kind remote --type string --default '#FBB03B' --category remote-config
        """
    static let spec = CommandSpec(help: helpPage, shared: CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        let (kind, valueType, defaultValue) = try kindTypeAndDefault(arguments, toggle: name, command: spec.name)
        let expires = try CommonOptions.expiry(arguments, context, command: spec.name)
        let category = arguments.value("--category") ?? "release"
        if let problem = Lifecycle.categoryProblem(category) { throw UsageError("--category: \(problem)", command: spec.name) }
        let definition = ToggleDefinition(
            kind: kind, valueType: valueType, defaultValue: defaultValue, category: category,
            owner: arguments.value("--owner"), description: arguments.value("--description"), expires: expires)
        let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: .created(definition))
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: CommonOptions.ledger(arguments, context), context)
    }

    /// `--kind`, `--type` and `--default`, each required, as `create` and `resolve --kind`
    /// take them; `whenMissing` follows "missing --type" in the usage error.
    static func kindTypeAndDefault(
        _ arguments: ParsedArguments, toggle name: String, command: String, whenMissing: String = ""
    ) throws -> (ToggleKind, ValueType, JSONValue) {
        func required(_ option: String) throws(UsageError) -> String {
            guard let value = arguments.value(option) else { throw UsageError("missing \(option)\(whenMissing)", command: command) }
            return value
        }
        let kindText = try required("--kind")
        guard let kind = ToggleKind(rawValue: kindText) else {
            throw UsageError("--kind must be build, local or remote, not '\(kindText)'", command: command)
        }
        let typeText = try required("--type")
        guard let valueType = ValueType(rawValue: typeText) else {
            throw UsageError("--type must be bool, string, number or json, not '\(typeText)'", command: command)
        }
        return (kind, valueType, try CommonOptions.value(try required("--default"), as: valueType, option: "--default", toggle: name))
    }
}
