import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``StaleReport`` for people at a terminal (`toggles report`, `toggles check`).
///
/// Everything from the log passes through ``TerminalText/sanitize(_:)``. Colour (ANSI SGR)
/// is added only when the caller asks for it: on a terminal, and never with `NO_COLOR`.
public enum StaleTextRenderer {
    /// The report table: stale toggles first, then a summary line.
    public static func table(_ report: StaleReport, colour: Bool = false) -> String {
        var table = TextTable(
            headers: ["NAME", "STAGE", "SINCE", "AGE", "EXTENDED", "CATEGORY", "OWNER", "STALE"], maximumCellWidth: 80)
        for entry in report.entries {
            table.rows.append([
                entry.name, entry.isLogWide ? "—" : entry.toggle.stage.rawValue,
                entry.isLogWide ? "—" : entry.toggle.stageSince.date.description,
                "\(entry.ageDays)d", entry.toggle.extensions.short, category(entry), entry.owner ?? "—",
                entry.reasons.isEmpty ? waiting(entry) : entry.reasons.map { "\($0.code.rawValue) (\($0.figure))" }.joined(separator: ", "),
            ])
        }
        var lines = table.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if colour {
            for (index, entry) in report.entries.enumerated() where entry.isStale {
                lines[index + 1] = ANSI.red + lines[index + 1] + ANSI.reset
            }
            lines[0] = ANSI.bold + lines[0] + ANSI.reset
        }
        var output = lines.joined(separator: "\n")
        if report.entries.isEmpty { output = "no live toggles\n" }
        if let findings = report.codeFindings {
            output += "\n" + codeFindings(findings, at: report.asOf)
            output += removalPlans(report)
        }
        let summary = summaryLine(report)
        output += "\n" + (colour ? ANSI.bold + summary + ANSI.reset : summary) + "\n"
        return output
    }

    /// What `toggles check` prints: each counted stale toggle with its owner and reasons,
    /// then the verdict.
    public static func check(_ report: StaleReport, _ verdict: StaleGate.Verdict, colour: Bool = false) -> String {
        var text = OutputBuffer(capacity: verdict.countedCount * 200 + 4096)
        let counts = StaleReason.Code.allCases.map { verdict.gate.failOn.contains($0) }
        let entries = verdict.countedSource
        for position in verdict.countedPositions {
            // Each entry read in place (not copied), and sanitized piece by piece:
            // sanitizing replaces scalar by scalar.
            if colour { text.append(ANSI.bold) }
            text.appendSanitized(entries[position].toggle.name)
            if entries[position].toggle.name == Event.appToggle {
                text.append(" (log-wide: the minimum supported app version)")
            } else {
                text.append(" (")
                text.append(entries[position].toggle.stage.words)
                text.append(", owner ")
                text.appendSanitized(entries[position].toggle.definition.owner ?? "unknown")
                text.append(")")
            }
            if colour { text.append(ANSI.reset) }
            text.append("\n")
            for reason in entries[position].reasons {
                let isCounted = counts[reason.code.position]
                text.append("  ")
                if colour && isCounted {
                    text.append(ANSI.red + reason.code.rawValue + ANSI.reset)
                } else {
                    text.append(reason.code.rawValue)
                }
                text.append(": ")
                reason.appendMessage(to: &text, sanitizing: true)
                text.append(isCounted ? "\n" : " (not counted)\n")
            }
        }
        for finding in verdict.countedFindings {
            let heading = TerminalText.sanitize("\(finding.toggle) (in the code)")
            text.append((colour ? ANSI.bold + heading + ANSI.reset : heading) + "\n")
            let code = colour ? ANSI.red + finding.code.rawValue + ANSI.reset : finding.code.rawValue
            text.append("  \(code): \(TerminalText.sanitize(finding.message))\n")
        }
        if !verdict.ignored.isEmpty || !verdict.ignoredFindings.isEmpty {
            let names = (verdict.ignored.map(\.name) + verdict.ignoredFindings.map(\.toggle)).joined(separator: ", ")
            text.append(TerminalText.sanitize("not counted (stale only for reasons outside --fail-on): \(names)") + "\n")
        }
        let line = verdictLine(report, verdict)
        text.append((colour ? (verdict.passed ? ANSI.green : ANSI.red) + line + ANSI.reset : line) + "\n")
        return text.string
    }

    /// `9 live, 4 stale, 4 launched, health 56% (as of 2026-11-22T00:00:00Z)`, with
    /// `, 1 waiting for retirement` after `launched` when a removed toggle is still served.
    public static func summaryLine(_ report: StaleReport) -> String {
        let summary = report.summary
        // Health is over the toggles in use: when some wait for retirement, the line says so.
        let inUse =
            summary.awaitingRetirement > 0
            ? "\(summary.live) live + \(summary.awaitingRetirement) waiting for retirement = \(summary.inUse) in use" : "\(summary.live) live"
        return "\(inUse), \(summary.stale) stale, \(summary.launched) launched, health \(summary.health)% (as of \(report.asOf))"
    }

    /// The STALE cell of a toggle that is not stale: `—`, or for one removed from the code
    /// and still served to older versions, `waiting for retirement (removed in 2.5.0)`.
    package static func waiting(_ entry: StaleReport.Entry) -> String {
        guard entry.toggle.awaitsRetirement, let version = entry.toggle.removedInAppVersion else { return "—" }
        return "waiting for retirement (removed in \(version))"
    }

    /// `check failed: 4 stale toggles of 9 live, more than --max-stale 0 (counting expired, launched)`;
    /// a conflict of the minimum supported version counts too but is no toggle, so it is named
    /// apart: `0 stale toggles of 1 live + the minimum supported version's conflict (_app)`.
    public static func verdictLine(_ report: StaleReport, _ verdict: StaleGate.Verdict) -> String {
        let count = verdict.countedTotal
        let logWide = verdict.countedLogWide
        let staleCount = count - logWide
        let toggles = (staleCount == 1 ? "1 stale toggle" : "\(staleCount) stale toggles")
        let conflict = logWide > 0 ? " + the minimum supported version's conflict (\(Event.appToggle))" : ""
        let counting = verdict.gate.failOnCodes.map(\.rawValue).joined(separator: ", ")
        // Over the toggles health is over (StaleReport.Summary.inUse).
        let summary = report.summary
        let live = summary.awaitingRetirement > 0 ? "\(summary.inUse) in use" : "\(summary.live) live"
        if verdict.passed {
            if count == 0 { return "check passed: no stale toggles among \(live) (counting \(counting); as of \(report.asOf))" }
            return "check passed: \(toggles)\(conflict), within --max-stale \(verdict.gate.maximumStale) (counting \(counting); as of \(report.asOf))"
        }
        return "check failed: \(toggles) of \(live)\(conflict), more than --max-stale \(verdict.gate.maximumStale) (counting \(counting); as of \(report.asOf))"
    }

    /// The `--scan` findings: one row per toggle, with where in the code.
    package static func codeFindings(_ findings: [CodeFinding], at now: Timestamp) -> String {
        guard !findings.isEmpty else { return "code scan: every toggle in the code is in the log, and no removed toggle is referenced\n" }
        var table = TextTable(headers: ["IN THE CODE", "FINDING", "WHERE", "WHY"], maximumCellWidth: 80)
        for finding in findings {
            let first = finding.references.first.map { "\($0.file):\($0.line)" } ?? "—"
            let more = finding.references.count > 1 ? " (+\(finding.references.count - 1))" : ""
            let why = finding.reason == .untracked ? "never created in the log" : "removed \(StaleReason.days(finding.days(at: now))) ago"
            table.rows.append([finding.toggle, finding.code.rawValue, first + more, why])
        }
        return table.render()
    }

    /// For each stale or removed-but-referenced toggle in the code: the value to keep and every
    /// site, one per line (`file:line:column  expression`).
    static func removalPlans(_ report: StaleReport) -> String {
        var plans: [(name: String, plan: RemovalPlan, references: [CodeReference])] = report.staleInTheCode.map {
            ($0.entry.name, RemovalPlan($0.entry.toggle), $0.references)
        }
        for finding in report.codeFindings ?? [] {
            if let plan = finding.plan { plans.append((finding.toggle, plan, finding.references)) }
        }
        var output = ""
        for item in plans {
            output += "\n" + TerminalText.sanitize("to remove \(item.name): \(item.plan.summary)") + "\n"
            for reference in item.references {
                let ambiguity = reference.ambiguousWith.isEmpty ? "" : " (ambiguous: or \(reference.ambiguousWith.joined(separator: ", ")))"
                output += TerminalText.sanitize("  \(reference.file):\(reference.line):\(reference.column)  \(reference.symbol)\(ambiguity)") + "\n"
            }
            if let command = item.plan.cleanupCommand(item.name) {
                output += TerminalText.sanitize("  remove it with: \(command) --dry-run") + "\n"
            }
        }
        return output
    }

    /// The category, marked when the policy does not define it: `beta (as release)`.
    package static func category(_ entry: StaleReport.Entry) -> String {
        let category = entry.toggle.definition.category
        guard !entry.categoryIsKnown else { return category }
        return "\(category) (as \(entry.lifetimeDays.map { "\($0)d" } ?? "permanent"))"
    }

    package enum ANSI {
        static let bold = "\u{1B}[1m"
        static let red = "\u{1B}[31m"
        static let green = "\u{1B}[32m"
        package static let reset = "\u{1B}[0m"
    }
}
