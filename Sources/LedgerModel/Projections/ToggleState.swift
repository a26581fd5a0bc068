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

/// The rules every event must follow, given the toggle's state just before it.
///
/// The same function checks an append (a violation rejects it, exit 65) and replays the
/// log (a violation that reached the log through a merge or a hand edit is skipped and
/// reported by `toggles audit`), so what is accepted and what is replayed never disagree.
package enum Lifecycle {
    /// Applies `event` to `state` (nil when the name was never created) and returns the
    /// new state (still nil after an event that is not a lifecycle change, such as one of an
    /// unknown type, for a name never created), or the rule it breaks.
    // @inlinable (with created and the in-place apply): the append checks in LedgerCore
    // fold through these per event; as calls into another module they cost 5% of an append.
    @inlinable
    package static func apply(_ event: Event, to state: ToggleState?) -> Result<ToggleState?, LifecycleViolation> {
        var state = state
        if let violation = apply(event, to: &state) { return .failure(violation) }
        return .success(state)
    }

    /// Applies `event` to `state` in place, or returns the rule it breaks and leaves `state`
    /// untouched.
    @inlinable
    package static func apply(_ event: Event, to state: inout ToggleState?) -> LifecycleViolation? {
        if state != nil { return apply(event, toExisting: &state!) }
        guard case .created = event.change else {
            // Unknown types are ignored whatever the toggle: an older reader must accept what
            // a newer writer records, named after a toggle or not.
            if !event.change.isLifecycleChange { return nil }
            if event.change.isLogWide { return violation(event, .invalidField("a log-wide event is folded by the projection, not by a toggle")) }
            return violation(event, .unknownToggle)
        }
        do { state = try created(event, replacing: nil).get() } catch { return error }
        return nil
    }

    /// The state a `created` event makes, given what the name held before (nil, or a
    /// removed toggle of that name).
    @inlinable
    package static func created(_ event: Event, replacing state: ToggleState?) -> Result<ToggleState, LifecycleViolation> {
        guard case .created(let definition) = event.change else { preconditionFailure("not a created event") }
        if let state, state.isLive {
            // The same declaration made on two branches is one fact recorded twice: a writer
            // refuses it (exit 65), replay keeps the first and passes over the second.
            if definition == state.definition { return .failure(violation(event, .sameCreation(createdAt: state.createdAt))) }
            return .failure(violation(event, .alreadyExists(createdAt: state.createdAt)))
        }
        if let removedAt = state?.removedAt, event.at < removedAt {
            return .failure(violation(event, .beforeRemoval(removedAt: removedAt)))
        }
        // Old app versions still read the parameter under this name: a new toggle of that
        // name would change (or, exported without it, delete) what they are served.
        if let state, state.awaitsRetirement, let version = state.removedInAppVersion {
            return .failure(
                violation(
                    event,
                    .invalidField(
                        "\(event.toggle) was removed from the code in \(version) and its remote parameter is still served to older app versions; retire it first (`toggles retire \(event.toggle)`) or choose another name"
                    )))
        }
        guard definition.valueType.accepts(definition.defaultValue) else {
            return .failure(violation(event, .wrongValueType(field: "default", expected: definition.valueType, found: definition.defaultValue)))
        }
        if let problem = categoryProblem(definition.category) { return .failure(violation(event, .invalidField(problem))) }
        // Length first: this runs for every `created` event of a replay.
        if event.toggle.utf8.count == Event.appToggle.utf8.count, event.toggle == Event.appToggle {
            return .failure(violation(event, .invalidField("\(Event.appToggle) is reserved for log-wide events; choose another name")))
        }
        var created = ToggleState(
            name: event.toggle, definition: definition, remote: nil, remotePublishedAt: nil,
            createdAt: event.at, createdBy: event.actor, updatedAt: event.at, removedAt: nil,
            removedBy: nil, removalReason: nil, expiryExtensionReason: nil, eventCount: 1,
            baselineValue: definition.defaultValue)
        created.updateStage(at: event.at)
        return .success(created)
    }

    /// Applies an event to a toggle that exists (live or removed), in place. Replay folds a
    /// million events through this, so every check comes before the first write and the
    /// state is never copied.
    @usableFromInline
    package static func apply(_ event: Event, toExisting state: inout ToggleState) -> LifecycleViolation? {
        if case .created = event.change {
            do { state = try created(event, replacing: state).get() } catch { return error }
            return nil
        }
        if !event.change.isLifecycleChange { return nil }  // kept in the log, ignored by replay
        if case .resolved(let resolution) = event.change { return resolve(event, resolution, &state) }
        if let removedAt = state.removedAt, !(state.removedInAppVersion != nil && event.change.concernsServedParameter) {
            return violation(event, .removed(removedAt: removedAt))
        }
        if event.at < state.createdAt { return violation(event, .beforeCreation(createdAt: state.createdAt)) }
        switch event.change {
        case .created, .unknown, .templateConditions, .resolved, .voided:
            break
        case .defaultChanged(let value):
            guard state.valueType.accepts(value) else {
                return violation(event, .wrongValueType(field: "default", expected: state.valueType, found: value))
            }
            state.definition.defaultValue = value
        case .published(let remote):
            guard state.kind == .remote else { return violation(event, .notRemote(kind: state.kind)) }
            let valueType = state.valueType
            if let value = remote.value, !valueType.accepts(value) {
                return violation(event, .wrongValueType(field: "value", expected: valueType, found: value))
            }
            for condition in remote.conditions {
                if let value = condition.value, !valueType.accepts(value) {
                    return violation(event, .wrongValueType(field: "value of condition \"\(condition.name)\"", expected: valueType, found: value))
                }
            }
            state.remote = remote
            state.remotePublishedAt = event.at
        case .unpublished:
            guard state.kind == .remote else { return violation(event, .notRemote(kind: state.kind)) }
            state.remote = nil
            state.remotePublishedAt = event.at
        case .expiryExtended(let expires, let reason):
            if let current = state.definition.expires, expires <= current {
                return violation(event, .expiryNotLater(current: current))
            }
            state.extensions.record(from: state.definition.expires, to: expires, at: event.at)
            state.definition.expires = expires
            state.expiryExtensionReason = reason
        case .removed(let reason):
            state.removedAt = event.at
            state.removedBy = event.actor
            state.removalReason = reason
        case .codeRemoved(let appVersion, let reason):
            state.removedAt = event.at
            state.removedBy = event.actor
            state.removalReason = reason
            state.removedInAppVersion = appVersion
        case .retired:
            guard state.kind == .remote else { return violation(event, .notRemote(kind: state.kind)) }
            guard state.removedInAppVersion != nil else {
                return violation(
                    event, .invalidField("\(event.toggle) is still in the code; a remote parameter is retired after `toggles remove \(event.toggle) --app-version VERSION`"))
            }
            guard state.remote != nil else {
                return violation(event, .invalidField("\(event.toggle) is not served remotely; there is nothing to retire"))
            }
            state.remote = nil
            state.remotePublishedAt = event.at
        case .minimumVersionChanged:
            return violation(event, .invalidField("\(event.toggle) is reserved for log-wide events"))
        case .attributesChanged(let changes):
            if let category = changes.category, let problem = categoryProblem(category) { return violation(event, .invalidField(problem)) }
            state.definition = changes.applied(to: state.definition)
        }
        state.updatedAt = event.at
        state.eventCount += 1
        state.updateStage(at: event.at)
        return nil
    }

    /// A `resolved` event: the outcome it records stands from its instant on, whatever the
    /// toggle's state (a resolution may bring back a toggle another branch removed).
    @usableFromInline
    package static func resolve(_ event: Event, _ resolution: Resolution, _ state: inout ToggleState) -> LifecycleViolation? {
        if event.at < state.createdAt { return violation(event, .beforeCreation(createdAt: state.createdAt)) }
        guard resolution.definition.valueType.accepts(resolution.definition.defaultValue) else {
            return violation(event, .wrongValueType(field: "default", expected: resolution.definition.valueType, found: resolution.definition.defaultValue))
        }
        state.definition = resolution.definition
        if resolution.removed {
            if state.removedAt == nil {
                state.removedAt = event.at
                state.removedBy = event.actor
                state.removalReason = resolution.reason
            }
        } else if state.removedAt != nil {
            state.removedAt = nil
            state.removedBy = nil
            state.removalReason = nil
            state.removedInAppVersion = nil
        }
        state.updatedAt = event.at
        state.eventCount += 1
        state.updateStage(at: event.at)
        return nil
    }

    @usableFromInline
    package static func violation(_ event: Event, _ reason: LifecycleViolation.Reason) -> LifecycleViolation {
        LifecycleViolation(eventID: event.id, toggle: event.toggle, type: event.type, at: event.at, reason: reason)
    }

    /// Categories are short lowercase words (`release`, `kill-switch`) so they can key a policy.
    package static func categoryProblem(_ category: String) -> String? {
        // Over the contiguous bytes: the String.UTF8View iterator was a call per byte.
        var text = category
        let valid = text.withUTF8 { bytes in
            !bytes.isEmpty && bytes.count <= 64
                && bytes.allSatisfy {
                    ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-")
                }
        }
        return valid ? nil : "category \(JSONWriter.quoted(category)) must be lowercase letters, digits and '-', such as release or kill-switch"
    }
}

/// An event that breaks a lifecycle rule.
public struct LifecycleViolation: Error, Sendable, Hashable, CustomStringConvertible {
    public indirect enum Reason: Sendable, Hashable {
        case unknownToggle
        case alreadyExists(createdAt: Timestamp)
        /// Created again, live, with the very definition in force: one fact recorded twice
        /// (on two branches), which replay passes over; a writer refuses it as it does
        /// ``alreadyExists(createdAt:)``.
        case sameCreation(createdAt: Timestamp)
        case removed(removedAt: Timestamp)
        case beforeCreation(createdAt: Timestamp)
        case beforeRemoval(removedAt: Timestamp)
        case wrongValueType(field: String, expected: ValueType, found: JSONValue)
        case notRemote(kind: ToggleKind)
        case expiryNotLater(current: CalendarDate)
        case invalidField(String)
        /// The id is already used by an event for another toggle or of another type.
        case idInUse(byType: String, toggle: String)
        /// Inserting the event at its instant would break a rule for a later event.
        case invalidatesLater(LifecycleViolation)
        /// The toggle's creation was voided (`voided`), on another branch than this event's.
        case creationVoided
        /// A `minimum-version-changed` whose writer saw the minimum `seen` (nil: none), not
        /// the one in force: another branch changed it concurrently. The higher stands.
        case concurrentMinimum(seen: AppVersion?, inForce: AppVersion?)
    }

    public var eventID: String
    public var toggle: String
    public var type: String
    public var at: Timestamp
    public var reason: Reason

    public init(eventID: String, toggle: String, type: String, at: Timestamp, reason: Reason) {
        self.eventID = eventID
        self.toggle = toggle
        self.type = type
        self.at = at
        self.reason = reason
    }

    /// Whether the event clashes with another event's effect rather than being wrong by itself:
    /// the state it expected was changed by an edit made concurrently (on another branch),
    /// which two valid logs merged by git can produce. Replay keeps the earlier side in
    /// (`at`, `id`) order and reports a conflict, settled with `toggles resolve`; every
    /// other violation is an error of the log.
    public var isConflict: Bool {
        switch reason {
        case .alreadyExists, .removed, .beforeCreation, .beforeRemoval, .notRemote, .expiryNotLater, .creationVoided, .concurrentMinimum: true
        // The type of a default or value is checked against the declaration in force, which a
        // creation on another branch may have made; a `created` event's own default is not.
        case .wrongValueType: type != "created"
        // Retiring needs the code removal another branch may have overruled.
        case .invalidField: type == "retired"
        case .sameCreation, .unknownToggle, .idInUse, .invalidatesLater: false
        }
    }

    public var description: String {
        let subject = "\(type) \(toggle) at \(at)"
        switch reason {
        case .unknownToggle:
            return "\(subject): no toggle named \(toggle) exists; create it first with `toggles create \(toggle)`"
        case .alreadyExists(let createdAt), .sameCreation(let createdAt):
            return "\(subject): \(toggle) already exists (created \(createdAt)); a live toggle is created once"
        case .removed(let removedAt):
            return "\(subject): \(toggle) was removed at \(removedAt); expected a live toggle"
        case .beforeCreation(let createdAt):
            return "\(subject): \(toggle) was only created at \(createdAt); expected an instant after that"
        case .beforeRemoval(let removedAt):
            return "\(subject): \(toggle) was removed at \(removedAt); it can be created again only after that"
        case .wrongValueType(let field, let expected, let found):
            return "\(subject): \(field) \(expected.rejection(of: found))"
        case .notRemote(let kind):
            return "\(subject): \(toggle) is a \(kind.rawValue) toggle; only remote toggles are published"
        case .expiryNotLater(let current):
            return "\(subject): the new expiry date must be after the current one (\(current))"
        case .invalidField(let problem):
            return "\(subject): \(problem)"
        case .idInUse(let otherType, let otherToggle):
            return "\(subject): id \(eventID) is already used by a \(otherType) event for \(otherToggle); choose another --id"
        case .invalidatesLater(let later):
            return "\(subject): this would make a later event invalid: \(later)"
        case .creationVoided:
            return "\(subject): the creation of \(toggle) was voided; void this event too (`toggles void \(eventID) --reason …`)"
        case .concurrentMinimum(let seen, let inForce):
            return
                "\(subject): its writer saw the minimum supported version \(seen?.text ?? "unset"), but another branch set it to \(inForce?.text ?? "none") meanwhile; the higher version stands"
        }
    }
}
