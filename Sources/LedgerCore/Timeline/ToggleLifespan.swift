import LedgerPlatform
import LedgerModel
import LedgerStore

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
