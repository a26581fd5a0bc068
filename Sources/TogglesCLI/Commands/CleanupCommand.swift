import SwiftSource
import ToggleLedger

/// `toggles cleanup`: removes a finished toggle from the Swift code, keeping the value the log
/// says stays (docs/cleanup.md).
enum CleanupCommand: Command {
    static let helpPage = """
        Remove a finished toggle from the Swift code, keeping the value the log says stays.

        usage: toggles cleanup NAME [PATH…] [--value true|false] [--dry-run] [--format text|json] [--record [--app-version VERSION]]

        Walks each PATH (default: the current directory) as `toggles scan` does and rewrites every site of the toggle: each
        read (a query such as isToggleOn(.x), FeatureFlag.x.enabled, a Bool read of its key) becomes the kept literal, then !,
        &&, ||, ==, !=, parentheses, ternaries, if/else-if/else and guard conditions are simplified (an operand that calls
        something is never dropped); the enum case and the switch labels naming it are removed. All or nothing: when any site
        cannot be rewritten safely (inside #if, passed on as a value, a while condition, …) nothing is written, every such
        site is listed with its reason, and the exit status is 65, as it is when the log cannot decide the value (conditional
        values or a partial rollout) and --value is not given. Files are replaced atomically, keeping their permissions; one
        changed since the plan is not overwritten.

        arguments:
          NAME  the toggle's key

        options:
          --value true|false     the value to keep (default: what the log says everyone is served: the published value of a
                                 toggle launched to everyone, else the in-app default)
          --dry-run              print the change as a unified diff (git's format, paths relative to the repository's root)
                                 and write nothing
          --format
          --record               once the files are written, append the removed event (code-removed with --app-version)
          --app-version VERSION  with --record: the first app version shipped without the toggle's code
          --reason TEXT          with --record: why it was removed
          --config --log --at --actor --id

        examples:
          $ toggles cleanup isLikeButtonForMomentEnabled Sources --dry-run
          $ toggles cleanup isRoundedAvatar Sources --value true --record --app-version 2.5.0
          $ toggles cleanup isNewOnboardingEnabled --format json
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.format(ReportFormat.textOrJSON), ScanCommand.config] + CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        let paths = arguments.positionals.count > 1 ? Array(arguments.positionals.dropFirst()) : ["."]
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let dryRun = arguments.has("--dry-run")
        let record = arguments.has("--record")
        let appVersion = try CommonOptions.appVersion(arguments, "--app-version", command: spec.name)
        if appVersion != nil && !record { throw UsageError("--app-version needs --record", command: spec.name) }
        let ledger = CommonOptions.ledger(arguments, context)
        let known = try ScanCommand.knownToggles(arguments, context)
        let state = known[name] == nil ? nil : try ledger.replay().projection.toggles.dictionary[name]
        let (keep, why) = try valueToKeep(arguments, state: state, name: name)
        if record, !dryRun {
            guard let state else { throw CommandFailure(status: .rejected, message: "cleanup --record: the log has no toggle \(name) to record as removed") }
            if state.removedAt != nil && (appVersion == nil || state.removedInAppVersion != nil) {
                throw CommandFailure(status: .rejected, message: "cleanup --record: \(name) is already recorded as removed; run without --record")
            }
        }
        let settings = try ScanCommand.scanSettings(arguments, context)
        let plan: CleanupPlan
        do {
            plan = try ToggleCleanup(toggle: name, keep: keep, toggleKinds: known, settings: settings)
                .plan(paths: paths, currentDirectory: context.currentDirectory)
        } catch let error as CodeScanError {
            throw CommandFailure(status: .invalidLog, message: "cleanup: \(error)")
        }
        for problem in plan.problems { context.warn(problem) }
        let written = plan.isComplete && !dryRun && !plan.changedFiles.isEmpty
        if written {
            do {
                try plan.write()
            } catch {
                throw CommandFailure(status: .invalidLog, message: "cleanup: \(error)")
            }
        }
        if format == .json {
            context.write(JSONWriter.string(CleanupRenderer.json(plan, keep: why, dryRun: dryRun, written: written)) + "\n")
        } else if dryRun && plan.isComplete {
            context.write(plan.diff(root: RepositoryRoot.paths(context).root))
        } else {
            context.write(CleanupRenderer.text(plan))
        }
        guard plan.isComplete else {
            throw CommandFailure(
                status: .rejected,
                message: "cleanup \(name): nothing written: \(plan.refusedSites.count) site\(plan.refusedSites.count == 1 ? "" : "s") cannot be rewritten safely (listed above)")
        }
        context.note(
            "cleanup \(name): \(why); \(plan.changedFiles.count) file\(plan.changedFiles.count == 1 ? "" : "s") \(dryRun ? "would change" : written ? "changed" : "to change")")
        if record, !dryRun {
            let change: Change = appVersion.map { .codeRemoved(appVersion: $0, reason: arguments.value("--reason")) } ?? .removed(reason: arguments.value("--reason"))
            let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: change)
            return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: ledger, context)
        }
        return .ok
    }

    /// The value to keep and how it was chosen: `--value`, else the stale report's plan,
    /// refused (65) when the log cannot decide.
    static func valueToKeep(_ arguments: ParsedArguments, state: ToggleState?, name: String) throws -> (Bool, String) {
        if let given = arguments.value("--value") {
            guard given == "true" || given == "false" else { throw UsageError("--value must be true or false, not '\(given)'", command: spec.name) }
            return (given == "true", "keep \(given) (--value)")
        }
        guard let state else {
            throw CommandFailure(
                status: .rejected, message: "cleanup \(name): the log has no toggle \(name), so it cannot say which value to keep; give --value true or --value false")
        }
        guard state.definition.valueType == .bool else {
            throw CommandFailure(status: .rejected, message: "cleanup \(name): \(name) is a \(state.definition.valueType.rawValue) toggle; only Bool toggles are rewritten")
        }
        let removal = RemovalPlan(state)
        guard removal.lost.isEmpty, case .bool(let keep) = removal.keep else {
            throw CommandFailure(status: .rejected, message: "cleanup \(name): the log cannot decide the value to keep: \(removal.summary); give --value true or --value false")
        }
        return (keep, removal.summary)
    }
}
