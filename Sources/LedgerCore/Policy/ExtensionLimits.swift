import LedgerPlatform
import LedgerModel
/// How far a category's toggles may be snoozed: the policy file's optional `maxExtensions`
/// and `maxLifetimeDays` of a category. A toggle past either is `over-extended`, whatever its
/// expiry date says: extending an expiry date forever is the failure mode it exists to stop.
///
/// - `maxExtensions`: a toggle extended more times than this (`expiry-extended` events of its
///   current life) is over-extended from that extension on.
/// - `maxLifetimeDays`: a toggle with an expiry date that is older than this many days is
///   over-extended, however far its date has been moved: the category's lifetime with every
///   extension included. A toggle with no date is judged by the category's `lifetimeDays`
///   (`over-lifetime`), which the policy file requires to be shorter.
package struct ExtensionLimits: Sendable, Hashable {
    public var maxExtensions: Int?
    public var maxLifetimeDays: Int?

    public init(maxExtensions: Int? = nil, maxLifetimeDays: Int? = nil) {
        self.maxExtensions = maxExtensions
        self.maxLifetimeDays = maxLifetimeDays
    }

    public var isEmpty: Bool { maxExtensions == nil && maxLifetimeDays == nil }

    /// When a live toggle becomes `over-extended` if nothing changes: at `tooManyAt`, the
    /// extension one past `maxExtensions`, or, with an expiry date, the nanosecond after its
    /// lifetime with extensions ends; nil when neither applies. The deadline a replay follows
    /// (the HTML timeline), agreeing with ``overExtended(expires:createdAt:extensions:now:category:owner:)``.
    func overExtendedSince(expires: CalendarDate?, createdAt: Timestamp, tooManyAt: Timestamp?) -> Timestamp? {
        var capEnds: Timestamp?
        if let maxLifetimeDays, expires != nil { capEnds = StalePolicy.justAfter(createdAt.adding(days: maxLifetimeDays)) }
        return StalePolicy.earlier(maxExtensions == nil ? nil : tooManyAt, capEnds)
    }

    /// The `over-extended` reason of a live toggle at `now`, nil when within the limits.
    package func overExtended(
        expires: CalendarDate?, createdAt: Timestamp, extensions: ExtensionTally, now: Timestamp,
        category: @autoclosure () -> String, owner: @autoclosure () -> String?
    ) -> StaleReason? {
        let tooMany = maxExtensions.map { extensions.count > $0 } ?? false
        var deadline: Timestamp?
        if let maxLifetimeDays, expires != nil {
            let end = createdAt.adding(days: maxLifetimeDays)
            if now > end { deadline = end }
        }
        guard tooMany || deadline != nil else { return nil }
        // The clock starts at the end of the extended lifetime, or at the extension too many.
        let since = deadline ?? extensions.lastAt ?? createdAt
        return StaleReason(
            code: .overExtended, days: deadline.map { StalePolicy.wholeDays(from: $0, to: now) } ?? 0, since: since,
            limitDays: deadline == nil ? nil : maxLifetimeDays, expires: expires, category: category(), owner: owner(),
            extensions: extensions, limitExtensions: tooMany ? maxExtensions : nil)
    }
}
