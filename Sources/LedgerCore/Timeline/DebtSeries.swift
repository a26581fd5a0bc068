import LedgerPlatform
import LedgerModel
import LedgerStore

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
