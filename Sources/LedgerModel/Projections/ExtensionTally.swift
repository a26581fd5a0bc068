/// How often a toggle's expiry date was moved, and by how many days in all: "extended 3
/// times, +120 days". Counted over the toggle's current life (a toggle created again after its
/// removal starts at zero), by the same fold as the rest of its state.
@usableFromInline package struct ExtensionTally: Sendable, Hashable {
    /// The number of `expiry-extended` events.
    public var count: Int
    /// The days the extensions added: each one's new date minus the date it replaced. An
    /// extension that gives a toggle its first date moved no date, so it counts but adds 0.
    public var days: Int
    /// The instant of the last extension, nil when never extended.
    public var lastAt: Timestamp?

    public init(count: Int = 0, days: Int = 0, lastAt: Timestamp? = nil) {
        self.count = count
        self.days = days
        self.lastAt = lastAt
    }

    /// Records an extension at `at` from `previous` (nil: the toggle had no date) to `expires`.
    @inlinable
    public mutating func record(from previous: CalendarDate?, to expires: CalendarDate, at: Timestamp) {
        count += 1
        if let previous { days += Int(expires.daysSince1970 - previous.daysSince1970) }
        lastAt = at
    }

    /// `extended 3 times, +120 days`; `never extended`.
    public var summary: String {
        switch count {
        case 0: "never extended"
        case 1: "extended once, +\(Self.days(days))"
        default: "extended \(count) times, +\(Self.days(days))"
        }
    }

    /// `3× +120d`, or `—` when never extended: for table cells.
    public var short: String { count == 0 ? "—" : "\(count)× +\(days)d" }

    private static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
