import LedgerPlatform
import LedgerModel
import LedgerStore
/// A log directory and everything done with it: replay, history, validated appends.
///
/// This is the library's front door. It never prints and never exits; it returns values
/// and throws ``LogError`` (the log cannot be read or written) or ``LedgerError``.
public struct Ledger: Sendable {
    package let reader: LogReader
    /// Writes only under the façade: an append validates before it writes, holding the lock.
    /// Made when an append asks for it: a replay or a report never writes, so it never
    /// builds one (the writer holds nothing but the reader's directory and name).
    package var writer: LogWriter { LogWriter(directory: reader.directory, displayName: reader.displayName) }
    /// How replays run: the checkpoint, its threshold, the read threads.
    package let options: ReplayOptions

    /// - Parameters:
    ///   - directory: the log directory (`events`).
    ///   - displayName: how messages name it; defaults to `directory`.
    public init(directory: String, displayName: String? = nil) {
        self.init(directory: directory, displayName: displayName, options: ReplayOptions())
    }

    /// - Parameter options: how replays run (``ReplayOptions``): the CLI's and the tests' knobs.
    package init(directory: String, displayName: String? = nil, options: ReplayOptions) {
        reader = LogReader(directory: directory, displayName: displayName, parallelMerge: options.parallelMerge)
        self.options = options
    }

    /// The events of one toggle, in replay order.
    public func history(of toggle: String) throws -> (events: [LoggedEvent], summary: ReadSummary) {
        var events: [LoggedEvent] = []
        let summary = try reader.read { logged in
            if logged.event.toggle == toggle { events.append(logged) }
        }
        return (events, summary)
    }

    /// Validates `events` against the log and appends them as one segment, all or nothing,
    /// holding the log's lock from the check to the write.
    ///
    /// An event whose id is already in the log is a no-op (a retried CI job), provided it
    /// names the same toggle and type. Events may be backdated with their `at`; they are
    /// checked at that instant and must not make any later event invalid. Torn tails left
    /// by killed writers are repaired before writing.
    ///
    /// The events are taken over (`consuming`): a caller that passes its last reference lets
    /// a big batch be sorted in place rather than copied.
    ///
    /// Events listed in `dating` came without an instant: the writer dates them, after the
    /// log's last event and the batch's earlier events (``WriterDating``).
    ///
    /// Every event must first pass ``WriteRules`` (its id, its line's depth, and, given the
    /// writer's clock `now`, its instant), so nothing is written that a reader refuses.
    /// The steps are ``AppendPlan``'s.
    public func append(_ events: consuming [Event], now: Timestamp? = nil) throws -> AppendOutcome {
        try append(consume events, dating: nil, now: now)
    }

    /// ``append(_:now:)``, the writer dating the events listed in `dating` (the CLI's
    /// undated events).
    package func append(_ events: consuming [Event], dating: WriterDating?, now: Timestamp? = nil) throws -> AppendOutcome {
        var batch = consume events
        let unwritable = AppendPlan.writeRuleViolations(batch, now: now)
        guard unwritable.isEmpty else { throw LedgerError.rejected(unwritable) }
        return try writer.withLock(creatingDirectory: true) { () throws -> AppendOutcome in
            var owned: [Event] = []
            swap(&owned, &batch)
            return try AppendPlan.run(consume owned, dating: dating, on: self)
        }
    }
}

/// What an append did.
public struct AppendOutcome: Sendable {
    /// Events written, in replay order.
    public var written: [Event]
    /// Events skipped because their id was already in the log, each with the event sent.
    package var resent: [ResentEvent]
    /// Events skipped because their id was already in the log (as found there).
    public var alreadyRecorded: [Event] { resent.map(\.recorded) }
    /// The new segment, or nil when nothing was written.
    public var segment: String?
    /// Torn tails repaired before writing.
    public var repairs: [String]
    /// Warnings from reading the log.
    public var warnings: [LogWarning]
    /// How the log's history was read to validate the batch: from the checkpoint, or in full.
    var historyPath: ReplayPath
}

/// Why an append was refused.
public enum LedgerError: Error, Sendable, CustomStringConvertible {
    /// One or more events break lifecycle rules; nothing was written.
    case rejected([LifecycleViolation])

    public var description: String {
        switch self {
        case .rejected(let violations): violations.map(\.description).joined(separator: "\n")
        }
    }
}
