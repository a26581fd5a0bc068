import Foundation

/// `toggles help`: the overview, or one command's flags and examples.
enum HelpCommand: Command {
    static let helpPage = """
        Show this overview, or the flags and examples of one command.

        usage: toggles help [COMMAND] [--markdown | --man]

        options:
          --markdown  print the reference of every command as Markdown (docs/cli.md is made this way)
          --man       print the reference as a man page (docs/toggles.1 is made this way; read it with `man ./docs/toggles.1`)

        examples:
          $ toggles help
          $ toggles help publish
          $ toggles help --markdown > docs/cli.md
          $ toggles help --man > docs/toggles.1
        """
    static let spec = CommandSpec(help: helpPage)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        if arguments.has("--markdown") {
            context.write(markdownReference())
            return .ok
        }
        if arguments.has("--man") {
            context.write(ManPage.render(TogglesCLI.commands.map { $0.spec }, version: TogglesCLI.version))
            return .ok
        }
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
            let suggestion = TogglesCLI.commandSuggestion(for: name)
            throw UsageError("unknown command '\(name)'" + (suggestion.isEmpty ? "; run `toggles help` for the list" : suggestion))
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

            """
        // Grouped by what a person is doing, as `git help` does (CommandGroup).
        let specs = TogglesCLI.commands.map { command in command.spec }
        let width = specs.reduce(0) { max($0, $1.name.count) }
        for (group, members) in CommandGroup.grouped(specs) {
            text += "\n\(group.title):\n"
            for spec in members {
                text += "  " + spec.name + String(repeating: " ", count: width - spec.name.count + 2) + spec.summary + "\n"
            }
        }
        text += """

            Every command takes --log DIR. Without it the log is found as git finds its repository:
            $TOGGLES_LOG if set; else the first events/ holding segments from the current directory
            up to the repository root; else the folder the root's .toggles.json names
            ({"log": "FOLDER"}), else the root's events/ (outside a repository: ./events).
            Run `toggles help COMMAND` for its flags;
            `toggles --generate-completion-script bash|zsh|fish` prints shell completion,
            `toggles help --man` the manual page.

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

    /// The CLI reference as Markdown: every command's synopsis, options and examples, from
    /// the same specs the parser and `--help` use, so the page cannot drift from the tool.
    static func markdownReference() -> String {
        var text = """
            # Command reference

            <!-- Generated by `swift run toggles help --markdown > docs/cli.md`; a test checks it is current. -->

            Every command takes `--log DIR` and `--help`. Options take their value as
            `--name value` or `--name=value`; everything after `--` is an argument.

            Without `--log`, the log is found as git finds its repository: `$TOGGLES_LOG` when set;
            else the first `events/` holding segments from the current directory up to the
            repository root; else the folder the root's `.toggles.json` names (`{"log": "FOLDER"}`),
            else the root's `events/`; outside a git repository, `./events`. Messages name the log
            used (`../../events`), and a command run below the root before the log exists says
            where it writes.

            | exit status | meaning |
            |---|---|
            | 0 | ok |
            | 1 | `toggles check` found stale toggles |
            | 2 | the log (or an input file) is invalid or cannot be read or written |
            | 64 | usage error: unknown command or option, missing or malformed argument |
            | 65 | rejected: an event breaks a lifecycle rule, or an input event is invalid |

            Nothing is appended unless the exit status is 0. Errors go to standard error as
            `toggles: error: …`, warnings as `toggles: warning: …`.

            | environment | effect |
            |---|---|
            | `GITHUB_ACTIONS`, `GITLAB_CI`, `BUILDKITE`, `CIRCLECI`, `BITRISE_IO`, `JENKINS_URL` and their job variables | the default `--actor` and each event's `source` (commit, branch, run, URL); see docs/ci.md |
            | `NO_COLOR` | no colour in text reports, even on a terminal |
            | `TOGGLES_LOG=DIR` | the log directory when `--log` is not given, relative to the current directory |
            | `FORCE_COLOR` | colour in text reports even when standard output is not a terminal (set to anything non-empty; `NO_COLOR` wins) |
            | `TOGGLES_NO_CHECKPOINT=1` | never read or write the replay checkpoint; also `true`, `yes`, `on` (and `0`, `false`, `no`, `off`), any case; another value is a usage error |
            | `TOGGLES_READ_THREADS=N` | `1`: read a large log on the calling thread only; `2` or more: merge it on a second thread whatever the machine (by default, a second thread when there is more than one core); another value is a usage error |
            | `TOGGLES_CHECKPOINT_MIN_BYTES=N` | write the checkpoint only for logs of at least N bytes (default 4 MB); N is a whole number, 0 or more, else a usage error |
            | `TOGGLES_CHECKPOINT_DIR=DIR` | this machine's folder of replay checkpoints (default `$XDG_CACHE_HOME/toggles`, else `~/.cache/toggles`; `~/Library/Caches/toggles` on macOS): one per log, named by a hash of the log's real path, checked with the folder's own random `key`; never inside the log, where git could carry one in |


            """
        for command in TogglesCLI.commands {
            let spec = command.spec
            text += "## toggles \(spec.name)\n\n\(spec.summary)\n\n```\ntoggles \(spec.synopsis)\n```\n\n"
            if !spec.discussion.isEmpty { text += spec.discussion + "\n\n" }
            if !spec.positionals.isEmpty || !spec.options.isEmpty {
                text += "| argument or option | meaning |\n|---|---|\n"
                for positional in spec.positionals { text += "| `\(positional.name)` | \(cell(positional.help)) |\n" }
                for option in spec.options {
                    let label = ([option.name] + option.values).joined(separator: " ")
                    text += "| `\(label)` | \(cell(option.help))\(option.repeatable ? " (repeatable)" : "") |\n"
                }
                text += "\n"
            }
            if !spec.examples.isEmpty {
                text += "```sh\n" + spec.examples.joined(separator: "\n") + "\n```\n\n"
            }
        }
        return text
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
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
