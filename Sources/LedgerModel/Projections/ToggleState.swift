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
    package init(name: String, definition: ToggleDefinition, remote: RemoteValue? = nil, remotePublishedAt: Timestamp? = nil, createdAt: Timestamp, createdBy: String, updatedAt: Timestamp, removedAt: Timestamp? = nil, removedBy: String? = nil, removalReason: String? = nil, removedInAppVersion: AppVersion? = nil, expiryExtensionReason: String? = nil, extensions: ExtensionTally = ExtensionTally(), eventCount: Int, stage: ToggleStage = .inDevelopment, stageSince: Timestamp = Timestamp(nanoseconds: 0), baselineValue: JSONValue = .null) {
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
