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

/// Toggle debt over time, one figure per week (per several weeks when the window spans more
/// than ``maximumPeriods`` weeks), computed in one replay of the log.
package struct DebtSeries: Sendable, Hashable {
    /// One period, from Monday 00:00 UTC to the next period's start (the last one ends at the
    /// end of the replay).
    public struct Period: Sendable, Hashable {
        public var start: Timestamp
        public var end: Timestamp
        /// Live toggles at the end of the period whose category has a lifetime or that have
        /// an expiry date: those meant to go.
        public var liveTemporary: Int
        /// Live toggles stale at the end of the period.
        public var stale: Int
        /// The time toggles spent stale during the period, summed over toggles, in days: 3
        /// toggles stale all week make 21.
        public var overdueToggleDays: Double
    }

    /// At most this many periods: a longer window groups weeks.
    public static let maximumPeriods = 260

    /// 7, or a multiple of 7 for long windows.
    public var periodDays: Int
    public var periods: [Period]

    public init(periodDays: Int, periods: [Period]) {
        self.periodDays = periodDays
        self.periods = periods
    }

    /// The Monday (UTC) of the week `date` falls in. 1970-01-01 was a Thursday.
    public static func weekStart(of date: CalendarDate) -> CalendarDate {
        let weekday = floorModulo(date.daysSince1970 + 3, 7)  // 0 = Monday
        return date.adding(days: -weekday)
    }

    /// The period length, in days, for a window from `start` to `end`: a week, or as many
    /// weeks as keep the series within ``maximumPeriods``.
    public static func periodDays(from start: Timestamp, to end: Timestamp) -> Int {
        let first = weekStart(of: start.date).daysSince1970
        let days = max(end.date.daysSince1970 - first + 1, 1)
        let weeks = (days + 6) / 7
        let grouped = (weeks + Int64(maximumPeriods) - 1) / Int64(maximumPeriods)
        return Int(max(grouped, 1)) * 7
    }

    private static func floorModulo(_ value: Int64, _ divisor: Int64) -> Int64 {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

/// One life of a toggle, from its `created` event to its `removed` event (or to the end of
/// the replay), as a replay saw it: the stages it went through, its expiry date and each
/// extension of it. A name removed and created again has two lifespans.
package struct ToggleLifespan: Sendable, Hashable {
    /// The toggle entered `stage` at `at` and stayed in it until the next change.
    public struct StageChange: Sendable, Hashable {
        public var at: Timestamp
        public var stage: ToggleStage
    }

    /// An `expiry-extended` event: the expiry date moved from `from` (nil: there was none)
    /// to `to`.
    public struct Extension: Sendable, Hashable {
        public var at: Timestamp
        public var from: CalendarDate?
        public var to: CalendarDate
        public var reason: String
    }

    /// A `code-removed` event: the toggle left the code in `appVersion`, while older
    /// versions kept reading its remote parameter.
    public struct CodeRemoval: Sendable, Hashable {
        public var at: Timestamp
        public var appVersion: AppVersion
        public var reason: String?
    }

    public var name: String
    public var kind: ToggleKind
    public var category: String
    public var owner: String?
    public var description: String?
    public var createdAt: Timestamp
    public var removedAt: Timestamp?
    public var removalReason: String?
    /// The stages in order, the first at ``createdAt``; never ``ToggleStage/removed`` (the
    /// lifespan ends at ``removedAt``, or waits for retirement from ``codeRemoval``, instead).
    public var stages: [StageChange]
    /// The expiry date at creation, and the moves of it since.
    public var initialExpiry: CalendarDate?
    public var extensions: [Extension]
    /// The lifetime of its category under the policy (the fallback's when the category is
    /// unknown); nil when permanent.
    public var lifetimeDays: Int?
    /// When it became stale, if it is live (or waiting for retirement) and stale at the end of
    /// the replay.
    public var staleSince: Timestamp?
    /// Set when the toggle was removed from the code by app version: from then on the
    /// lifespan goes on, waiting for retirement, until its parameter is no longer served
    /// (``removedAt``: retired or unpublished).
    public var codeRemoval: CodeRemoval? = nil
    /// The last `resolved` event that set another expiry date than the one in force (a
    /// resolution sets the whole definition): `at` and the date it set (nil: none).
    public var resolvedExpiry: ResolvedExpiry? = nil

    /// The expiry date a `resolved` event set, and when.
    public struct ResolvedExpiry: Sendable, Hashable {
        public var at: Timestamp
        public var expires: CalendarDate?
    }

    public var isLive: Bool { removedAt == nil }
    public var isStale: Bool { staleSince != nil }
    /// Removed from the code, its parameter still served at the end of the replay.
    public var isWaitingForRetirement: Bool { codeRemoval != nil && removedAt == nil }
    /// The expiry date at the end of the lifespan.
    public var expires: CalendarDate? {
        // A resolution after the last extension moved the date; a later extension moves it again.
        if let resolvedExpiry, extensions.last.map({ $0.at <= resolvedExpiry.at }) ?? true { return resolvedExpiry.expires }
        return extensions.last?.to ?? initialExpiry
    }
    /// When the category's lifetime ends, nil when permanent.
    public var lifetimeEndsAt: Timestamp? { lifetimeDays.map { createdAt.adding(days: $0) } }

    /// The stage at `instant` (within the lifespan).
    public func stage(at instant: Timestamp) -> ToggleStage {
        var current = stages.first?.stage ?? .inDevelopment
        for change in stages {
            if change.at > instant { break }
            current = change.stage
        }
        return current
    }
}
