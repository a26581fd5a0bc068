import LedgerModel
import LedgerStore

/// Checks, in replay order, that every `voided` event replays just before the event it
/// names, as `toggles void` writes it (the voided event's instant, the id `!void-ID`, which
/// sorts first). Replay passes over an event only when its void came first: a hand-written
/// void dated or named otherwise is kept in the log and silently does nothing, so `audit`
/// names it. Voids are rare: only their targets are remembered.
struct VoidPlacement {
    /// Target id → the void waiting for it (its instant, its line).
    private var pending: [String: (at: Timestamp, void: LoggedEvent)] = [:]
    private(set) var findings: [AuditFinding] = []

    mutating func observe(_ logged: LoggedEvent) {
        if !pending.isEmpty, let waiting = pending.removeValue(forKey: logged.event.id), waiting.at != logged.event.at {
            report(waiting.void, "it is dated \(waiting.at), the event it names \(logged.event.at) (\(logged.location))")
        }
        if case .voided(let target, _) = logged.event.change { pending[target] = (logged.event.at, logged) }
    }

    /// The voids whose event never came after them: it replays before the void, or is not in
    /// the log.
    mutating func finish() -> [AuditFinding] {
        for (_, waiting) in pending.sorted(by: { utf8Precedes($0.key, $1.key) }) {
            report(waiting.void, "the event it names replays before it (or is not in the log)")
        }
        pending = [:]
        return findings
    }

    private mutating func report(_ void: LoggedEvent, _ problem: String) {
        guard case .voided(let target, _) = void.event.change else { return }
        findings.append(
            AuditFinding(
                severity: .error, location: void.location.description,
                message: """
                    \(void.location): voided \(void.event.toggle) (id \(JSONWriter.quoted(void.event.id))) names \(target), but \(problem); \
                    a void must replay just before the event it names (its instant and the id "!void-\(target)", as `toggles void` writes it), \
                    so replay does not pass over \(target)
                    """))
    }
}
