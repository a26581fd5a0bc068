/// `toggles help`: the overview, or one command's flags and examples.
enum HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help",
        summary: "Show this overview, or the flags and examples of one command.",
        synopsis: "help [COMMAND]",
        variadicPositionals: true,
        options: [],
        examples: ["toggles help", "toggles help publish"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        // Two-word commands: `toggles help export swift`.
        let name = arguments.positionals.joined(separator: " ")
        guard !name.isEmpty else {
            context.write(overview())
            return .ok
        }
        if TogglesCLI.command(named: name) == nil, let family = familyHelp(name) {
            context.write(family)
            return .ok
        }
        guard let command = TogglesCLI.command(named: name) else {
            throw UsageError("unknown command '\(name)'; run `toggles help` for the list")
        }
        context.write(help(for: command.spec))
        return .ok
    }

    /// The help of every two-word command starting with `word` (`toggles help sync`), or nil.
    static func familyHelp(_ word: String) -> String? {
        let members = TogglesCLI.commands.filter { command in command.spec.name.hasPrefix(word + " ") }
        guard !members.isEmpty else { return nil }
        return members.map { command in help(for: command.spec) }.joined(separator: "\n")
    }

    static func overview() -> String {
        var text = """
            toggles: the lifecycle of feature toggles as an append-only event log.

            usage: toggles COMMAND [OPTIONS]

            commands:

            """
        let specs = TogglesCLI.commands.map { command in command.spec }
        let width = specs.reduce(0) { max($0, $1.name.count) }
        for spec in specs {
            text += "  " + spec.name + String(repeating: " ", count: width - spec.name.count + 2) + spec.summary + "\n"
        }
        text += """

            Every command takes --log DIR (default: events). Run `toggles help COMMAND` for its flags.

            exit status: 0 ok, 1 stale toggles found (check), 2 invalid log or I/O error,
                         64 usage error, 65 rejected by lifecycle rules. Nothing is appended
                         unless the status is 0.

            """
        return text
    }

    static func help(for spec: CommandSpec) -> String {
        var text = "\(spec.summary)\n\nusage: toggles \(spec.synopsis)\n"
        if !spec.discussion.isEmpty { text += "\n" + wrap(spec.discussion, indent: "") + "\n" }
        if !spec.positionals.isEmpty {
            text += "\narguments:\n"
            for positional in spec.positionals { text += "  \(positional.name)  \(positional.help)\n" }
        }
        if !spec.options.isEmpty {
            text += "\noptions:\n"
            let labels = spec.options.map { option in ([option.name] + option.values).joined(separator: " ") }
            let width = min(labels.map(\.count).max() ?? 0, 30)
            for (option, label) in zip(spec.options, labels) {
                let padding = label.count < width ? String(repeating: " ", count: width - label.count) : ""
                text += "  \(label)\(padding)  \(option.help)\(option.repeatable ? " (repeatable)" : "")\n"
            }
        }
        if !spec.examples.isEmpty {
            text += "\nexamples:\n"
            for example in spec.examples { text += "  $ \(example)\n" }
        }
        return text
    }

    private static func wrap(_ text: String, indent: String, width: Int = 88) -> String {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > width && line != indent {
                lines.append(line)
                line = indent
            }
            line += (line == indent ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
