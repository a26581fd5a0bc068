import ToggleLedger

/// The two top-level options shells call: `--generate-completion-script SHELL` prints a
/// completion script, and `--complete-toggle-names [DIR]`, which those scripts run while
/// completing, prints the log's live toggle names, one a line. The second is quiet: a log
/// that cannot be read completes to nothing rather than printing errors into the prompt.
enum ShellSupport {
    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        if arguments[0] == "--complete-toggle-names" {
            let directory = arguments.count > 1 ? arguments[1] : "events"
            let ledger = Ledger(directory: context.resolve(directory), displayName: directory)
            guard let toggles = try? ledger.replay().projection.sortedToggles else { return .ok }
            for toggle in toggles where toggle.removedAt == nil { context.write(toggle.name + "\n") }
            return .ok
        }
        guard arguments.count == 2, let script = CompletionScript.script(for: arguments[1], model: CommandLineModel(TogglesCLI.commands.map { $0.spec })) else {
            let given = arguments.count > 1 ? "'\(arguments.dropFirst().joined(separator: " "))'" : "nothing"
            return TogglesCLI.report(UsageError("--generate-completion-script takes one shell: \(CompletionScript.shells.joined(separator: ", ")), not \(given)"), context: context)
        }
        context.write(script)
        return .ok
    }
}
