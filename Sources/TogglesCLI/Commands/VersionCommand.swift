/// `toggles version`: the version, as `--version` prints it.
enum VersionCommand: Command {
    static let helpPage = """
        Print the version of toggles.

        usage: toggles version

        examples:
          $ toggles version
        """
    static let spec = CommandSpec(help: helpPage)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        context.write("toggles \(TogglesCLI.version)\n")
        return .ok
    }
}
