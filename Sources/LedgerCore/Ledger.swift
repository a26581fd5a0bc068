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

/// The result of a replay.
public struct Replay: Sendable {
    public var projection: Projection
    public var summary: ReadSummary
    /// Whether the checkpoint stood in for part of the log, or why every event was read.
    package var path: ReplayPath
}

extension ReplaySnapshot {
    /// The snapshot of a replay.
    public init(_ replay: Replay) {
        let projection = replay.projection
        let (toggles, creationSites) = projection.sortedTogglesWithSites
        self.init(
            toggles: toggles, creationSites: creationSites, violations: projection.violations,
            unknownTypes: projection.unknownTypes, eventCount: projection.eventCount, summary: replay.summary,
            path: replay.path, supportedVersions: projection.supportedVersions)
    }
}

extension Ledger {
    /// The state of every toggle after replaying the log, up to and including `until`.
    ///
    /// Without an observer only the answer matters, so the log's checkpoint may stand in for
    /// the events it covers (``ReplayOptions/usesCheckpoint``). An observer is shown every
    /// event, which a checkpoint cannot do: passing `observe` always reads the whole log, and
    /// the result's ``Replay/path`` says so (`.full(.observed)`).
    public func replay(until: Timestamp? = nil, observe: ((LoggedEvent) -> Void)? = nil) throws -> Replay {
        guard let observe else { return try checkpointedReplay(until: until) }
        var projection = Projection()
        let summary = try reader.read(segments: try reader.segments(), until: until, prefetch: { projection.prefetch(slot: $0) }) { logged in
            observe(logged)
            projection.apply(logged)
        }
        return Replay(projection: projection, summary: summary, path: .full(.observed))
    }

    /// The state of every toggle after replaying the log up to and including `until`, sorted
    /// by name: the same answer as ``replay(until:observe:)``, from the log's checkpoint when
    /// it can stand in for a prefix of the log.
    ///
    /// - Parameter includingRemoved: false to leave removed toggles out of
    ///   ``ReplaySnapshot/toggles`` (a report judges live toggles only, and those still served
    ///   to older app versions, ``ToggleState/isInUse``); restoring it is then
    ///   cheaper still.
    package func snapshot(until: Timestamp? = nil, includingRemoved: Bool = true) throws -> ReplaySnapshot {
        let usable = try usableCheckpoint(until: until)
        if case .success(let usable) = usable,
            let snapshot = try checkpointedSnapshot(usable, until: until, includingRemoved: includingRemoved)
        {
            return snapshot
        }
        // Replayed as replay(until:) does: its own look at the checkpoint folds onto the
        // projection (indexed by name), which bounds nothing.
        var snapshot = ReplaySnapshot(try checkpointedReplay(until: until))
        if !includingRemoved { snapshot.dropRemoved() }
        return snapshot
    }

    /// A checkpoint that matches the log's files, with the listing and the positions of the
    /// segments added since; or why the replay must read every event.
    private func usableCheckpoint(until: Timestamp?) throws -> Result<UsableCheckpoint, FullReplayFallback> {
        guard let store = options.checkpointStore(log: reader.directory) else { return .failure(FullReplayFallback(.checkpointOff)) }
        let (segments, identities) = try SegmentDiscovery.listing(in: reader.directory, displayName: reader.displayName)
        let logBytes = identities.reduce(Int64(0)) { $0 + ($1?.size ?? 0) }
        guard var checkpoint = ReplayCheckpoint.load(from: store, displayName: reader.displayName, logBytes: logBytes) else {
            return .failure(FullReplayFallback(.noCheckpoint, segments, identities))
        }
        guard until.map({ $0 >= checkpoint.lastKey.at }) ?? true else {
            return .failure(FullReplayFallback(.untilBeforeCheckpoint, segments, identities))
        }
        guard let added = checkpoint.addedSegments(in: segments, identities: identities) else {
            return .failure(FullReplayFallback(.coveredSegmentChanged, segments, identities))
        }
        let covered = checkpoint.segments.reduce(Int64(0)) { $0 + $1.identity.size }
        let addedBytes = added.reduce(Int64(0)) { $0 + (identities[$1]?.size ?? 0) }
        // Far behind: replay in full instead, which refreshes the checkpoint.
        guard addedBytes <= max(options.checkpointMinimumLogBytes, covered / 4) || until != nil else {
            return .failure(FullReplayFallback(.farBehind, segments, identities))
        }
        return .success(UsableCheckpoint(checkpoint: checkpoint, store: store, segments: segments, identities: identities, added: added))
    }

    /// Replays the log, from the checkpoint when it can stand in for a prefix of the log,
    /// otherwise in full (then writing a fresh checkpoint when the log is big enough).
    private func checkpointedReplay(until: Timestamp?) throws -> Replay {
        var fallback: FullReplayFallback
        switch try usableCheckpoint(until: until) {
        case .success(let usable):
            if var projection = try? usable.checkpoint.projection(displayName: reader.displayName) {
                var summary = ReadSummary(segmentCount: 0)
                do {
                    _ = try usable.checkpoint.foldAdded(
                        by: reader, segments: usable.segments, added: usable.added, until: until, summary: &summary
                    ) { projection.apply($0) }
                    usable.saveIfRefreshed(reader)
                    return Replay(projection: projection, summary: summary, path: .checkpoint)
                } catch is CheckpointSuperseded {
                    fallback = FullReplayFallback(.superseded, usable.segments, usable.identities)
                }
            } else {
                fallback = FullReplayFallback(.noCheckpoint, usable.segments, usable.identities)
            }
        case .failure(let reason):
            fallback = reason
        }
        return try fullReplay(until: until, fallback)
    }

    /// Reads every event, and writes a fresh checkpoint when the log is big enough.
    private func fullReplay(until: Timestamp?, _ fallback: FullReplayFallback) throws -> Replay {
        let path = ReplayPath.full(fallback.reason)
        guard let store = options.checkpointStore(log: reader.directory) else {
            // Neither read nor written: no need to learn the segments' sizes and identities.
            var projection = Projection()
            let summary = try reader.read(segments: try reader.segments(), until: until, prefetch: { projection.prefetch(slot: $0) }) { logged in
                projection.apply(logged)
            }
            return Replay(projection: projection, summary: summary, path: path)
        }
        let (segments, identities) =
            try fallback.listing
            ?? SegmentDiscovery.listing(in: reader.directory, displayName: reader.displayName)
        var projection = Projection()
        let total = identities.reduce(Int64(0)) { $0 + ($1?.size ?? 0) }
        // With `until` (`check --now`, `--at`) too: when no event was after it, the replay read
        // the whole log, and the checkpoint is the same (`check` keeps it current in CI).
        let writeCheckpoint = total >= options.checkpointMinimumLogBytes
        var ids = IDBloomFilter(capacity: writeCheckpoint ? Int(total / 100) : 0)
        let summary = try reader.read(segments: segments, until: until, prefetch: { projection.prefetch(slot: $0) }) { logged in
            if writeCheckpoint { ids.insert(logged.event.id) }
            projection.apply(logged)
        }
        if writeCheckpoint, !summary.stoppedAtUntil, let lastKey = summary.lastKey, ids.capacity >= summary.eventCount,
            summary.warnings.allSatisfy({ if case .duplicateID = $0 { true } else { false } })
        {
            var coveredSegments: [ReplayCheckpoint.CoveredSegment] = []
            coveredSegments.reserveCapacity(segments.count)
            for (segment, listed) in zip(segments, identities) {
                // The identity as listed before the replay read it, and again after hashing:
                // a file changing meanwhile is not covered.
                guard let listed, let hash = try? SegmentHash.hash(file: segment.path),
                    SystemCalls.identity(segment.path) == listed
                else { return Replay(projection: projection, summary: summary, path: path) }
                coveredSegments.append(.init(relativePath: segment.relativePath, identity: listed, contentHash: hash))
            }
            ReplayCheckpoint.save(
                segments: coveredSegments, lastKey: lastKey, summary: summary, ids: ids, projection: projection,
                to: store, displayName: reader.displayName)
        }
        return Replay(projection: projection, summary: summary, path: path)
    }

    /// ``snapshot(until:includingRemoved:)`` restored from the checkpoint without indexing its
    /// toggles by name; nil when the checkpoint cannot stand in for a prefix of the log, or too
    /// many events were added since to keep them in memory.
    private func checkpointedSnapshot(_ usable: UsableCheckpoint, until: Timestamp?, includingRemoved: Bool) throws -> ReplaySnapshot? {
        var summary = ReadSummary(segmentCount: 0)
        // The added events, kept to be folded once the snapshot is restored; past a bound the
        // projection (indexed by name) is the better base.
        var events: [LoggedEvent] = []
        do {
            _ = try usable.checkpoint.foldAdded(
                by: reader, segments: usable.segments, added: usable.added, until: until, summary: &summary,
                maximumEvents: ReplayCheckpoint.maximumSnapshotEvents
            ) { events.append($0) }
        } catch is CheckpointSuperseded {
            return nil
        }
        let named = includingRemoved ? [] : Set(events.map(\.event.toggle))
        guard
            var snapshot = try? usable.checkpoint.snapshot(
                displayName: reader.displayName, summary: summary, includingRemoved: includingRemoved, keeping: named)
        else { return nil }
        snapshot.apply(events)
        if !includingRemoved { snapshot.dropRemoved() }
        usable.saveIfRefreshed(reader)
        return snapshot
    }

    /// The replay an append validates against, from the checkpoint, with the events already
    /// in the log under any of the keys of `ids`. Nil when there is no usable checkpoint or
    /// the ids it may have seen cannot be settled without one (then the caller replays in
    /// full); `whyNot` then says why.
    func replayForAppend<Value>(
        probing ids: [String: Value], whyNot: inout FullReplayReason
    ) throws -> (replay: Replay, found: [String: Event])? {
        guard let store = options.checkpointStore(log: reader.directory) else {
            whyNot = .checkpointOff
            return nil
        }
        let (segments, identities) = try SegmentDiscovery.listing(in: reader.directory, displayName: reader.displayName)
        let logBytes = identities.reduce(Int64(0)) { $0 + ($1?.size ?? 0) }
        guard var checkpoint = ReplayCheckpoint.load(from: store, displayName: reader.displayName, logBytes: logBytes) else {
            whyNot = .noCheckpoint
            return nil
        }
        guard let added = checkpoint.addedSegments(in: segments, identities: identities) else {
            whyNot = .coveredSegmentChanged
            return nil
        }
        whyNot = .superseded
        guard var projection = try? checkpoint.projection(displayName: reader.displayName) else { return nil }
        // The ids the filter may have seen (a retried batch, or 1–2% of fresh ids) are looked
        // up in the covered segments' bytes, with the added events' own.
        let maybeSeen = Set(ids.keys.filter { checkpoint.ids.mayContain($0) })
        var foundInAdded: [String: Event] = [:]
        var summary = ReadSummary(segmentCount: 0)
        let foundInCovered: [String: Event]
        do {
            foundInCovered = try checkpoint.foldAdded(
                by: reader, segments: segments, added: added, until: nil, summary: &summary, lookingUp: maybeSeen
            ) { logged in
                if ids[logged.event.id] != nil { foundInAdded[logged.event.id] = logged.event }
                projection.apply(logged)
            }
        } catch is CheckpointSuperseded {
            return nil
        }
        if checkpoint.refreshed { checkpoint.saveRefreshed(to: store, displayName: reader.displayName) }
        let replay = Replay(projection: projection, summary: summary, path: .checkpoint)
        return (replay, foundInCovered.merging(foundInAdded) { covered, _ in covered })
    }
}

/// A checkpoint that matches the log's current files.
private struct UsableCheckpoint {
    package var checkpoint: ReplayCheckpoint
    package var store: CheckpointStore
    package var segments: [Segment]
    package var identities: [SystemCalls.FileIdentity?]
    /// Positions in `segments` of those added since the checkpoint.
    package var added: [Int]

    /// Records covered segments' new identities, once their content proved them unchanged.
    func saveIfRefreshed(_ reader: LogReader) {
        if checkpoint.refreshed { checkpoint.saveRefreshed(to: store, displayName: reader.displayName) }
    }
}

/// Why a replay reads every event, with the listing already made, if any.
private struct FullReplayFallback: Error {
    package var reason: FullReplayReason
    package var listing: (segments: [Segment], identities: [SystemCalls.FileIdentity?])?

    init(_ reason: FullReplayReason, _ segments: [Segment]? = nil, _ identities: [SystemCalls.FileIdentity?]? = nil) {
        self.reason = reason
        if let segments, let identities { listing = (segments, identities) }
    }
}

/// How a ``Ledger`` replays: passed in by the caller (the command line builds it from its
/// flags and environment), never read from the environment by the library.
package struct ReplayOptions: Sendable, Equatable {
    /// Whether replays may read and write the checkpoint; off, every replay is a full one (to
    /// measure it, or to rule the checkpoint out).
    public var usesCheckpoint: Bool
    /// This machine's folder of checkpoints (the command line's is `~/.cache/toggles`), outside
    /// any repository: a checkpoint is never kept where git could carry it
    /// (``CheckpointStore``). Nil: no checkpoint is read or written.
    public var checkpointFolder: String?
    /// A full replay writes a checkpoint only for logs of at least this many bytes: smaller
    /// ones replay fast enough without.
    public var checkpointMinimumLogBytes: Int64
    /// When a large log's merge runs on a second thread.
    public var parallelMerge: ParallelMerge

    public init(
        usesCheckpoint: Bool = true, checkpointMinimumLogBytes: Int64 = ReplayOptions.defaultCheckpointMinimumLogBytes,
        parallelMerge: ParallelMerge = ParallelMerge(), checkpointFolder: String? = nil
    ) {
        self.usesCheckpoint = usesCheckpoint
        self.checkpointFolder = checkpointFolder
        self.checkpointMinimumLogBytes = checkpointMinimumLogBytes
        self.parallelMerge = parallelMerge
    }

    /// 4 MB.
    public static let defaultCheckpointMinimumLogBytes = ReplayCheckpoint.defaultMinimumLogBytes

    /// Where this ledger's checkpoint is, when one may be read or written.
    func checkpointStore(log directory: String) -> CheckpointStore? {
        usesCheckpoint ? CheckpointStore(log: directory, folder: checkpointFolder) : nil
    }
}

extension Ledger {
    /// The conflicts of the toggles named (open and settled), found by folding their events
    /// up to `until`. Read only when a replay reported a conflict: the projection keeps the
    /// overruled events, this names the events that stand against them.
    /// - Returns: the conflicts, and the state of each toggle named (removed ones too).
    package func conflicts(of toggles: Set<String>, until: Timestamp? = nil) throws -> (conflicts: [Conflict], states: [String: ToggleState]) {
        guard !toggles.isEmpty else { return ([], [:]) }
        var tracker = ConflictTracker()
        _ = try reader.read(until: until) { logged in
            if toggles.contains(logged.event.toggle) { _ = tracker.apply(logged) }
        }
        var states = tracker.tracker.toggles.merging(tracker.voidedCreationStates) { live, _ in live }
        if toggles.contains(Event.appToggle), let first = tracker.tracker.supportedVersions.changes.first {
            states[Event.appToggle] = ToggleState.logWide(tracker.tracker.supportedVersions, since: first)
        }
        return (tracker.conflicts, states)
    }

    /// The open conflicts of the replay `snapshot` made of this log at `until`, with the
    /// state of their toggles.
    package func openConflicts(in snapshot: ReplaySnapshot, until: Timestamp? = nil) throws -> (conflicts: [Conflict], states: [String: ToggleState]) {
        let found = try conflicts(of: snapshot.conflictedToggles, until: until)
        return (found.conflicts.filter { $0.resolvedBy == nil }, found.states)
    }
}

extension ReplaySnapshot {
    /// The toggles with an open conflict: an overruled event no resolution settled yet.
    public var conflictedToggles: Set<String> {
        Set(violations.lazy.filter(\.violation.isConflict).map(\.violation.toggle))
    }
}

extension StaleReport {
    /// Adds a `conflict` reason to the toggle of each open conflict; a removed toggle in a
    /// conflict (its removal stood) gets an entry of its own, so the gate still sees it.
    package mutating func include(conflicts: [Conflict], toggles: [String: ToggleState]) {
        guard !conflicts.isEmpty else { return }
        for conflict in conflicts {
            let reason = { (state: ToggleState) in
                StaleReason(
                    code: .conflict, days: 0, since: state.updatedAt,
                    category: state.definition.category, owner: state.definition.owner, toggle: conflict.toggle, conflict: conflict)
            }
            if let index = entries.firstIndex(where: { $0.name == conflict.toggle }) {
                entries[index].reasons.append(reason(entries[index].toggle))
            } else if let state = toggles[conflict.toggle] {
                entries.append(
                    Entry(
                        toggle: state, reasons: [reason(state)], ageDays: StalePolicy.wholeDays(from: state.createdAt, to: asOf),
                        stageDays: StalePolicy.wholeDays(from: state.stageSince, to: asOf), lifetimeDays: nil, categoryIsKnown: true, declaredAt: nil))
            }
        }
        // Stale entries first, by name within each group, as the report orders them.
        entries.sort { lhs, rhs in
            lhs.isStale != rhs.isStale ? lhs.isStale : utf8Precedes(lhs.name, rhs.name)
        }
    }
}

extension ToggleState {
    /// The minimum supported version as a state the stale report can carry: a conflict of
    /// the log-wide events (toggle `_app`) is reported, and gated on, like a toggle's. Its
    /// "default" is the minimum in force; the report's counts leave it out (it is no toggle).
    static func logWide(_ supported: SupportedVersions, since first: SupportedVersions.Change) -> ToggleState {
        let definition = ToggleDefinition(
            kind: .build, valueType: .string, defaultValue: .string(supported.minimum?.text ?? "none"), category: "log-wide",
            owner: nil, description: "the minimum supported app version", expires: nil)
        return ToggleState(
            name: Event.appToggle, definition: definition, createdAt: first.at, createdBy: first.actor,
            updatedAt: supported.since ?? first.at, eventCount: supported.changes.count, stageSince: first.at,
            baselineValue: definition.defaultValue)
    }
}
