import SwiftSource
import Foundation
import ToggleLedger

/// `toggles due`: what expires or outlives its category lifetime within a window, by owner.
enum DueCommand: Command {
    static let helpPage = """
        List the toggles that expire or outlive their category lifetime within a window, by owner, soonest first.

        usage: toggles due [--within DURATION] [--now TIME] [--format text|json|markdown|slack] [--policy FILE] [--scan PATH]…

        A toggle is due when `toggles report` would call it expired (its expiry date has begun) or over-lifetime (no expiry
        date and older than its category's lifetime), or over-extended (older than the category's maxLifetimeDays, whatever
        its expiry date) by the end of the window; toggles that already are come first, marked overdue. The same policy
        decides both (docs/policy.md): an expiry date replaces the lifetime, permanent categories only have their expiry date,
        and launched toggles (no deadline) are left to `toggles report`. Toggles are grouped by owner, the group with the
        soonest deadline first, toggles without an owner last. With --scan, a toggle with no owner in the log is given the
        owners that the repository's CODEOWNERS (.github/CODEOWNERS, CODEOWNERS or docs/CODEOWNERS, GitHub's rules: the last
        matching line wins) assigns to the Swift file declaring it. --format slack prints a Slack Block Kit payload for an
        incoming webhook; toggles makes no network call (docs/ci.md).

        options:
          --within DURATION  the window after --now: days or weeks, such as 14d or 6w (default: \(defaultWindow), a sprint; 0d lists only
                             what is overdue)
          --now --format --policy
          --scan PATH        also scan Swift sources under PATH: a toggle without an owner goes to the CODEOWNERS owners of
                             the file declaring it (repeatable)
          --log

        examples:
          $ toggles due
          $ toggles due --within 14d
          $ toggles due --within 6w --format markdown > due.md
          $ toggles due --within 14d --scan Sources/App
          $ toggles due --within 7d --format slack > due.json && curl -sS -H 'Content-Type: application/json' --data-binary @due.json "$SLACK_WEBHOOK_URL"
          $ toggles due --within 0d --format json | jq -r '.owners[].toggles[].name'
        """
    static let spec = CommandSpec(help: helpPage, shared: [PolicyOptions.now, CommonOptions.format(ReportFormat.dueList), PolicyOptions.policy, CommonOptions.log])

    /// Two weeks: a sprint, the window most teams plan in.
    static let defaultWindow = "14d"

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.dueList, command: spec.name)
        let within = arguments.value("--within") ?? defaultWindow
        let days = try DurationArgument.days(within, option: "--within", command: spec.name)
        let now = try PolicyOptions.instant(arguments, context, command: spec.name)
        let result = try PolicyOptions.report(PolicyOptions.request(arguments, context, now: now, format: nil), arguments, context, command: spec.name)
        let report = result.report
        let fallback = try report.codeReferences.map { try codeOwners(of: report, references: $0, context) } ?? [:]
        let list = DueList(report: report, windowDays: days, fallbackOwners: fallback)
        switch format {
        case .json: context.write(DueJSONRenderer.render(list))
        case .markdown: context.write(DueMarkdownRenderer.render(list))
        case .slack: context.write(DueSlackRenderer.render(list))
        default: context.write(DueTextRenderer.render(list))
        }
        context.discard(result)
        return .ok
    }

    /// For each live toggle without an owner that the code declares, the CODEOWNERS rule for
    /// the first file declaring it. The repository root is the nearest directory, from the
    /// current one up, that holds `.git`; without one, the current directory.
    static func codeOwners(of report: StaleReport, references: [String: [CodeReference]], _ context: CommandContext) throws -> [String: DueList.CodeOwnersMatch] {
        let unowned = report.entries.filter { $0.owner == nil }.map(\.name)
        let declaring = unowned.compactMap { name in
            references[name]?.filter { $0.kind == .declaration }.min(by: CodeReference.ordered).map { (name, $0.file) }
        }
        guard !declaring.isEmpty else { return [:] }
        let root = RepositoryRoot.paths(context).root
        let file: CodeOwners
        do {
            guard let found = try CodeOwners.load(repositoryRoot: root) else {
                context.warn("no CODEOWNERS file in .github/, the root or docs/ of \(root); toggles without an owner stay unowned")
                return [:]
            }
            file = found
        } catch {
            throw CommandFailure(status: .invalidLog, message: "CODEOWNERS: \(error)")
        }
        for problem in file.problems { context.warn("\(problem); the line is skipped, as GitHub skips it") }
        var matches: [String: DueList.CodeOwnersMatch] = [:]
        for (name, path) in declaring {
            let absolute = URL(fileURLWithPath: context.resolve(path)).standardized.path
            guard absolute.hasPrefix(root + "/") else { continue }
            let relative = String(absolute.dropFirst(root.count + 1))
            if let rule = file.rule(for: relative), !rule.owners.isEmpty {
                matches[name] = DueList.CodeOwnersMatch(owners: rule.owners, rule: LineLocation(file: file.file, line: rule.line), declaredIn: relative)
            }
        }
        return matches
    }
}
