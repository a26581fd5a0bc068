import SwiftSource
import Foundation
import ToggleLedger

/// What `report`, `check` and `due` share: `--now`, `--policy`, `--scan`, turned into the
/// ``ReportRequest`` the library judges and renders.
enum PolicyOptions {
    static let now = OptionSpec("--now TIME  judge the log as of this instant, RFC 3339 or YYYY-MM-DD; events after it are ignored (default: the clock)")
    static let scan = OptionSpec("--scan PATH  also scan Swift sources under PATH (like `toggles scan`) and report removed-but-referenced and untracked toggles (repeatable)")
    static let policy = OptionSpec("--policy FILE  the policy file (default: policy.json in the log directory; the standard policy when that is missing)")

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

    /// The request `report`, `check` and `due` share: the instant, the policy, `--scan`, the
    /// log's name and directory, the repository for the CI formats, and warnings on standard error.
    static func request(_ arguments: ParsedArguments, _ context: CommandContext, now: Timestamp, format: ReportFormat?) throws -> ReportRequest {
        let log = arguments.value("--log") ?? "events"
        var request = ReportRequest(
            now: now, policy: .value(try loadPolicy(arguments, context)), format: format, logName: log,
            toolVersion: TogglesCLI.version, warn: context.warn)
        request.logDirectory = context.resolve(log)
        if let format, [.sarif, .github, .junit, .gitlab].contains(format) { request.repository = RepositoryRoot.paths(context) }
        let scanPaths = arguments.all("--scan").compactMap(\.first)
        if !scanPaths.isEmpty {
            request.scan = { toggleKinds in
                try ScanCommand.scan(paths: scanPaths, toggleKinds: toggleKinds, settings: try ScanCommand.scanSettings(arguments, context), context)
            }
        }
        return request
    }

    /// The report of `request` from the log of `--log` (at `--rev`, for `report`).
    static func report(_ request: ReportRequest, _ arguments: ParsedArguments, _ context: CommandContext, command: String) throws -> ReportResult {
        let (ledger, checkout) = try CommonOptions.ledgerAtRevision(arguments, context, command: command)
        let result = try ledger.report(request)
        withExtendedLifetime(checkout) {}
        return result
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
