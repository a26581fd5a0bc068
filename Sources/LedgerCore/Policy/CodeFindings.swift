import LedgerPlatform
import LedgerModel
import LedgerStore
/// What a scan of the code says about the log: the two reasons `report --scan` and
/// `check --scan` add to the stale policy's.
package struct CodeFinding: Sendable, Hashable {
    public enum Reason: String, Sendable, CaseIterable {
        /// The log says removed; the code still declares or uses it.
        case removedButReferenced = "removed-but-referenced"
        /// Declared in a toggle enum; the log never created it.
        case untracked
    }

    public var toggle: String
    public var reason: Reason
    /// Where: every reference (for removed-but-referenced) or declaration (for untracked).
    public var references: [CodeReference]
    /// When the log removed it (removed-but-referenced only).
    public var removedAt: Timestamp?
    /// The value to write where the code reads it, and what would be lost (removed-but-referenced only).
    package var plan: RemovalPlan?

    /// The stale reason code this finding reports under.
    public var code: StaleReason.Code {
        switch reason {
        case .removedButReferenced: .removedButReferenced
        case .untracked: .untracked
        }
    }

    /// Whole days since the log removed it, at `now` (0 for untracked).
    public func days(at now: Timestamp) -> Int {
        removedAt.map { StalePolicy.wholeDays(from: $0, to: now) } ?? 0
    }

    /// One line, such as `isOldOnboarding was removed at … but is still referenced at A.swift:3 (and 2 more)`.
    public var message: String {
        let places = references.prefix(3).map { "\($0.file):\($0.line)" }.joined(separator: ", ")
        let more = references.count > 3 ? " and \(references.count - 3) more" : ""
        switch reason {
        case .removedButReferenced:
            let command = plan?.cleanupCommand(toggle).map { "; remove it with `\($0)`" } ?? ""
            return "\(toggle) was removed\(removedAt.map { " at \($0)" } ?? "") but is still referenced at \(places)\(more)\(command)"
        case .untracked:
            return "\(toggle) is declared at \(places)\(more) but the log never created it; run `toggles sync swift` or `toggles create \(toggle)`"
        }
    }
}

package enum CodeFindings {
    /// Compares a scan with the log's toggles (live and removed), sorted by toggle.
    package static func evaluate(_ scan: ScanResult, toggles: [String: ToggleState]) -> [CodeFinding] {
        let byToggle = Dictionary(grouping: scan.references, by: \.toggle)
        var findings: [CodeFinding] = []
        for name in byToggle.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let references = byToggle[name]!
            if let state = toggles[name] {
                if let removedAt = state.removedAt {
                    findings.append(CodeFinding(toggle: name, reason: .removedButReferenced, references: references, removedAt: removedAt, plan: RemovalPlan(state)))
                }
            } else {
                let declarations = references.filter { $0.kind == .declaration }
                if !declarations.isEmpty {
                    findings.append(CodeFinding(toggle: name, reason: .untracked, references: declarations))
                }
            }
        }
        return findings
    }
}
