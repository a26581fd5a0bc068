import LedgerModel
import ToggleLedger

/// The `toggles` command line: parses arguments, runs a command, maps errors to exit
/// statuses. The executable only calls ``run(_:context:)``.
public enum TogglesCLI {
    public static let version = "0.1.0"

    /// Every command, in the order `toggles help` lists them.
    nonisolated(unsafe) static let commands: [any Command.Type] = [
        CreateCommand.self,
        ChangeCommand.self,
        PublishCommand.self,
        RemoveCommand.self,
        ResolveCommand.self,
        VoidCommand.self,
        RetireCommand.self,
        SupportCommand.self,
        ExtendCommand.self,
        SetCommand.self,
        AppendCommand.self,
        StateCommand.self,
        HistoryCommand.self,
        ReportCommand.self,
        CheckCommand.self,
        DueCommand.self,
        AuditCommand.self,
        ReplayCommand.self,
        DiffCommand.self,
        ImportCommand.self,
        DriftCommand.self,
        ExportCommand.self,
        ExportSwiftCommand.self,
        ScanCommand.self,
        CleanupCommand.self,
        SyncSwiftCommand.self,
        HelpCommand.self,
        VersionCommand.self,
    ]

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { command in command.spec.name == name }
    }

    /// Runs `toggles` with `arguments` (without the program name) and returns the exit status:
    /// 2 when standard output could not be written, whatever the command said (a report cut
    /// short by a full disk must not pass for a whole one).
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        let status = runCommand(arguments, context: context)
        guard let failure = context.outputFailure() else { return status }
        context.writeError("toggles: error: cannot write standard output: \(failure); the output is incomplete\n")
        return ExitStatus.invalidLog.rawValue
    }

    private static func runCommand(_ arguments: [String], context: CommandContext) -> Int32 {
        var context = context
        guard let first = arguments.first else {
            context.write(HelpCommand.overview())
            return ExitStatus.ok.rawValue
        }
        if first == "--help" || first == "-h" {
            context.write(HelpCommand.overview())
            return ExitStatus.ok.rawValue
        }
        if first == "--version" {
            context.write("toggles \(version)\n")
            return ExitStatus.ok.rawValue
        }
        if first == "--generate-completion-script" || first == "--complete-toggle-names" {
            return ShellSupport.run(arguments, context: context).rawValue
        }
        // Two-word commands (`export swift`, `sync swift`) are matched before one-word ones.
        var consumed = 1
        var found = command(named: first)
        if arguments.count > 1, let subcommand = command(named: "\(first) \(arguments[1])") {
            found = subcommand
            consumed = 2
        }
        guard let command = found else {
            let family = commands.map { command in command.spec.name }.filter { name in name.hasPrefix(first + " ") }
            if !family.isEmpty && (arguments.contains("--help") || arguments.contains("-h")) {
                context.write(HelpCommand.familyHelp(first) ?? "")
                return ExitStatus.ok.rawValue
            }
            if !family.isEmpty {
                return report(UsageError("'\(first)' needs a subcommand: \(family.joined(separator: ", "))"), context: context).rawValue
            }
            let suggestion = commandSuggestion(for: first)
            return report(UsageError("unknown command '\(first)'" + (suggestion.isEmpty ? "; run `toggles help` for the list" : suggestion)), context: context).rawValue
        }
        // Read once, before any command runs: a bad value is a usage error even for a command
        // that never replays, and the commands that do reuse what was read.
        do { context.replayOptions = try ReplayEnvironment.options(in: context.environment) } catch { return report(error, context: context).rawValue }
        let rest = Array(arguments.dropFirst(consumed))
        if ArgumentParser.asksForHelp(rest, spec: command.spec) {
            context.write(HelpCommand.help(for: command.spec))
            return ExitStatus.ok.rawValue
        }
        do {
            var parsed = try ArgumentParser.parse(rest, spec: command.spec)
            if command.spec.options.contains(where: { $0.name == "--log" }) { try LogLocation.supply(&parsed, context) }
            return try command.run(parsed, context).rawValue
        } catch {
            // A CI step that asked for workflow commands gets its failure as one, too.
            if asksForGitHub(rest) { context.write(githubFailure(error, command: command.spec.name, context)) }
            return report(error, context: context).rawValue
        }
    }

    /// "; did you mean 'create'?" for a mistyped command (`craete`, `reprot`, `stat`), or "".
    static func commandSuggestion(for name: String) -> String {
        let words = commands.map { command in String(command.spec.name.split(separator: " ")[0]) }
        return NearestSpelling.nearest(to: name, among: words).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// `--format github` among the arguments, in either spelling, even when they do not parse.
    static func asksForGitHub(_ arguments: [String]) -> Bool {
        arguments.contains("--format=github") || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "github" }
    }

    /// The `::error` workflow command for a failed run, at the file and line at fault when
    /// there is one (a log line, a policy setting), relative to the repository root as the
    /// findings' annotations are.
    static func githubFailure(_ error: any Error, command name: String, _ context: CommandContext) -> String {
        var location: (file: String, line: Int)?
        switch error {
        case LogError.malformedLine(let at, _), LogError.segmentOutOfOrder(let at, _): location = (at.file, at.line)
        case let policy as PolicyError: if let line = policy.line { location = (policy.file, line) }
        default: break
        }
        let message = (error as? CommandFailure)?.message ?? "\(error)"
        let file = location.map { RepositoryRoot.paths(context).relative(context.resolve($0.file)) }
        return StaleGitHubRenderer.failure(message, title: "toggles \(name) failed", file: file, line: location?.line)
    }

    /// Prints `toggles: error: …` and returns the status the error stands for.
    static func report(_ error: any Error, context: CommandContext) -> ExitStatus {
        func fail(_ message: String) {
            for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
                context.writeError("toggles: error: \(TerminalText.sanitize(String(line)))\n")
            }
        }
        switch error {
        case let usage as UsageError:
            fail(usage.message)
            if let name = usage.command, let command = command(named: name) {
                context.writeError("usage: toggles \(command.spec.synopsis)\n       see `toggles help \(name)`\n")
            }
            return .usage
        case let failure as CommandFailure:
            fail(failure.message)
            return failure.status
        case let log as LogError:
            fail(log.description)
            return .invalidLog
        case let ledger as LedgerError:
            fail(ledger.description)
            fail("nothing was appended")
            return .rejected
        default:
            fail("\(error)")
            return .invalidLog
        }
    }
}
