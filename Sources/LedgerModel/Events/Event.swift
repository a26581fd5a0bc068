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

/// An event with the line it was read from.
public struct LoggedEvent: Sendable {
    public var event: Event
    public var location: LineLocation
    /// Which segment of the read (its index in ``LogReader/segments()``) and the line's byte offset.
    package var segmentIndex: Int = 0
    package var offset: Int64 = 0
    /// The reader's number for the toggle name (-1: none), see ``Projection/apply(_:)``.
    package var toggleSlot: Int32 = -1

    public init(event: Event, location: LineLocation) {
        self.event = event
        self.location = location
    }

    package init(event: consuming Event, location: LineLocation, segmentIndex: Int, offset: Int64, toggleSlot: Int32) {
        self.event = event
        self.location = location
        self.segmentIndex = segmentIndex
        self.offset = offset
        self.toggleSlot = toggleSlot
    }
}

/// A line in a segment, written `events/2026/11/x.jsonl:3`.
public struct LineLocation: Sendable, Hashable, CustomStringConvertible {
    /// The segment's path as the user would type it (log directory joined with the relative path).
    public var file: String
    /// 1-based line number.
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

/// Where a toggle's value is decided.
public enum ToggleKind: String, Sendable, CaseIterable, Hashable {
    /// At compile time, by the build configuration (`#if DEBUG`).
    case build
    /// On the device: UserDefaults, an internal menu.
    case local
    /// By the server: Firebase Remote Config and its peers.
    case remote
}

/// The type every value of a toggle must have.
public enum ValueType: String, Sendable, CaseIterable, Hashable {
    case bool, string, number, json

    /// Checks that a value from the log has this type. A number must also fit a `Double`, as
    /// every app runtime (and Remote Config) reads it as one: `1e999` is valid JSON but no
    /// toggle value, and neither is `1e-400`, which a double reads as 0 (the two ends of the
    /// range are refused alike; the smallest subnormal, about 4.9e-324, still fits).
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.number, .number(let lexeme)): Self.fitsDouble(lexeme)
        case (.bool, .bool), (.string, .string): true
        case (.json, _): true
        default: false
        }
    }

    /// Whether the number `text` reads as a finite `Double` that is zero only when `text` is.
    package static func fitsDouble(_ text: String) -> Bool {
        guard let double = Double(text), double.isFinite else { return false }
        guard double == 0 else { return true }
        // Zero: fine when every digit of the significand is 0 (`0`, `-0.0`, `0e5`).
        return !text.prefix { $0 != "e" && $0 != "E" }.contains { $0 >= "1" && $0 <= "9" }
    }

    /// Why `value` is not of this type, for messages: `must be a bool value, found string "yes"`.
    public func rejection(of value: JSONValue) -> String {
        if case .number = value, self == .number {
            return "must be a number that fits a double (finite, and not so small it reads as 0), found \(JSONWriter.string(value))"
        }
        return "must be a \(rawValue) value, found \(value.typeName) \(JSONWriter.string(value))"
    }

    /// Turns what a person typed into a value of this type, or nil with the reason.
    ///
    /// `bool` takes `true`/`false`; `number` takes a JSON number (`0.33`, `-2`, `1e3`);
    /// `string` takes the text as is; `json` takes any JSON text.
    package func parse(_ text: String) -> Result<JSONValue, ValueError> {
        switch self {
        case .bool:
            switch text {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return .failure(ValueError(text: text, expected: "true or false"))
            }
        case .number:
            guard case .number(let lexeme)? = try? JSONParser.parse(text), accepts(.number(lexeme)) else {
                return .failure(ValueError(text: text, expected: "a JSON number a double holds (finite, not so small it reads as 0) such as 3, 0.33 or -1e3"))
            }
            return .success(.number(lexeme))
        case .string:
            return .success(.string(text))
        case .json:
            do {
                return .success(try JSONParser.parse(text))
            } catch {
                return .failure(ValueError(text: text, expected: "valid JSON (\(error))"))
            }
        }
    }
}

package struct ValueError: Error, Sendable, Equatable {
    public var text: String
    public var expected: String
}

/// Toggle names follow Remote Config key rules so a toggle can always become a remote
/// parameter: 1 to 256 characters, an ASCII letter or `_` first, then letters, digits or `_`.
package enum ToggleName {
    package static let maximumLength = 256

    /// Nil when `name` is valid; otherwise why not.
    package static func problem(with name: String) -> String? {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { return "a toggle name may not be empty" }
        if bytes.count > maximumLength { return "a toggle name has at most \(maximumLength) characters (this one has \(bytes.count))" }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        guard isLetter(first) || first == UInt8(ascii: "_") else {
            return "a toggle name starts with a letter or '_'"
        }
        guard bytes.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }) else {
            return "a toggle name has only letters, digits and '_'"
        }
        return nil
    }
}

extension ToggleName {
    /// Why `name` cannot name a new toggle: ``problem(with:)``, or the name log-wide events
    /// use (`_app`, which the lifecycle rules refuse at every append). Importers ask this
    /// before they plan, so a dry run refuses what the real run would.
    package static func newToggleProblem(with name: String) -> String? {
        if let problem = problem(with: name) { return problem }
        if name == Event.appToggle { return "\(Event.appToggle) is reserved for log-wide events; choose another name" }
        return nil
    }

    /// ``problem(with:)`` == nil, on bytes.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, bytes.count <= maximumLength else { return false }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        guard isLetter(first) || first == UInt8(ascii: "_") else { return false }
        for byte in bytes where !(isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "_")) {
            return false
        }
        return true
    }
}
