import ToggleLedger
import SwiftSource
import Foundation

/// `toggles report`: every live toggle with its stage, age, owner and stale reasons.
enum ReportCommand: Command {
    static let formats = ReportFormat.staleReport + [.html]

    static let helpPage = """
        List the live toggles with stage, age, owner and stale reasons, stale ones first.

        usage: toggles report [--now TIME] [--format text|json|markdown|csv|sarif|github|junit|gitlab|html] [--output FILE] [--since TIME] [--max-rows N] [--policy FILE] [--scan PATH]…

        A toggle is stale when it is expired (its expiry date has begun), over-lifetime (no expiry date and older than its
        category's lifetime) or launched (the same value for everyone for longer than the grace period; not for permanent
        categories). The summary line gives live, stale and launched counts and health = 100 − stale%. Text is coloured only
        on a terminal (or with FORCE_COLOR), never with NO_COLOR. Formats and the policy file: docs/policy.md; the CI formats
        (github, junit, gitlab, sarif): docs/ci.md. With --scan PATH the Swift sources are scanned too (docs/swift.md), adding
        removed-but-referenced (the log removed it, the code still uses it) and untracked (declared in code, never created).
        --format html writes one self-contained page (docs/reports.md): a lifespan timeline of every toggle that lived since
        --since, the toggle debt per week replayed from the log, and the stale table; it loads nothing from the network. On a
        terminal it needs --output.

        options:
          --now --format
          --output FILE  write to FILE instead of standard output (a file is replaced atomically, a symlink followed, a
                         device or pipe written in place)
          --since TIME   html: the start of the timeline and the debt chart (default: the log's first event)
          --max-rows N   html: draw at most N toggles in the timeline, stale ones first (default: \(defaultRows))
          --policy --scan --rev --log

        examples:
          $ toggles report
          $ toggles report --now 2026-12-01 --format json | jq '.toggles[] | select(.stale) | .name'
          $ toggles report --log app/events --format markdown > toggle-report.md
          $ toggles report --format csv > toggles.csv
          $ toggles report --format sarif > toggles.sarif
          $ toggles report --format gitlab > gl-code-quality-report.json
          $ toggles report --format html --output toggle-report.html
          $ toggles report --format html --since 2026-01-01 --scan Sources/App --output report.html
          $ toggles report --policy ci/strict-policy.json
          $ toggles report --scan Sources/App
        """
    static let spec = CommandSpec(
        help: helpPage, shared: [PolicyOptions.now, CommonOptions.format(formats), PolicyOptions.policy, PolicyOptions.scan, CommonOptions.rev, CommonOptions.log])

    static let defaultRows = 250

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, formats, command: spec.name)
        let now = try PolicyOptions.instant(arguments, context, command: spec.name)
        var since: Timestamp?
        var rows = defaultRows
        if format == .html {
            // 40 KB of markup is of no use on a terminal: the page goes to a file.
            if context.outputIsTerminal && !arguments.has("--output") {
                throw UsageError(
                    "--format html writes a page for a browser, not a terminal: add --output toggle-report.html (or redirect standard output to a file)", command: spec.name)
            }
            since = try CommonOptions.timestamp(arguments, "--since", command: spec.name)
            if let since, since >= now {
                throw UsageError("--since \(since) must be before --now \(now)", command: spec.name)
            }
            if let text = arguments.value("--max-rows") {
                guard let count = Int(text), count >= 0 else {
                    throw UsageError("--max-rows must be a whole number, 0 or more, not '\(text)'", command: spec.name)
                }
                rows = count
            }
        } else {
            for option in ["--since", "--max-rows"] where arguments.has(option) {
                throw UsageError("\(option) applies only to --format html", command: spec.name)
            }
        }
        var request = try PolicyOptions.request(arguments, context, now: now, format: format)
        request.colour = PolicyOptions.useColour(context) && !arguments.has("--output")
        request.since = since
        request.maximumTimelineRows = rows
        request.codeLinkBase = codeLinkBase(output: arguments.value("--output"), context)
        let result = try PolicyOptions.report(request, arguments, context, command: spec.name)
        let text = result.output ?? ""
        PolicyOptions.appendJobSummary(result.report, format: format, verdict: nil, context)
        if let output = arguments.value("--output") {
            try OutputFile.write(text, to: output, log: arguments.value("--log") ?? "events", command: spec.name, context)
        } else {
            context.write(text)
        }
        context.discard(result)
        return .ok
    }

    /// How the page links to a scanned file, whose path is relative to the current directory:
    /// `../` per folder when `--output` puts the page below it (`site/report.html`), the
    /// directory's `file://` URI when the page goes elsewhere, nothing when it is written here
    /// (or to standard output, redirected here, as most are).
    static func codeLinkBase(output: String?, _ context: CommandContext) -> String {
        guard let output, !output.hasPrefix("/dev/"), !output.hasPrefix("/proc/") else { return "" }
        let folders = output.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        if !output.hasPrefix("/"), !folders.contains(where: { $0 == ".." }) {
            return String(repeating: "../", count: folders.count(where: { $0 != "." }))
        }
        return StaleSARIFRenderer.uri(forPath: context.currentDirectory.hasSuffix("/") ? context.currentDirectory : context.currentDirectory + "/")
    }
}

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
