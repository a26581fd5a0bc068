import LedgerModel

/// The parsed command line of one command.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    private(set) var occurrences: [String: [[String]]] = [:]

    /// The single value of an option, or nil when absent.
    func value(_ name: String) -> String? { occurrences[name]?.last?.first }

    /// Every occurrence of a repeatable option, each with its values.
    func all(_ name: String) -> [[String]] { occurrences[name] ?? [] }

    func has(_ name: String) -> Bool { occurrences[name] != nil }

    /// Options the command did not get on its command line but from a lookup (``LogLocation``).
    private(set) var supplied: Set<String> = []

    /// Sets an option the command line left out, marked as not typed (``supplied``).
    mutating func supply(_ name: String, _ value: String) {
        guard occurrences[name] == nil else { return }
        occurrences[name] = [[value]]
        supplied.insert(name)
    }

    fileprivate mutating func record(_ name: String, _ values: [String]) {
        occurrences[name, default: []].append(values)
    }
}

/// A mistake on the command line. Exit status 64.
struct UsageError: Error, Sendable, CustomStringConvertible {
    var message: String
    /// The command whose usage to show, if known.
    var command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String { message }
}

enum ArgumentParser {
    /// Whether `--help` or `-h` stands among `arguments` where an option may: not as the value
    /// of an option (`publish x --value --help` publishes the text `--help`) nor after `--`.
    static func asksForHelp(_ arguments: [String], spec: CommandSpec) -> Bool {
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if token == "--" { return false }
            if token == "--help" || token == "-h" { return true }
            if token.hasPrefix("--"), !token.contains("="), let option = spec.options.first(where: { $0.name == token }) {
                index += option.values.count
            }
        }
        return false
    }

    /// Parses `arguments` (after the command name) against `spec`.
    ///
    /// Accepts `--name value` and `--name=value`; everything after `--` is positional.
    /// Unknown options, missing values and a repeated single option are usage errors.
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if onlyPositionals || !token.hasPrefix("--") || token == "-" {
                if !onlyPositionals && token.hasPrefix("-") && token.count > 1 && token != "-" {
                    throw UsageError("unknown option '\(token)'\(suggestion(for: token, in: spec)); options start with --", command: spec.name)
                }
                parsed.positionals.append(token)
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            var name = token
            var inlineValue: String?
            if let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inlineValue = String(token[token.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)' for \(spec.name)\(suggestion(for: name, in: spec))", command: spec.name)
            }
            if parsed.has(name) && !option.repeatable {
                throw UsageError("\(name) was given twice; it takes one value", command: spec.name)
            }
            var values: [String] = []
            if option.values.isEmpty {
                if inlineValue != nil { throw UsageError("\(name) is a flag and takes no value", command: spec.name) }
            } else if let inlineValue {
                guard option.values.count == 1 else {
                    throw UsageError("\(name) takes \(option.values.count) values: \(name) \(option.values.joined(separator: " "))", command: spec.name)
                }
                values = [inlineValue]
            } else {
                guard index + option.values.count <= arguments.count else {
                    throw UsageError(
                        "\(name) needs \(option.values.count == 1 ? "a value" : "\(option.values.count) values"): \(name) \(option.values.joined(separator: " "))",
                        command: spec.name)
                }
                values = Array(arguments[index..<(index + option.values.count)])
                index += option.values.count
            }
            parsed.record(name, values)
        }
        let required = spec.positionals.count
        if parsed.positionals.count < required {
            let missing = spec.positionals[parsed.positionals.count].name
            throw UsageError("missing \(missing): \(spec.positionals[parsed.positionals.count].help)", command: spec.name)
        }
        if parsed.positionals.count > required && !spec.variadicPositionals {
            throw UsageError("unexpected argument '\(parsed.positionals[required])'", command: spec.name)
        }
        return parsed
    }

    private static func suggestion(for name: String, in spec: CommandSpec) -> String {
        let bare = name.drop { $0 == "-" }
        let candidates = spec.options.map(\.name).filter { candidate in
            let option = candidate.dropFirst(2)
            return option.hasPrefix(bare) || bare.hasPrefix(option) || NearestSpelling.editDistance(Array(option), Array(bare), limit: 2) <= 2
        }
        guard let best = candidates.first else { return "" }
        return "; did you mean '\(best)'?"
    }
}
