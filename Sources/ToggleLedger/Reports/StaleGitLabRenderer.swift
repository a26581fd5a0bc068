import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``StaleReport`` as a GitLab Code Quality report (a JSON array in the Code
/// Climate issue format), for the merge-request widget: one issue per stale reason of each
/// stale toggle and per code site of each code finding (see ``CIFindings``).
///
/// `check_name` is `toggles/<reason code>`; `severity` is `major` for what ``CIFindings``
/// calls an error, `minor` for a warning, `info` for a notice; `fingerprint` hashes the toggle
/// and the reason (and, in the code, the file and the occurrence in it), never the line, so an
/// issue keeps its identity when lines move; `location.path` is relative to the repository
/// root. A toggle whose creating line is unknown is located at `logDirectory`, line 1.
package enum StaleGitLabRenderer {
    public static func render(
        _ report: StaleReport, verdict: StaleGate.Verdict? = nil, paths: RepositoryPaths = .workingDirectoryIsRoot,
        logDirectory: String = "events"
    ) -> String {
        let issues: [JSONValue] = CIFindings.collect(report, verdict: verdict, paths: paths).map { finding in
            let site = finding.site ?? FindingSite(path: paths.relative(logDirectory), line: 1, column: nil, isInCode: false)
            return .object(
                JSONObject([
                    .init("type", .string("issue")),
                    .init("check_name", .string("toggles/" + finding.code.rawValue)),
                    .init("description", .string(TerminalText.sanitize(finding.message))),
                    .init("categories", .array([.string("Maintainability")])),
                    .init("severity", .string(severity(finding.level))),
                    .init("fingerprint", .string(CIFindings.fingerprint(finding.fingerprintKey))),
                    .init(
                        "location",
                        .object(
                            JSONObject([
                                .init("path", .string(site.path)),
                                .init("lines", .object(JSONObject([.init("begin", .number(String(site.line)))]))),
                            ]))),
                ]))
        }
        return JSONWriter.pretty(.array(issues)) + "\n"
    }

    package static func severity(_ level: FindingLevel) -> String {
        switch level {
        case .error: "major"
        case .warning: "minor"
        case .notice: "info"
        }
    }
}
