import ToggleLedger

/// `toggles report`: every live toggle with its stage, age, owner and stale reasons.
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        summary: "List the live toggles with stage, age, owner and stale reasons, stale ones first.",
        synopsis: "report [--now TIME] [--format text|json|markdown|csv|sarif|github|junit|gitlab] [--policy FILE] [--scan PATH]…",
        options: [
            PolicyOptions.now,
            CommonOptions.format(ReportFormat.staleReport),
            PolicyOptions.policy,
            PolicyOptions.scan,
            CommonOptions.log,
        ],
        discussion: """
            A toggle is stale when it is expired (its expiry date has begun), over-lifetime (no \
            expiry date and older than its category's lifetime) or launched (the same value for \
            everyone for longer than the grace period; not for permanent categories). The summary \
            line gives live, stale and launched counts and health = 100 − stale%. Text is coloured \
            only on a terminal, never with NO_COLOR. Formats and the policy file: docs/policy.md; the CI \
            formats (github, junit, gitlab, sarif): docs/ci.md. With \
            --scan PATH the Swift sources are scanned too (docs/swift.md), adding removed-but-referenced \
            (the log removed it, the code still uses it) and untracked (declared in code, never created).
            """,
        examples: [
            "toggles report",
            "toggles report --now 2026-12-01 --format json | jq '.toggles[] | select(.stale) | .name'",
            "toggles report --log app/events --format markdown > toggle-report.md",
            "toggles report --format csv > toggles.csv",
            "toggles report --format sarif > toggles.sarif",
            "toggles report --format gitlab > gl-code-quality-report.json",
            "toggles report --policy ci/strict-policy.json",
            "toggles report --scan Sources/App",
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.staleReport, command: spec.name)
        let now = try PolicyOptions.instant(arguments, context, command: spec.name)
        let (report, replay) = try PolicyOptions.report(arguments, context, now: now)
        context.write(PolicyOptions.render(report, format: format, verdict: nil, arguments, context)
            ?? StaleTextRenderer.table(report, colour: PolicyOptions.useColour(context)))
        PolicyOptions.appendJobSummary(report, format: format, verdict: nil, context)
        context.discard((report, replay))
        return .ok
    }
}
