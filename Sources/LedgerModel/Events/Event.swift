/// One line of the log: something that happened to one toggle.
///
/// The envelope (`schema`, `id`, `at`, `type`, `toggle`, `actor`) is common to every event;
/// ``Change`` carries the payload that `type` names. Fields this version does not know are
/// kept in ``extra`` and written back unchanged.
public struct Event: Sendable, Hashable {
    /// The newest envelope version this build reads and the one it writes.
    public static let currentSchema = 1

    public var schema: Int
    /// Unique across the log; a second event with an id already present is a no-op.
    public var id: String
    /// When the change happened (not when it was written).
    public var at: Timestamp
    public var toggle: String
    /// Who or what made the change: an e-mail address, a CI login, `firebase:42`.
    public var actor: String
    public var change: Change
    /// Where the event came from when CI wrote it: commit, branch, run.
    public var source: Provenance? {
        get { boxedSource?.value }
        set { boxedSource = newValue.map(ProvenanceBox.init) }
    }
    /// Boxed: five optional strings would make every event 80 bytes larger, and replay moves
    /// each event several times on its way from the decoder to the fold.
    @usableFromInline var boxedSource: ProvenanceBox?
    /// Fields this version does not know, in their original order.
    public var extra: [JSONObject.Member]

    // Inlinable: the decoder (LedgerStore) makes every event of a replay through it.
    @inlinable
    public init(
        id: String, at: Timestamp, toggle: String, actor: String, change: Change,
        source: Provenance? = nil, schema: Int = Event.currentSchema, extra: [JSONObject.Member] = []
    ) {
        self.schema = schema
        self.id = id
        self.at = at
        self.toggle = toggle
        self.actor = actor
        self.change = change
        self.boxedSource = source.map(ProvenanceBox.init)
        self.extra = extra
    }

    public var type: String { change.typeName }

    /// The `toggle` of a log-wide event (``Change/isLogWide``). Every line of the log names a
    /// toggle, and readers before log-wide events required a valid name there, so these
    /// events carry a reserved one: such a reader then reports the event's type as unknown
    /// instead of refusing the line. No toggle may be created under this name.
    public static let appToggle = "_app"

    /// The replay order: by instant, then by id. Total, because ids are unique, and
    /// independent of which file or which side of a merge an event came from.
    package var orderKey: OrderKey { OrderKey(at: at, id: id) }
}

/// The position of an event in replay order.
package struct OrderKey: Sendable, Hashable, Comparable {
    package var at: Timestamp
    package var id: String

    package init(at: Timestamp, id: String) {
        self.at = at
        self.id = id
    }

    package static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        if lhs.at != rhs.at { return lhs.at < rhs.at }
        // Byte order of the UTF-8 id, so every platform and locale agrees.
        return utf8Precedes(lhs.id, rhs.id)
    }
}

/// What an event did.
public enum Change: Sendable, Hashable {
    /// `created`: a new toggle with its declaration and in-app default.
    case created(ToggleDefinition)
    /// `default-changed`: a new in-app default (the value shipped in the app).
    case defaultChanged(JSONValue)
    /// `published`: a remote value, with conditional values, was published.
    case published(RemoteValue)
    /// `unpublished`: the parameter is no longer served remotely; clients use the in-app default.
    case unpublished(templateVersion: String?)
    /// `expiry-extended`: the expiry date moved, with the reason (snoozing is audited).
    case expiryExtended(expires: CalendarDate, reason: String)
    /// `removed`: the toggle is gone from the code and the server.
    case removed(reason: String?)
    /// `template-conditions`: every condition of an imported Remote Config template, in the
    /// template's priority order, used by a parameter or not. It belongs to the template, not
    /// to the toggle it names (an anchor, so older readers accept the line): replay leaves
    /// every toggle's state alone, and `export firebase` writes the list back.
    case templateConditions([TemplateCondition])
    /// `code-removed`: the toggle's code is gone from the app from `appVersion` on; the older
    /// versions still in use keep reading its remote parameter, which stays until retired.
    indirect case codeRemoved(appVersion: AppVersion, reason: String?)
    /// `retired`: the remote parameter of a toggle removed from the code was deleted.
    indirect case retired(reason: String?)
    /// `minimum-version-changed`: log-wide (``Event/appToggle``), the oldest app version the
    /// team still supports. `previous` is the minimum the writer saw in force (nil in events
    /// written before it was recorded), so replay can tell a change made on another branch
    /// concurrently; `resolves` names the events of the conflict it settles (`toggles resolve`).
    indirect case minimumVersionChanged(minimum: AppVersion, reason: String?, previous: PreviousMinimum? = nil, resolves: [String] = [])
    /// `attributes-changed`: a live toggle's owner, category or description changed.
    indirect case attributesChanged(AttributeChanges)
    /// `resolved`: settles a conflict between concurrent lifecycle edits (``Resolution``).
    indirect case resolved(Resolution)
    /// `voided`: the event `eventID` was recorded by mistake; replay ignores it at every
    /// instant. Dated at that event's instant (a reversal with the same occurred date), it
    /// replays just before it.
    indirect case voided(eventID: String, reason: String)
    /// A type this version does not know. Replay ignores it; `toggles audit` reports it.
    case unknown(type: String)

    public var typeName: String {
        switch self {
        case .created: "created"
        case .defaultChanged: "default-changed"
        case .published: "published"
        case .unpublished: "unpublished"
        case .expiryExtended: "expiry-extended"
        case .removed: "removed"
        case .templateConditions: "template-conditions"
        case .codeRemoved: "code-removed"
        case .retired: "retired"
        case .minimumVersionChanged: "minimum-version-changed"
        case .attributesChanged: "attributes-changed"
        case .resolved: "resolved"
        case .voided: "voided"
        case .unknown(let type): type
        }
    }

    /// Every type this version understands.
    public static let knownTypes: [String] = [
        "created", "default-changed", "published", "unpublished", "expiry-extended", "removed",
        "code-removed", "retired", "minimum-version-changed", "template-conditions",
        "attributes-changed",
        "resolved", "voided",
    ]

    /// Whether replay folds the event into its toggle's state (``Lifecycle``). Events of an
    /// unknown type and `template-conditions` (about the template, not the toggle) are kept
    /// and left to whoever reads them, whatever state the toggle is in, even when no toggle of
    /// that name exists.
    @inlinable
    public var isLifecycleChange: Bool {
        switch self {
        case .unknown, .templateConditions, .voided: false
        default: true
        }
    }

    /// Whether the event is about a toggle's remote parameter, which a toggle removed from the
    /// code in an app version still has: `published`, `unpublished`, `retired`.
    @inlinable
    public var concernsServedParameter: Bool {
        switch self {
        case .published, .unpublished, .retired: true
        default: false
        }
    }

    /// Whether the event is about the whole app rather than one toggle: its `toggle` is
    /// ``Event/appToggle``.
    public var isLogWide: Bool {
        if case .minimumVersionChanged = self { return true }
        return false
    }
}

/// The declaration of a toggle, from its `created` event.
public struct ToggleDefinition: Sendable, Hashable {
    public var kind: ToggleKind
    public var valueType: ValueType
    /// The in-app default.
    public var defaultValue: JSONValue
    /// The policy category (`release`, `experiment`, `ops`, `permission`, …).
    public var category: String
    public var owner: String?
    public var description: String?
    public var expires: CalendarDate?

    public init(
        kind: ToggleKind, valueType: ValueType, defaultValue: JSONValue, category: String = "release",
        owner: String? = nil, description: String? = nil, expires: CalendarDate? = nil
    ) {
        self.kind = kind
        self.valueType = valueType
        self.defaultValue = defaultValue
        self.category = category
        self.owner = owner
        self.description = description
        self.expires = expires
    }
}

/// What the server serves for a remote toggle.
public struct RemoteValue: Sendable, Hashable {
    /// The remote default; nil means clients fall back to the in-app default.
    public var value: JSONValue?
    /// Conditional values in priority order: the first matching condition wins.
    public var conditions: [ConditionalValue]
    /// The remote template version this came from (Firebase `versionNumber`), if any.
    public var templateVersion: String?
    /// A value the server manages itself (a Firebase rollout, experiment or personalization),
    /// kept as the opaque value option it was imported as, such as `{"rolloutValue":{…}}`.
    /// Read-only: toggles records and exports it but never interprets it. Event field `managed`.
    public var managed: JSONObject?

    public init(value: JSONValue?, conditions: [ConditionalValue] = [], templateVersion: String? = nil, managed: JSONObject? = nil) {
        self.value = value
        self.conditions = conditions
        self.templateVersion = templateVersion
        self.managed = managed
    }

    /// Whether both serve the same thing, whatever template version recorded them.
    public func servesSame(as other: RemoteValue) -> Bool {
        value == other.value && conditions == other.conditions && managed == other.managed
    }
}

/// A value served only to clients matching a named condition, such as
/// "Chinese users" (`device.language in ['zh']`).
public struct ConditionalValue: Sendable, Hashable {
    public var name: String
    public var expression: String
    /// Nil means the in-app default is used for this condition (unless ``managed`` is set).
    public var value: JSONValue?
    /// A server-managed value option for this condition, opaque; see ``RemoteValue/managed``.
    public var managed: JSONObject?

    public init(name: String, expression: String, value: JSONValue?, managed: JSONObject? = nil) {
        self.name = name
        self.expression = expression
        self.value = value
        self.managed = managed
    }
}

/// An immutable ``Provenance`` behind one reference (see ``Event/source``).
@usableFromInline
final class ProvenanceBox: Sendable, Hashable {
    @usableFromInline let value: Provenance
    @usableFromInline init(_ value: Provenance) { self.value = value }
    @usableFromInline static func == (lhs: ProvenanceBox, rhs: ProvenanceBox) -> Bool { lhs.value == rhs.value }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Where an event was made, filled from the CI environment.
public struct Provenance: Sendable, Hashable {
    /// `github-actions`, `gitlab-ci`, `buildkite`, `circleci`, `bitrise`, `jenkins`, or nil locally.
    public var ci: String?
    public var commit: String?
    public var branch: String?
    public var run: String?
    public var url: String?

    public init(ci: String? = nil, commit: String? = nil, branch: String? = nil, run: String? = nil, url: String? = nil) {
        self.ci = ci
        self.commit = commit
        self.branch = branch
        self.run = run
        self.url = url
    }

    public var isEmpty: Bool { ci == nil && commit == nil && branch == nil && run == nil && url == nil }
}
