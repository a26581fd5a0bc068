import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// The audit as `toggles audit` prints it: one line per finding, the history's notes and
/// counts, then the verdict.
package enum AuditTextRenderer {
    public static func render(_ audit: LogAudit) -> String {
        var output = ""
        for finding in audit.findings { output += TerminalText.sanitize("\(finding.severity.rawValue): \(finding.message)") + "\n" }
        let errors = audit.errorCount
        let verdict = errors == 0 ? "valid" : "INVALID (\(errors) error\(errors == 1 ? "" : "s"))"
        if let history = audit.history {
            for repair in history.repairs { output += TerminalText.sanitize("note: \(repair)") + "\n" }
            output +=
                "git: \(history.commits) commit\(history.commits == 1 ? "" : "s") touched the log, \(history.segmentsAdded) segments added, \(history.repairs.count) torn-tail repairs, \(history.findings.count) event line\(history.findings.count == 1 ? "" : "s") edited or deleted\n"
        }
        let summary = audit.summary
        output += "\(summary.eventCount) events in \(summary.segmentCount) segments, \(audit.toggleCount) toggles, \(summary.duplicateCount) duplicates skipped: \(verdict)\n"
        return output
    }
}
