import ToggleLedger

/// `toggles report`: the live toggles and how long they have lived.
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        summary: "List the live toggles with their age and owner.",
        synopsis: "report [--now TIME] [--format text|json]",
        options: [
            .value("--now", "TIME", "the instant to report at, for reproducible output (default: the clock)"),
            CommonOptions.format(["text", "json"]),
            CommonOptions.log,
        ],
        examples: ["toggles report", "toggles report --now 2026-12-01 --format json"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ["text", "json"], command: spec.name)
        let now = try CommonOptions.timestamp(arguments, "--now", command: spec.name) ?? context.now()
        let replay = try CommonOptions.ledger(arguments, context).replay(until: now)
        for warning in replay.summary.warnings { context.warn(warning.description) }
        let live = replay.projection.sortedToggles.filter(\.isLive)
        if format == "json" {
            context.write(StateRenderer.json(live, asOf: now))
            return .ok
        }
        var table = TextTable(headers: ["NAME", "KIND", "CATEGORY", "AGE", "OWNER", "DEFAULT", "REMOTE"])
        for toggle in live {
            let days = (now.secondsSince1970 - toggle.createdAt.secondsSince1970) / 86_400
            table.rows.append([
                toggle.name, toggle.kind.rawValue, toggle.definition.category, "\(days)d",
                toggle.definition.owner ?? "—", ValueText.describe(toggle.defaultValue), ValueText.describe(toggle.remote),
            ])
        }
        context.write(table.render() + "\n\(live.count) live toggles as of \(now)\n")
        return .ok
    }
}
