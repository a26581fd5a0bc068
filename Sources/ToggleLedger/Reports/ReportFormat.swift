import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// An output format a command can print in; each command states which it accepts.
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
    /// For people at a terminal; every command accepts it, and it is the default.
    case text
    case json
    /// For a pull-request comment.
    case markdown
    case csv
    /// For code scanning (SARIF 2.1.0).
    case sarif
    /// GitHub Actions workflow commands: annotations (and the job summary).
    case github
    /// JUnit XML, for the test views of GitLab, Jenkins and others.
    case junit
    /// GitLab Code Quality JSON, for the merge-request widget.
    case gitlab
    /// A Slack Block Kit message payload, for a webhook.
    case slack
    /// A self-contained page with the lifespan timeline and the debt chart (`report` only).
    case html

    /// The formats of commands that print lists: text and JSON.
    public static let textOrJSON: [ReportFormat] = [.text, .json]
    /// The formats of the stale report (`report`, `check`).
    public static let staleReport: [ReportFormat] = [.text, .json, .markdown, .csv, .sarif, .github, .junit, .gitlab]
    /// The formats of the due list (`due`).
    public static let dueList: [ReportFormat] = [.text, .json, .markdown, .slack]
}
