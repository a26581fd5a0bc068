import SwiftSource
import Foundation
import ToggleLedger

/// What `report` and `check` share: `--now`, `--policy`, the formats, and building the report.
enum PolicyOptions {
    static let now = OptionSpec.value("--now", "TIME", "judge the log as of this instant, RFC 3339 or YYYY-MM-DD; events after it are ignored (default: the clock)")
    static let scan = OptionSpec.value("--scan", "PATH", "also scan Swift sources under PATH (like `toggles scan`) and report removed-but-referenced and untracked toggles", repeatable: true)
    static let policy = OptionSpec.value("--policy", "FILE", "the policy file (default: policy.json in the log directory; the standard policy when that is missing)")

    /// The instant to judge at: `--now`, else the clock.
    static func instant(_ arguments: ParsedArguments, _ context: CommandContext, command: String) throws(UsageError) -> Timestamp {
        try CommonOptions.timestamp(arguments, "--now", command: command) ?? context.now()
    }

    /// The policy from `--policy FILE` or `<log>/policy.json`, else the standard one.
    /// An invalid file is an error with exit status 2, naming the file and the field.
    static func loadPolicy(_ arguments: ParsedArguments, _ context: CommandContext) throws -> StalePolicy {
        let path: String
        let display: String
        if let given = arguments.value("--policy") {
            path = context.resolve(given)
            display = given
            guard FileManager.default.fileExists(atPath: path) else {
                throw CommandFailure(status: .invalidLog, message: "policy file \(given) does not exist")
            }
        } else {
            let log = arguments.value("--log") ?? "events"
            path = context.resolve(log) + "/" + PolicyFile.name
            display = (log.hasSuffix("/") ? log : log + "/") + PolicyFile.name
        }
        do {
            return try PolicyFile.load(path: path, displayName: display) ?? .standard
        } catch {
            throw CommandFailure(status: .invalidLog, message: "invalid policy: \(error)")
        }
    }

    /// Replays the log up to `now` and judges every live toggle. Warnings go to standard error;
    /// toggles whose category the policy does not define are named there too.
    static func report(_ arguments: ParsedArguments, _ context: CommandContext, now: Timestamp) throws -> (StaleReport, ReplaySnapshot) {
        let policy = try loadPolicy(arguments, context)
        // A snapshot: the replay may start from the log's checkpoint (`check` runs on every pull request).
        let scanPaths = arguments.all("--scan").compactMap(\.first)
        // Live toggles (and those still served to older app versions) are all a report
        // judges; a scan also needs the removed ones.
        let (ledger, checkout) = try CommonOptions.ledgerAtRevision(arguments, context, command: "report")
        let replay = try ledger.snapshot(until: now, includingRemoved: !scanPaths.isEmpty)
        let report = try judge(replay, policy: policy, arguments, context, now: now, ledger: ledger)
        withExtendedLifetime(checkout) {}
        return (report, replay)
    }

    /// The stale report of a replay at `now`, with the code scan of `--scan PATH`: warnings
    /// go to standard error, and so do the toggles whose category the policy does not define.
    static func judge(_ replay: ReplaySnapshot, policy: StalePolicy, _ arguments: ParsedArguments, _ context: CommandContext, now: Timestamp, ledger: Ledger) throws -> StaleReport {
        let scanPaths = arguments.all("--scan").compactMap(\.first)
        for warning in replay.summary.warnings { context.warn(warning.description) }
        var report = StaleReport(
            sortedToggles: replay.toggles, declaredAt: replay.creationSites, policy: policy, now: now,
            supportedVersions: replay.supportedVersions)
        if !scanPaths.isEmpty {
            let toggles = replay.togglesByName
            let scan = try ScanCommand.scan(paths: scanPaths, toggleKinds: toggles.mapValues(\.kind), settings: try ScanCommand.scanSettings(arguments, context), context)
            for problem in scan.problems { context.warn(problem) }
            report.codeFindings = CodeFindings.evaluate(scan, toggles: toggles)
            report.codeReferences = Dictionary(grouping: scan.references, by: \.toggle)
        }
        // Open conflicts are judged like stale reasons (`conflict`), named with their events.
        if !replay.conflictedToggles.isEmpty {
            let (conflicts, states) = try ledger.openConflicts(in: replay, until: now)
            report.include(conflicts: conflicts, toggles: states)
        }
        for category in report.unknownCategories {
            let names = report.entries.filter { $0.toggle.definition.category == category }.map(\.name)
            let rule = policy.lifetime(of: category).map { "\($0) days" } ?? "permanent"
            context.warn("category \(JSONWriter.quoted(category)) of \(names.joined(separator: ", ")) is not in the policy; treated as \(policy.fallbackCategory) (\(rule))")
        }
        return report
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty or
    /// `TERM` is `dumb`; `FORCE_COLOR` set to anything non-empty turns it on off a terminal
    /// (a CI log that shows ANSI colours), but `NO_COLOR` still wins (https://force-color.org).
    static func useColour(_ context: CommandContext) -> Bool {
        if let noColour = context.environment["NO_COLOR"], !noColour.isEmpty { return false }
        if let force = context.environment["FORCE_COLOR"], !force.isEmpty { return true }
        guard context.outputIsTerminal else { return false }
        return context.environment["TERM"] != "dumb"
    }

    /// The report in a machine format; nil for `text`, which each command prints its own way.
    /// The CI formats locate findings relative to the repository root.
    static func render(
        _ report: StaleReport, format: ReportFormat, verdict: StaleGate.Verdict?, _ arguments: ParsedArguments, _ context: CommandContext
    ) -> String? {
        let log = arguments.value("--log") ?? "events"
        switch format {
        case .json: return StaleJSONRenderer.render(report, verdict: verdict)
        case .markdown: return StaleMarkdownRenderer.render(report, verdict: verdict)
        case .csv: return StaleCSVRenderer.render(report)
        case .sarif:
            let paths = RepositoryRoot.paths(context)
            // One code-scanning category per log: a repository with several logs uploads each.
            let logPath = paths.relative(context.resolve(log))
            // A log outside the repository is named by its absolute path, without doubling the slash.
            let automationID = "toggles/" + (logPath == "." ? "" : logPath.drop { $0 == "/" } + "/")
            return StaleSARIFRenderer.render(report, toolVersion: TogglesCLI.version, verdict: verdict, paths: paths, automationID: automationID)
        case .github: return StaleGitHubRenderer.render(report, verdict: verdict, paths: RepositoryRoot.paths(context))
        case .junit: return StaleJUnitRenderer.render(report, verdict: verdict, paths: RepositoryRoot.paths(context))
        case .gitlab: return StaleGitLabRenderer.render(report, verdict: verdict, paths: RepositoryRoot.paths(context), logDirectory: log)
        case .text, .slack, .html: return nil
        }
    }

    /// With `--format github` in a GitHub Actions step, appends the Markdown report to the job
    /// summary (`$GITHUB_STEP_SUMMARY`). A summary that cannot be written is a warning: the
    /// annotations and the exit status are what the step is for.
    static func appendJobSummary(_ report: StaleReport, format: ReportFormat, verdict: StaleGate.Verdict?, _ context: CommandContext) {
        guard format == .github, let path = context.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        do {
            let outcome = try GitHubStepSummary.append(StaleMarkdownRenderer.render(report, verdict: verdict), toFileAt: context.resolve(path))
            switch outcome {
            case .appended: break
            case .truncated(let kept, let total):
                context.warn("the job summary takes \(GitHubStepSummary.limit) bytes per step: wrote the first \(kept) of the report's \(total) bytes to \(path), with a note")
            case .noRoom:
                context.warn("the job summary \(path) is already full (\(GitHubStepSummary.limit) bytes per step); the report was not added")
            }
        } catch {
            context.warn("could not write the job summary (GITHUB_STEP_SUMMARY): \(error)")
        }
    }
}
