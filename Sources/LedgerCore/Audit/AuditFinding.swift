import LedgerPlatform
import LedgerModel
import LedgerStore
/// One thing the audit found wrong with the log, located where it can be.
public struct AuditFinding: Sendable, Hashable {
    /// How much an audit finding counts: an error makes the log invalid; a warning does not,
    /// unless the audit is strict.
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    /// `events/2026/01/x.jsonl:3`, or empty when the finding is about the whole log.
    public var location: String
    public var message: String

    public init(severity: Severity, location: String, message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public var isError: Bool { severity == .error }
}
