import LedgerPlatform
import LedgerModel
import LedgerStore

/// The life of every toggle in a window of time and the toggle debt of each week, from one
/// replay of the log (``Ledger/timeline(until:since:policy:)``): what the HTML report draws.
package struct LedgerTimeline: Sendable {
    /// The window: from `since` (or the log's first event) to the replay's end (`now`).
    public var start: Timestamp
    public var end: Timestamp
    /// Every lifespan that overlaps the window: those stale at ``end`` first, then the other
    /// live ones, then the removed ones, each group by creation.
    public var lifespans: [ToggleLifespan]
    public var debt: DebtSeries

    public init(start: Timestamp, end: Timestamp, lifespans: [ToggleLifespan], debt: DebtSeries) {
        self.start = start
        self.end = end
        self.lifespans = lifespans
        self.debt = debt
    }
}

extension Ledger {
    /// Replays the log once, up to and including `until`, recording every toggle's lifespan
    /// and the weekly debt under `policy`; also returns the snapshot at `until` (removed
    /// toggles included), from which the stale report is judged.
    ///
    /// It sees every event, so the checkpoint cannot stand in for any of them (the path is
    /// `.full(.observed)`).
    /// - Parameter since: the start of the window; nil for the log's first event. Must not be
    ///   after `until`.
    package func timeline(until: Timestamp, since: Timestamp? = nil, policy: StalePolicy) throws -> (timeline: LedgerTimeline, snapshot: ReplaySnapshot) {
        var fold = TimelineFold(recorder: LifespanRecorder(policy: policy, since: since, end: until))
        let summary = try reader.read(segments: try reader.segments(), until: until, prefetch: { fold.prefetch(slot: $0) }) { logged in
            fold.apply(logged)
        }
        let replay = Replay(projection: fold.projection, summary: summary, path: .full(.observed))
        return (fold.recorder.finish(), ReplaySnapshot(replay))
    }
}

/// The projection and the recorder side by side in one value, so that each event reaches the
/// recorder with the projection lent in place: a closure that captured the two separately
/// copied the whole projection (retaining every array in it) on every event.
private struct TimelineFold {
    var projection = Projection()
    var recorder: LifespanRecorder

    // Mutating, though it changes nothing: a non-mutating call through the closure's
    // capture copied the whole fold.
    mutating func prefetch(slot: Int32) {
        projection.prefetch(slot: slot)
        recorder.prefetch(slot: slot)
    }

    mutating func apply(_ logged: borrowing LoggedEvent) {
        let skipped = projection.violationCount
        projection.apply(logged)
        // A skipped event (it broke a lifecycle rule) or an unknown type changed nothing. A
        // resolution that settles conflicts lowers the count (it was applied); a log-wide
        // change is recorded even in a conflict (the timeline reads the minimum in force).
        guard projection.violationCount <= skipped || logged.event.change.isLogWide else { return }
        if case .unknown = logged.event.change { return }
        // Voided events (and the `voided` events themselves) change nothing: the timeline
        // must not fold what `state` never saw.
        if projection.passedOver(logged.event) { return }
        recorder.record(logged, in: projection)
    }
}
