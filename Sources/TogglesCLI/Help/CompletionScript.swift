/// `toggles --generate-completion-script bash|zsh|fish`: the spelling swift-argument-parser
/// uses, so Homebrew's `generate_completions_from_executable(bin/"toggles",
/// "--generate-completion-script")` works unchanged. Completes commands, subcommands, each
/// command's flags, the choices of a value (`--format`, `--kind`), paths, and the toggle names
/// of the log (asked of `toggles --complete-toggle-names DIR` while completing, honouring a
/// `--log DIR` already typed).
enum CompletionScript {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String, model: CommandLineModel) -> String? {
        switch shell {
        case "bash": return bash(model)
        case "zsh": return zsh(model)
        case "fish": return fish(model)
        default: return nil
        }
    }

    static let topLevelFlags = ["--help", "--version", "--generate-completion-script"]

    // MARK: bash and zsh: one case analysis, two spellings

    /// The parts of the case analysis bash and zsh share; `Syntax` spells each shell's words.
    private struct Syntax: Sendable {
        let offer: @Sendable ([String]) -> String
        let files: String
        let directories: String
        let toggleNames: String
    }

    /// The completion function of bash and zsh. The shells differ only in how the words are
    /// indexed: `word` spells the word at an index, `wordIndex` names the variable holding the
    /// index of the word being completed and `firstIndex` is the command's; bash also clears
    /// the reply first.
    private static func body(_ model: CommandLineModel, _ syntax: Syntax, firstIndex: Int, wordIndex: String, clearsReply: Bool, word: (String) -> String) -> String {
        let position = "$" + wordIndex
        var text = """
            _toggles() {
                local cur prev command log i
                cur="\(word(wordIndex))"
                prev="\(word(wordIndex + "-1"))"

            """
        if clearsReply { text += "    COMPREPLY=()\n" }
        text += """
                if [ "\(position)" -eq \(firstIndex) ]; then
                    \(syntax.offer(model.firstWords + topLevelFlags))
                    return
                fi
                if [ "$prev" = --generate-completion-script ]; then \(syntax.offer(shells)); return; fi
                command="\(word(String(firstIndex)))"
                log=events
                for ((i = \(firstIndex + 1); i < \(wordIndex); i++)); do
                    if [ "\(word("i"))" = --log ]; then log="\(word("i+1"))"; fi
                done

            """
        func offer(_ completion: CommandLineModel.Completion) -> String {
            switch completion {
            case .none: return ":"
            case .choices(let words): return syntax.offer(words)
            case .files: return syntax.files
            case .directories: return syntax.directories
            case .toggleNames: return syntax.toggleNames
            }
        }
        // Second words: `export swift`, `export plist`, `sync swift`.
        text += "    case \"$command\" in\n"
        for first in model.firstWords {
            let second = model.secondWords(after: first)
            guard !second.isEmpty else { continue }
            let twoWord = model.commands.filter { $0.name.hasPrefix(first + " ") }.map { String($0.name.split(separator: " ")[1]) }
            text += "        \(first))\n"
            text += "            if [ \"\(position)\" -eq \(firstIndex + 1) ]; then \(syntax.offer(second)); return; fi\n"
            for sub in twoWord {
                text += "            if [ \"\(word(String(firstIndex + 1)))\" = \(sub) ]; then command=\"\(first) \(sub)\"; fi\n"
            }
            text += "            ;;\n"
        }
        text += "    esac\n"
        // The value of the option just typed.
        text += "    case \"$command $prev\" in\n"
        for command in model.commands {
            for option in command.options where option.takesValue {
                text += "        \"\(command.name) \(option.name)\") \(offer(option.completion)); return ;;\n"
            }
        }
        text += "    esac\n"
        // Flags.
        text += "    case \"$cur\" in\n        -*)\n            case \"$command\" in\n"
        for command in model.commands {
            text += "                \"\(command.name)\") \(syntax.offer(command.options.map(\.name) + ["--help"])) ;;\n"
        }
        text += "            esac\n            return ;;\n    esac\n"
        // Arguments.
        text += "    case \"$command\" in\n"
        for command in model.commands {
            var completion = command.arguments
            // The first argument was completed above as a second word; the rest are paths.
            if case .choices = completion, command.name != "help" { completion = .files }
            if completion == .none { continue }
            text += "        \"\(command.name)\") \(offer(completion)) ;;\n"
        }
        text += "    esac\n"
        return text
    }

    /// The first lines of every script: what it is and where it goes.
    private static func header(_ shell: String, installAs place: String) -> String {
        "# \(shell) completion for toggles. Generated by `toggles --generate-completion-script \(shell)`;\n# install as \(place).\n"
    }

    private static let bashSyntax = Syntax(
        offer: { words in "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))" },
        files: "COMPREPLY=($(compgen -f -- \"$cur\"))", directories: "COMPREPLY=($(compgen -d -- \"$cur\"))",
        toggleNames: "COMPREPLY=($(compgen -W \"$(\"${COMP_WORDS[0]}\" --complete-toggle-names \"$log\" 2>/dev/null)\" -- \"$cur\"))")

    static func bash(_ model: CommandLineModel) -> String {
        header("bash", installAs: "bash_completion.d/toggles, or `source <(toggles --generate-completion-script bash)`")
            + body(model, bashSyntax, firstIndex: 1, wordIndex: "COMP_CWORD", clearsReply: true, word: { "${COMP_WORDS[\($0)]}" })
            + "}\ncomplete -F _toggles toggles\n"
    }

    private static let zshSyntax = Syntax(
        offer: { words in "compadd -- \(words.joined(separator: " "))" }, files: "_files", directories: "_files -/",
        toggleNames: "compadd -- ${(f)\"$(${words[1]} --complete-toggle-names \"$log\" 2>/dev/null)\"}")

    static func zsh(_ model: CommandLineModel) -> String {
        "#compdef toggles\n" + header("zsh", installAs: "_toggles in a directory of $fpath, or `source <(toggles --generate-completion-script zsh)`")
            + body(model, zshSyntax, firstIndex: 2, wordIndex: "CURRENT", clearsReply: false, word: { "${words[\($0)]}" })
            + "}\nif [ \"${funcstack[1]}\" = _toggles ]; then _toggles \"$@\"; else compdef _toggles toggles; fi\n"
    }

    // MARK: fish: declarative

    static func fish(_ model: CommandLineModel) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        func short(_ help: String) -> String {
            let clause = help.split(separator: ";", maxSplits: 1).first.map(String.init) ?? help
            return clause.count <= 70 ? clause : String(clause.prefix(69)) + "…"
        }
        let twoWord = model.commands.map(\.name).filter { $0.contains(" ") }
        var text = header("fish", installAs: "completions/toggles.fish")
        text += """
            function __toggles_command --description 'true when the command being typed is $argv[1]'
                set -l words (commandline -opc)
                test (count $words) -ge 2; or return 1
                set -l name $words[2]
                if test (count $words) -ge 3; and contains -- "$words[2] $words[3]" \(twoWord.map(quoted).joined(separator: " "))
                    set name "$words[2] $words[3]"
                end
                test "$name" = "$argv"
            end
            function __toggles_names --description 'the toggle names of the log (--log DIR, default events)'
                set -l words (commandline -opc)
                set -l log events
                if set -l index (contains -i -- --log $words)
                    set log $words[(math $index + 1)]
                end
                $words[1] --complete-toggle-names $log 2>/dev/null
            end
            complete -c toggles -f
            complete -c toggles -n __fish_use_subcommand -l help -d 'Show the overview'
            complete -c toggles -n __fish_use_subcommand -l version -d 'Print the version'
            complete -c toggles -n __fish_use_subcommand -l generate-completion-script -x -a 'bash zsh fish' -d 'Print a completion script'

            """
        for first in model.firstWords {
            let summary = model.commands.first { $0.name == first || $0.name.hasPrefix(first + " ") }?.summary ?? ""
            text += "complete -c toggles -n __fish_use_subcommand -a \(first) -d \(quoted(short(summary)))\n"
            let second = model.secondWords(after: first)
            if !second.isEmpty {
                text +=
                    "complete -c toggles -n '__fish_seen_subcommand_from \(first); and not __fish_seen_subcommand_from \(second.joined(separator: " "))' -a \(quoted(second.joined(separator: " ")))\n"
            }
        }
        for command in model.commands {
            let condition = quoted("__toggles_command \(command.name)")
            switch command.arguments {
            case .toggleNames: text += "complete -c toggles -n \(condition) -a '(__toggles_names)'\n"
            case .files: text += "complete -c toggles -n \(condition) -F\n"
            case .choices(let words) where command.name == "help": text += "complete -c toggles -n \(condition) -a \(quoted(words.joined(separator: " ")))\n"
            default: break
            }
            for option in command.options {
                var line = "complete -c toggles -n \(condition) -l \(option.name.dropFirst(2))"
                switch option.completion {
                case .choices(let words): line += " -x -a \(quoted(words.joined(separator: " ")))"
                case .files: line += " -r -F"
                case .directories: line += " -x -a '(__fish_complete_directories)'"
                case .toggleNames: line += " -x -a '(__toggles_names)'"
                case .none: if option.takesValue { line += " -x" }
                }
                text += line + " -d \(quoted(short(option.help)))\n"
            }
        }
        return text
    }
}
