import LedgerPlatform
import LedgerModel
import LedgerStore
/// What `toggles audit` reports about a log: every finding with its severity, the counts
/// read, and (when the history was checked) what git's history proves. The CLI only picks
/// how to print it and which exit status it means.
public struct LogAudit: Sendable {
    public var findings: [AuditFinding]
    public var summary: ReadSummary
    public var toggleCount: Int
    /// What the git history proves, when it was checked.
    package private(set) var history: GitHistoryReport?

    public var errorCount: Int { findings.reduce(0) { $0 + ($1.isError ? 1 : 0) } }
    public var isValid: Bool { errorCount == 0 }

    /// Adds what the git history proves: a shallow clone and every edited or deleted line
    /// are errors.
    package mutating func include(_ history: GitHistoryReport) {
        if history.shallow {
            findings.append(
                AuditFinding(
                    severity: .error, location: "",
                    message: """
                        the repository is a shallow clone: the commits before its oldest one are missing, so --git cannot \
                        prove the log was only appended to; fetch the whole history with `git fetch --unshallow` \
                        (in GitHub Actions: `fetch-depth: 0` on actions/checkout)
                        """))
        }
        for path in history.trackedCheckpoints {
            findings.append(
                AuditFinding(
                    severity: .error, location: path,
                    message: """
                        \(path) is tracked by git: a replay checkpoint is a cache of one machine and never comes from the \
                        repository (toggles keeps its own outside it and never reads this file), so this one was committed on \
                        purpose, or by mistake; remove it with `git rm --cached \(path)`
                        """))
        }
        for finding in history.findings {
            findings.append(AuditFinding(severity: .error, location: finding.location, message: finding.description))
        }
        self.history = history
    }
}

extension Ledger {
    /// Reads every event of the log (no checkpoint stands in: the rules a writer applies are
    /// checked on what the log holds, whoever wrote it) and classifies what is wrong.
    /// - Parameters:
    ///   - now: events dated after this (beyond the clock-skew allowance) are findings.
    ///   - strict: warnings count as errors.
    public func audit(now: Timestamp, strict: Bool) throws -> LogAudit {
        var unwritable: [AuditFinding] = []
        var voids = VoidPlacement()
        let replay = try replay { logged in
            if let finding = LogAudit.unwritable(logged, now: now, strict: strict) { unwritable.append(finding) }
            voids.observe(logged)
        }
        let findings =
            unwritable + voids.finish()
            + LogAudit.classify(
                warnings: replay.summary.warnings, violations: replay.projection.violations,
                unknownTypes: replay.projection.unknownTypes, strict: strict)
        return LogAudit(findings: findings, summary: replay.summary, toggleCount: replay.projection.toggles.count)
    }
}

extension LogAudit {
    /// The one classification of what a replay noticed: reused ids and events breaking a
    /// lifecycle rule are errors; damaged last lines and unknown event types are warnings
    /// (errors when `strict`). `toggles check` refuses to judge a log with errors.
    /// - Parameter skipped: replay already skipped the events (`check`, on a snapshot) rather
    ///   than skips them (`audit`); only the tense of the message differs.
    public static func classify(
        warnings: [LogWarning],
        violations: [(location: LineLocation?, violation: LifecycleViolation)],
        unknownTypes: [(location: LineLocation?, event: Event)],
        strict: Bool, skipped: Bool = false
    ) -> [AuditFinding] {
        let warning: AuditFinding.Severity = strict ? .error : .warning
        var findings: [AuditFinding] = []
        for logWarning in warnings {
            switch logWarning {
            case .duplicateID(_, _, let duplicate):
                findings.append(AuditFinding(severity: .error, location: duplicate.description, message: logWarning.description))
            case .tornTail(let location, _, _), .missingFinalNewline(let location, _):
                findings.append(AuditFinding(severity: warning, location: location.description, message: logWarning.description))
            }
        }
        for (location, violation) in violations where violation.isConflict {
            // Not an error: two valid branches merged make it, and replay has a rule for it.
            // A minimum version's description says its rule (the higher stands); the others keep the earlier side.
            let rule: String
            if case .concurrentMinimum = violation.reason { rule = "" } else { rule = "; replay keeps the earlier side" }
            findings.append(
                AuditFinding(
                    severity: .warning, location: location?.description ?? "",
                    message:
                        "\(location.map { "\($0): " } ?? "")conflict: \(violation.description)\(rule) (docs/log.md, Conflicts) until `toggles resolve \(violation.toggle)` settles it"
                ))
        }
        for (location, violation) in violations where !violation.isConflict {
            let consequence = skipped ? "replay skipped this event" : "replay skips this event"
            findings.append(
                AuditFinding(severity: .error, location: location?.description ?? "", message: "\(location.map { "\($0): " } ?? "")\(violation.description); \(consequence)"))
        }
        for (location, event) in unknownTypes {
            findings.append(
                AuditFinding(
                    severity: warning, location: location?.description ?? "",
                    message: "\(location.map { "\($0): " } ?? "")unknown event type \(JSONWriter.quoted(event.type)) (id \(event.id)); kept, ignored by replay"))
        }
        return findings
    }

    /// An event no command would write: an id outside the id rule, or an instant in the future.
    package static func unwritable(_ logged: LoggedEvent, now: Timestamp, strict: Bool) -> AuditFinding? {
        let event = logged.event
        let severity: AuditFinding.Severity = strict ? .error : .warning
        if let problem = EventID.problem(with: event.id) {
            return AuditFinding(
                severity: severity, location: logged.location.description,
                message: "\(logged.location): id \(JSONWriter.quoted(event.id)): \(problem); no command writes such an id")
        }
        if event.at > now.adding(seconds: WriteRules.clockSkewAllowance) {
            return AuditFinding(
                severity: severity, location: logged.location.description,
                message: "\(logged.location): \(event.type) \(event.toggle) is dated \(event.at), after now (\(now)); no command writes a future event")
        }
        return nil
    }
}
