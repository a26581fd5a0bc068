import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``StaleReport`` as CSV (RFC 4180): a header, then one row per live toggle,
/// stale first, lines ending in CRLF.
///
/// Cells from the log are made safe for spreadsheets: a cell that starts with `=`, `+`, `-`,
/// `@`, a tab or a carriage return gets a leading `'` so it is never run as a formula
/// (OWASP "CSV injection"); control characters and newlines become visible escapes or spaces;
/// a cell with a comma, quote or line break is quoted, quotes doubled.
package enum StaleCSVRenderer {
    public static let columns = [
        "name", "kind", "type", "category", "stage", "stage_since", "days_in_stage", "age_days", "owner",
        "expires", "stale", "reasons", "expired_days_over", "over_lifetime_days_over", "days_launched", "details",
        "description", "extensions", "extension_days",
    ]

    public static func render(_ report: StaleReport) -> String {
        var output = columns.joined(separator: ",") + "\r\n"
        for entry in report.entries {
            let toggle = entry.toggle
            func figure(_ code: StaleReason.Code) -> String {
                entry.reasons.first { $0.code == code }.map { String($0.days) } ?? ""
            }
            let row = [
                toggle.name, toggle.kind.rawValue, toggle.valueType.rawValue, toggle.definition.category,
                toggle.stage.rawValue, toggle.stageSince.description, String(entry.stageDays), String(entry.ageDays),
                toggle.definition.owner ?? "", toggle.definition.expires?.description ?? "", entry.isStale ? "true" : "false",
                entry.reasons.map(\.code.rawValue).joined(separator: " "),
                figure(.expired), figure(.overLifetime), figure(.launched),
                entry.reasons.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: " / "),
                toggle.definition.description ?? "",
                String(toggle.extensions.count), String(toggle.extensions.days),
            ]
            output += row.map(cell).joined(separator: ",") + "\r\n"
        }
        // `--scan` findings: one row per toggle, stage `removed` or `untracked`.
        for finding in report.codeFindings ?? [] {
            var row = [String](repeating: "", count: columns.count)
            row[0] = finding.toggle
            row[4] = finding.reason == .untracked ? "untracked" : "removed"
            row[5] = finding.removedAt?.description ?? ""
            row[10] = "true"
            row[11] = finding.code.rawValue
            row[15] = "\(finding.code.rawValue): \(finding.message)"
            output += row.map(cell).joined(separator: ",") + "\r\n"
        }
        return output
    }

    /// One field, neutralised and quoted as needed.
    public static func cell(_ text: String) -> String {
        var value = TerminalText.sanitize(text)
        let isFormula = text.unicodeScalars.first.map { ["=", "+", "-", "@", "\t", "\r"].contains($0) } ?? false
        if isFormula { value = "'" + value }
        guard isFormula || value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }
}
