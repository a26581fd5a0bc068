import LedgerPlatform
import LedgerModel
import LedgerStore

extension StalePolicy {
    /// The first instant at which a live toggle in this state is stale, if no further event
    /// changes it: the earliest deadline among ``evaluate(_:now:)``'s reasons; nil when it
    /// never will be. `evaluate` at any `now` is non-empty exactly when `now >= staleSince`,
    /// so a replay can follow a toggle's debt without judging it at every instant.
    package func staleSince(
        expires: CalendarDate?, createdAt: Timestamp, stage: ToggleStage, stageSince: Timestamp, lifetime: Int?
    ) -> Timestamp? {
        var earliest: Timestamp?
        func consider(_ instant: Timestamp?) {
            guard let instant else { return }
            if earliest.map({ instant < $0 }) ?? true { earliest = instant }
        }
        // `expired` from the start of the expiry date (UTC) on, that instant included.
        if let expires {
            let start = expires.startOfDay
            consider(start == .latest ? nil : start)
        }
        // `over-lifetime` and `launched` once the deadline has passed: the next nanosecond.
        if expires == nil, let lifetime { consider(Self.justAfter(createdAt.adding(days: lifetime))) }
        if lifetime != nil, stage == .launched { consider(Self.justAfter(stageSince.adding(days: launchGraceDays))) }
        return earliest
    }

    /// The earlier of two deadlines, either of which may be absent.
    package static func earlier(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// The nanosecond after `instant`; nil for ``Timestamp/latest``, which nothing is after.
    static func justAfter(_ instant: Timestamp) -> Timestamp? {
        instant == .latest ? nil : Timestamp(nanoseconds: instant.nanoseconds + 1)
    }
}
