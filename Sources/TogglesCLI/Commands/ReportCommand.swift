import ToggleLedger

/// `toggles report`: every live toggle with its stage, age, owner and stale reasons.
enum ReportCommand: Command {
    static let formats = ReportFormat.staleReport + [.html]

    static let spec = CommandSpec(
        help: """
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
            """,
        shared: [PolicyOptions.now, CommonOptions.format(formats), PolicyOptions.policy, PolicyOptions.scan, CommonOptions.rev, CommonOptions.log])

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
