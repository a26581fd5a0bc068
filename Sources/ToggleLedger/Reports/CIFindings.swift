import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// How much a finding matters to a CI system: GitHub's `::error`/`::warning`/`::notice`,
/// GitLab's `major`/`minor`/`info`.
package enum FindingLevel: Int, Comparable, Sendable {
    case notice, warning, error

    package static func < (lhs: FindingLevel, rhs: FindingLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a finding points, relative to the repository root.
package struct FindingSite: Sendable, Hashable {
    package var path: String
    package var line: Int
    package var column: Int?
    /// A site in the Swift sources (from `--scan`), not the log line that created the toggle.
    var isInCode: Bool
}

/// One stale reason of one toggle, or one code site of a code finding: what GitLab Code
/// Quality lists one by one. Text is as it came from the log; each format escapes it.
package struct CIFinding: Sendable {
    package var toggle: String
    package var code: StaleReason.Code
    package var message: String
    package var level: FindingLevel
    package var site: FindingSite?
    /// The code site, for a code finding.
    package var reference: CodeReference?
    /// Names the finding across runs: the toggle and the reason, plus the file and the
    /// occurrence in it for a code site; never a line number, so moving lines changes nothing.
    var fingerprintKey: String
}

/// What the CI formats share: where a stale toggle or a code finding is, how serious it is,
/// and the findings one by one. Driven by the report's reasons, so a new reason code needs
/// nothing here.
enum CIFindings {
    /// Code findings and stale toggles the code still declares or uses are errors (the code
    /// must change); other stale toggles are warnings. With a verdict (`check`), a reason
    /// outside `--fail-on` is a notice, and nothing is an error when the check passed.
    package static func level(for code: StaleReason.Code, inCode: Bool, verdict: StaleGate.Verdict?) -> FindingLevel {
        let level: FindingLevel = inCode ? .error : .warning
        guard let verdict else { return level }
        if !verdict.gate.failOn.contains(code) { return .notice }
        return verdict.passed ? .warning : level
    }

    /// The toggle's declaration in the code (its first use when no declaration was found),
    /// when the code was scanned and still has it.
    static func codeSite(of entry: StaleReport.Entry, in report: StaleReport, paths: RepositoryPaths) -> FindingSite? {
        guard let references = report.codeReferences?[entry.name], !references.isEmpty else { return nil }
        let reference = references.first { $0.kind == .declaration } ?? references[0]
        return site(of: reference, paths: paths)
    }

    /// `remove it from the code with `toggles cleanup NAME``, for a stale toggle the code still
    /// names and whose kept value is a Bool (`--value true|false` when the log cannot decide).
    static func cleanupHint(of entry: StaleReport.Entry, in report: StaleReport) -> String? {
        guard entry.callsForRemoval, let references = report.codeReferences?[entry.name], !references.isEmpty,
            let command = RemovalPlan(entry.toggle).cleanupCommand(entry.name)
        else { return nil }
        return "remove it from the code with `\(command)`"
    }

    /// The log line that created the toggle.
    static func logSite(of entry: StaleReport.Entry, paths: RepositoryPaths) -> FindingSite? {
        entry.declaredAt.map { FindingSite(path: paths.relative($0.file), line: $0.line, column: nil, isInCode: false) }
    }

    package static func site(of reference: CodeReference, paths: RepositoryPaths) -> FindingSite {
        FindingSite(path: paths.relative(reference.file), line: reference.line, column: reference.column, isInCode: true)
    }

    /// The finding's message with the places in it relative to the repository root too.
    package static func message(_ finding: CodeFinding, paths: RepositoryPaths) -> String {
        var relative = finding
        for index in relative.references.indices {
            relative.references[index].file = paths.relative(relative.references[index].file)
        }
        return relative.message
    }

    /// `name: reason` for each reason, with the owner, one sentence.
    package static func message(_ entry: StaleReport.Entry, _ reason: StaleReason) -> String {
        "\(entry.name): \(reason.message) (owner: \(entry.owner ?? "none"))"
    }

    /// Every stale reason of every stale toggle (located at its code site when scanned, else
    /// at its log line), then every site of every code finding, in report order.
    package static func collect(_ report: StaleReport, verdict: StaleGate.Verdict?, paths: RepositoryPaths) -> [CIFinding] {
        staleReasons(report, verdict: verdict, paths: paths) + codeSites(report, verdict: verdict, paths: paths)
    }

    static func staleReasons(_ report: StaleReport, verdict: StaleGate.Verdict?, paths: RepositoryPaths) -> [CIFinding] {
        var findings: [CIFinding] = []
        for entry in report.entries where entry.isStale {
            let codeSite = codeSite(of: entry, in: report, paths: paths)
            let site = codeSite ?? logSite(of: entry, paths: paths)
            let hint = cleanupHint(of: entry, in: report).map { "; " + $0 } ?? ""
            for reason in entry.reasons {
                findings.append(
                    CIFinding(
                        toggle: entry.name, code: reason.code, message: message(entry, reason) + hint,
                        level: level(for: reason.code, inCode: codeSite != nil, verdict: verdict), site: site,
                        fingerprintKey: "\(entry.name)/\(reason.code.rawValue)"))
            }
        }
        return findings
    }

    static func codeSites(_ report: StaleReport, verdict: StaleGate.Verdict?, paths: RepositoryPaths) -> [CIFinding] {
        var findings: [CIFinding] = []
        for finding in report.codeFindings ?? [] {
            var occurrences: [String: Int] = [:]
            for reference in finding.references {
                let site = site(of: reference, paths: paths)
                let occurrence = occurrences[site.path, default: 0]
                occurrences[site.path] = occurrence + 1
                findings.append(
                    CIFinding(
                        toggle: finding.toggle, code: finding.code, message: message(finding, paths: paths),
                        level: level(for: finding.code, inCode: true, verdict: verdict), site: site, reference: reference,
                        fingerprintKey: "\(finding.toggle)/\(finding.code.rawValue)/\(site.path)/\(occurrence)"))
            }
        }
        return findings
    }

    /// A fingerprint of `key`: 32 hex digits, two XXH64 of it (GitLab wants a fixed-size hash).
    package static func fingerprint(_ key: String) -> String {
        let bytes = Array(key.utf8)
        return hex(SegmentHash.hash(bytes)) + hex(SegmentHash.hash(bytes + [0]))
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
