/// A toggle as the log says it is at some instant.
public struct ToggleState: Sendable, Hashable {
    public var name: String
    /// The declaration, with the current in-app default and expiry.
    public var definition: ToggleDefinition
    /// What the server serves, or nil when the toggle is not served remotely.
    public var remote: RemoteValue?
    public var remotePublishedAt: Timestamp?
    public var createdAt: Timestamp
    public var createdBy: String
    /// The instant of the last event that changed this toggle.
    public var updatedAt: Timestamp
    public var removedAt: Timestamp?
    public var removedBy: String?
    public var removalReason: String?
    /// From `code-removed`: the first app version shipped without the toggle's code. Older
    /// versions still read its remote parameter, which stays served until it is retired.
    public var removedInAppVersion: AppVersion?
    /// Why the expiry date was last moved, from `expiry-extended`.
    public var expiryExtensionReason: String?
    /// How often and by how much the expiry date was moved (`expiry-extended` events of this life).
    @usableFromInline package var extensions = ExtensionTally()
    /// How many events shaped this toggle.
    public var eventCount: Int
    /// The lifecycle stage after the last event, and the instant the toggle entered it.
    public var stage: ToggleStage = .inDevelopment
    public var stageSince: Timestamp = Timestamp(nanoseconds: 0)
    /// The in-app default declared at creation: what "off" means for a non-boolean toggle.
    public var baselineValue: JSONValue = .null

    @inlinable
    package init(
        name: String, definition: ToggleDefinition, remote: RemoteValue? = nil, remotePublishedAt: Timestamp? = nil, createdAt: Timestamp, createdBy: String, updatedAt: Timestamp,
        removedAt: Timestamp? = nil, removedBy: String? = nil, removalReason: String? = nil, removedInAppVersion: AppVersion? = nil, expiryExtensionReason: String? = nil,
        extensions: ExtensionTally = ExtensionTally(), eventCount: Int, stage: ToggleStage = .inDevelopment, stageSince: Timestamp = Timestamp(nanoseconds: 0),
        baselineValue: JSONValue = .null
    ) {
        self.name = name
        self.definition = definition
        self.remote = remote
        self.remotePublishedAt = remotePublishedAt
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.updatedAt = updatedAt
        self.removedAt = removedAt
        self.removedBy = removedBy
        self.removalReason = removalReason
        self.removedInAppVersion = removedInAppVersion
        self.expiryExtensionReason = expiryExtensionReason
        self.extensions = extensions
        self.eventCount = eventCount
        self.stage = stage
        self.stageSince = stageSince
        self.baselineValue = baselineValue
    }

    public var isLive: Bool { removedAt == nil }
    /// Removed from the code in an app version (``removedInAppVersion``) while its remote
    /// parameter is still served to the versions before it: waiting to be retired.
    public var awaitsRetirement: Bool { removedInAppVersion != nil && remote != nil && removedAt != nil }
    /// Live, or still served to older app versions (``awaitsRetirement``): what a report,
    /// a Remote Config export and a live-only snapshot keep.
    public var isInUse: Bool { removedAt == nil || awaitsRetirement }
    public var kind: ToggleKind { definition.kind }
    public var valueType: ValueType { definition.valueType }
    public var defaultValue: JSONValue { definition.defaultValue }
}

/// Where a toggle is in its life, derived from what its events say everyone is served.
///
/// For a boolean toggle "on" means `true`. For a string, number or JSON toggle there is no
/// "on", so the baseline is the in-app default declared when the toggle was created: serving
/// that baseline to everyone is "in development", serving one other value to everyone is
/// "launched" (the new colour or scale factor is what everyone sees), and serving different
/// values to different audiences is "partially rolled out".
public enum ToggleStage: String, Sendable, Hashable, CaseIterable {
    /// Everyone gets "off": `false`, or for non-booleans the baseline declared at creation.
    case inDevelopment = "in-development"
    /// A conditional remote value gives some audience a different value than everyone else.
    case partiallyRolledOut = "partially-rolled-out"
    /// Everyone gets the same "on" value: `true`, or for non-booleans one value other than the
    /// baseline, with no condition serving anything else.
    case launched
    /// A `removed` event: gone from the code and the server.
    case removed

    /// `partially rolled out`: the stage in words, for prose.
    public var words: String {
        switch self {
        case .inDevelopment: "in development"
        case .partiallyRolledOut: "partially rolled out"
        case .launched: "launched"
        case .removed: "removed"
        }
    }

    /// The stage of a live toggle: what everyone is served, compared with "off".
    ///
    /// A remote toggle that is not published (or was unpublished) serves the in-app default;
    /// a remote value or conditional value of nil also means the in-app default.
    public static func of(
        valueType: ValueType, defaultValue: JSONValue, remote: RemoteValue?, baseline: JSONValue
    ) -> ToggleStage {
        // Partially rolled out when the values served differ; no array: this runs per event.
        let everyone = remote.map { $0.value ?? defaultValue } ?? defaultValue
        for condition in remote?.conditions ?? [] where (condition.value ?? defaultValue) != everyone {
            return .partiallyRolledOut
        }
        if valueType == .bool { return everyone == .bool(true) ? .launched : .inDevelopment }
        return everyone == baseline ? .inDevelopment : .launched
    }
}

extension ToggleState {
    /// Recomputes ``stage`` after an event at `instant`. ``stageSince`` moves only when the
    /// stage changes, so "launched for 45 days" survives a republish of the same value.
    @usableFromInline
    mutating func updateStage(at instant: Timestamp) {
        let next: ToggleStage =
            removedAt != nil
            ? .removed
            : ToggleStage.of(
                valueType: valueType, defaultValue: defaultValue, remote: remote, baseline: baselineValue)
        if next != stage || eventCount <= 1 {
            stage = next
            stageSince = instant
        }
    }
}

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
