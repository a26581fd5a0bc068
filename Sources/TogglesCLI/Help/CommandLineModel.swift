import Foundation

/// What a shell needs to complete `toggles` and what the man page lists, read from the same
/// command specs the parser and `toggles help` use, so a new command or flag is completed and
/// documented without touching these generators.
struct CommandLineModel {
    /// What the value of an option (or a positional) is completed with.
    enum Completion: Equatable {
        case none
        /// One of these words (`--format text|json`, `--kind build|local|remote`).
        case choices([String])
        case files
        case directories
        /// The toggle names of the log (`toggles --complete-toggle-names DIR`).
        case toggleNames
    }

    struct Option {
        var name: String
        var takesValue: Bool
        var completion: Completion
        var help: String
    }

    struct Command {
        /// `export swift`
        var name: String
        var summary: String
        var options: [Option]
        /// What the words after the command name complete to.
        var arguments: Completion
    }

    /// Every command, in registry order.
    var commands: [Command]

    /// The first word of every command, in registry order, each once.
    var firstWords: [String] {
        var seen: Set<String> = []
        return commands.map { String($0.name.split(separator: " ")[0]) }.filter { seen.insert($0).inserted }
    }

    /// The words that may follow `word`: second words of two-word commands (`export swift`)
    /// and the positional choices of the one-word command (`export plist|firebase|flagd`).
    func secondWords(after word: String) -> [String] {
        var words = commands.compactMap { command -> String? in
            let parts = command.name.split(separator: " ")
            return parts.count == 2 && parts[0] == word ? String(parts[1]) : nil
        }
        if let command = commands.first(where: { $0.name == word }), case .choices(let choices) = command.arguments {
            words += choices
        }
        return words
    }

    init(_ specs: [CommandSpec]) {
        commands = specs.map { spec in
            Command(
                name: spec.name, summary: spec.summary,
                options: spec.options.map { option in
                    // The synopsis spells the choices (`--kind build|local|remote`) where the help may not.
                    let synopsisChoices = Self.synopsisValue(of: option.name, in: spec.synopsis).flatMap(Self.choices(in:))
                    return Option(
                        name: option.name, takesValue: !option.values.isEmpty,
                        completion: option.values.isEmpty ? .none : synopsisChoices.map(Completion.choices) ?? Self.completion(value: option.values[0], help: option.help),
                        help: option.help)
                },
                arguments: Self.arguments(of: spec))
        }
        // `toggles help COMMAND`
        let names = firstWords
        for index in commands.indices where commands[index].name == "help" { commands[index].arguments = .choices(names) }
    }

    /// A value completes to the choices its help lists (`a|b|c`), else by its name: files,
    /// directories, or nothing (a time, a number, free text).
    static func completion(value: String, help: String) -> Completion {
        if let choices = choices(in: help) { return .choices(choices) }
        switch value {
        case "FILE", "PATH", "TEMPLATE.json", "FILE:LINE": return .files
        case "DIR": return .directories
        default: return .none
        }
    }

    /// What follows the command name: a toggle name when the synopsis takes `NAME`, the choices
    /// of a `a|b|c` first argument, else paths for a command that takes them.
    static func arguments(of spec: CommandSpec) -> Completion {
        let words = spec.synopsis.split(separator: " ").dropFirst(spec.name.split(separator: " ").count).map(String.init)
        // `create NAME` names a toggle that does not exist yet: nothing to offer.
        if words.contains("NAME") { return spec.name == "create" ? .none : .toggleNames }
        if let first = words.first, !first.hasPrefix("["), !first.hasPrefix("-"), let choices = choices(in: first) { return .choices(choices) }
        if !spec.positionals.isEmpty || spec.variadicPositionals { return spec.name == "help" ? .none : .files }
        return .none
    }

    /// The word after `option` in `synopsis` (`--kind build|local|remote` → `build|local|remote`).
    static func synopsisValue(of option: String, in synopsis: String) -> String? {
        let words = synopsis.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]()")) }
        guard let index = words.firstIndex(of: option), index + 1 < words.count else { return nil }
        return words[index + 1]
    }

    /// The first `word|word…` run in `text` (lower-case words, digits and dashes).
    static func choices(in text: String) -> [String]? {
        let separators = text.split { character in !(character.isLetter || character.isNumber || character == "-" || character == "|") }
        for token in separators where token.contains("|") {
            let words = token.split(separator: "|").map(String.init)
            if words.count >= 2, words.allSatisfy({ !$0.isEmpty && $0 == $0.lowercased() && !$0.hasPrefix("-") }) { return words }
        }
        return nil
    }
}
