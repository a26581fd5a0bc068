import LedgerPlatform
import LedgerModel
import LedgerStore
/// What walking the git history of the log directory proved (`toggles audit --git`); the
/// CLI runs git and fills it in, the audit classifies and prints it.
package struct GitHistoryReport: Sendable {
    /// An event line edited or deleted by a commit.
    public struct EditedLine: Sendable, Hashable, CustomStringConvertible {
        public var commit: String
        public var author: String
        public var date: String
        public var subject: String
        /// `events/2026/01/x.jsonl:3`: the line in the version before the commit.
        public var location: String
        public var kind: String
        public var old: String
        public var new: String?

        public init(commit: String, author: String, date: String, subject: String, location: String, kind: String, old: String, new: String?) {
            self.commit = commit
            self.author = author
            self.date = date
            self.subject = subject
            self.location = location
            self.kind = kind
            self.old = old
            self.new = new
        }

        public var description: String {
            func clip(_ text: String) -> String { text.count <= 240 ? text : String(text.prefix(239)) + "…" }
            let when = date.isEmpty ? "" : " on \(date)"
            var message = "\(location): event line \(kind) in commit \(commit) by \(author)\(when) (\"\(clip(subject))\"); was: \(clip(old))"
            if let new { message += "; now: \(clip(new))" }
            return message
        }
    }

    /// The repository is a shallow clone: the history read is not the whole history.
    public var shallow = false
    public var commits = 0
    public var segmentsAdded = 0
    public var repairs: [String] = []
    /// Checkpoint files git tracks in the log directory (`git add -f`): never read, but a
    /// forged one is what they would be.
    public var trackedCheckpoints: [String] = []
    public var findings: [EditedLine] = []

    public init() {}
}
