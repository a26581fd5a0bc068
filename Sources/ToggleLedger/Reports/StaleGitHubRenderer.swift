import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``StaleReport`` as GitHub Actions workflow commands: one annotation per stale
/// toggle and per code finding, shown on the run and, where the file is in the diff, on the
/// pull request's lines.
///
/// `::error` for code findings and stale toggles the code still declares or uses (located at
/// the declaration), `::warning` for the other stale toggles (located at the log line that
/// created them), `::notice` for reasons outside `check --fail-on` (see ``CIFindings``).
/// GitHub shows 10 annotations of each kind per step: beyond that, the 9 that matter most
/// (errors in the code first, then the longest overdue) and a 10th naming how many more.
/// The Markdown report for the job summary is ``StaleMarkdownRenderer``'s, written by
/// ``GitHubStepSummary``.
package enum StaleGitHubRenderer {
    /// Annotations GitHub shows per kind (error, warning, notice) and step.
    public static let annotationsPerKind = 10

    package struct Annotation {
        var level: FindingLevel
        var site: FindingSite?
        var title: String
        /// Lines, each sanitized on its own.
        var message: [String]
        var toggle: String
        /// How long overdue (the largest reason's days): the longer, the more it matters.
        var days: Int
    }

    public static func render(_ report: StaleReport, verdict: StaleGate.Verdict? = nil, paths: RepositoryPaths = .workingDirectoryIsRoot) -> String {
        var output = ""
        let all = annotations(report, verdict: verdict, paths: paths)
        for level in [FindingLevel.error, .warning, .notice] {
            let chosen = all.filter { $0.level == level }
            let shown = chosen.count > annotationsPerKind ? Array(chosen.prefix(annotationsPerKind - 1)) : chosen
            for annotation in shown { output += command(annotation) }
            if shown.count < chosen.count {
                let rest = chosen.dropFirst(shown.count)
                let names = rest.prefix(20).map(\.toggle).joined(separator: ", ") + (rest.count > 20 ? ", …" : "")
                output += command(
                    Annotation(
                        level: level, site: nil, title: "\(rest.count) more not annotated (GitHub shows \(annotationsPerKind) per step)",
                        message: [names, "The job summary, or `toggles report --format markdown`, lists them all."], toggle: "", days: 0))
            }
        }
        // Only counts, codes and an instant: nothing from the log reaches a plain line.
        output += (verdict.map { StaleTextRenderer.verdictLine(report, $0) } ?? StaleTextRenderer.summaryLine(report)) + "\n"
        return output
    }

    /// Every annotation, most important first: errors, then those in the code, then the
    /// longest overdue, then by name.
    package static func annotations(_ report: StaleReport, verdict: StaleGate.Verdict?, paths: RepositoryPaths) -> [Annotation] {
        var annotations: [Annotation] = []
        for entry in report.entries where entry.isStale {
            let codeSite = CIFindings.codeSite(of: entry, in: report, paths: paths)
            let levels = entry.reasons.map { CIFindings.level(for: $0.code, inCode: codeSite != nil, verdict: verdict) }
            annotations.append(
                Annotation(
                    level: levels.max() ?? .warning, site: codeSite ?? CIFindings.logSite(of: entry, paths: paths),
                    title: entry.isLogWide
                        ? "Conflict of the minimum supported version (\(entry.name))"
                        : "Stale toggle \(entry.name): \(entry.reasons.map(\.code.rawValue).joined(separator: ", "))",
                    message: entry.reasons.map(\.message) + (CIFindings.cleanupHint(of: entry, in: report).map { [$0] } ?? []) + ["owner: \(entry.owner ?? "none")"],
                    toggle: entry.name, days: entry.reasons.map(\.days).max() ?? 0))
        }
        for finding in report.codeFindings ?? [] {
            annotations.append(
                Annotation(
                    level: CIFindings.level(for: finding.code, inCode: true, verdict: verdict),
                    site: finding.references.first.map { CIFindings.site(of: $0, paths: paths) },
                    title: "\(finding.code.rawValue): \(finding.toggle)", message: [CIFindings.message(finding, paths: paths)],
                    toggle: finding.toggle, days: finding.days(at: report.asOf)))
        }
        return annotations.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.level != b.level { return a.level > b.level }
            let (aInCode, bInCode) = (a.site?.isInCode ?? false, b.site?.isInCode ?? false)
            if aInCode != bInCode { return aInCode }
            if a.days != b.days { return a.days > b.days }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// `::error` for a run that could not judge the log at all (a malformed line, a missing
    /// log, a bad option), so the failure shows on the run's summary page, and on the
    /// segment's line when there is one, not only in the step's log.
    package static func failure(_ message: String, title: String, file: String?, line: Int?) -> String {
        let site = file.map { FindingSite(path: $0, line: line ?? 1, column: nil, isInCode: false) }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return command(Annotation(level: .error, site: site, title: title, message: lines, toggle: "", days: 0))
    }

    /// `::error file=…,line=…,title=…::message`
    package static func command(_ annotation: Annotation) -> String {
        var properties: [String] = []
        if let site = annotation.site {
            properties.append("file=" + escapePath(site.path))
            properties.append("line=\(site.line)")
            if let column = site.column { properties.append("col=\(column)") }
        }
        properties.append("title=" + escapeProperty(annotation.title))
        let kind =
            switch annotation.level {
            case .error: "error"
            case .warning: "warning"
            case .notice: "notice"
            }
        return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(annotation.message))\n"
    }

    /// A message of several lines: in each, terminal controls made visible and line breaks
    /// turned to spaces (see ``TerminalText``), then `%` percent-encoded as the runner decodes
    /// it; the lines joined by an encoded line feed, `%0A`.
    static func escapeData(_ lines: [String]) -> String {
        lines.map { percentEncode(TerminalText.sanitize($0), also: []) }.joined(separator: "%0A")
    }

    /// A property value: also `:` and `,`, which would end it.
    static func escapeProperty(_ text: String) -> String {
        percentEncode(TerminalText.sanitize(text), also: [":", ","])
    }

    /// A `file=` value: the path exactly, as the runner decodes it (`%`, CR, LF, `:` and `,`
    /// percent-encoded, nothing else changed), so an annotation on a file whose name holds a
    /// control character lands on that file, not on the name's visible escape.
    static func escapePath(_ path: String) -> String {
        percentEncode(path, also: [":", ","])
    }

    private static func percentEncode(_ text: String, also: Set<Unicode.Scalar>) -> String {
        text.escapingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            case ":" where also.contains(":"): "%3A"
            case "," where also.contains(","): "%2C"
            default: nil
            }
        }
    }
}
