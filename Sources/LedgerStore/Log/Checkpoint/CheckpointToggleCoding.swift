import LedgerPlatform
import LedgerModel
// MARK: Projection values

/// The enums of a toggle, as positions in tables written once in front of the toggles.
struct ToggleEnumTables {
    package var kinds: [ToggleKind]
    var valueTypes: [ValueType]
    package var stages: [ToggleStage]

    package static func write(_ encoder: inout CheckpointEncoder) {
        encoder.enumTable(ToggleKind.self)
        encoder.enumTable(ValueType.self)
        encoder.enumTable(ToggleStage.self)
    }

    init(_ decoder: inout CheckpointDecoder) throws(CheckpointCorrupt) {
        kinds = try decoder.enumTable(ToggleKind.self)
        valueTypes = try decoder.enumTable(ValueType.self)
        stages = try decoder.enumTable(ToggleStage.self)
    }
}

extension CheckpointEncoder {
    // Every field of ToggleState, RemoteValue and ConditionalValue is stored: a field added
    // there must be added here too, and the format name changed (ReplayCheckpoint.magic).
    mutating func toggleState(_ state: ToggleState) {
        string(state.name)
        enumValue(state.definition.kind)
        enumValue(state.definition.valueType)
        enumValue(state.stage)
        json(state.definition.defaultValue)
        string(state.definition.category)
        optionalString(state.definition.owner)
        optionalString(state.definition.description)
        bool(state.definition.expires != nil)
        if let expires = state.definition.expires { i64(expires.daysSince1970) }
        bool(state.remote != nil)
        if let remote = state.remote { remoteValue(remote) }
        optionalTimestamp(state.remotePublishedAt)
        timestamp(state.createdAt)
        string(state.createdBy)
        timestamp(state.updatedAt)
        optionalTimestamp(state.removedAt)
        optionalString(state.removedBy)
        optionalString(state.removalReason)
        optionalString(state.expiryExtensionReason)
        int(state.extensions.count)
        i64(Int64(state.extensions.days))
        optionalTimestamp(state.extensions.lastAt)
        int(state.eventCount)
        timestamp(state.stageSince)
        json(state.baselineValue)
        optionalString(state.removedInAppVersion?.text)
    }

    package mutating func supportedVersions(_ supported: SupportedVersions) {
        count(supported.changes.count)
        for change in supported.changes {
            timestamp(change.at)
            string(change.minimum.text)
            string(change.actor)
            optionalString(change.reason)
        }
    }

    package mutating func remoteValue(_ remote: RemoteValue) {
        optionalJSON(remote.value)
        count(remote.conditions.count)
        for condition in remote.conditions {
            string(condition.name)
            string(condition.expression)
            optionalJSON(condition.value)
            optionalJSON(condition.managed.map(JSONValue.object))
        }
        optionalString(remote.templateVersion)
        optionalJSON(remote.managed.map(JSONValue.object))
    }

    /// Events (for unknown types) are stored as their log line.
    package mutating func event(_ event: Event) { string(EventCodec.encode(event)) }

    package mutating func violation(_ violation: LifecycleViolation) {
        string(violation.eventID)
        string(violation.toggle)
        string(violation.type)
        timestamp(violation.at)
        reason(violation.reason)
    }

    private mutating func reason(_ reason: LifecycleViolation.Reason) {
        switch reason {
        case .unknownToggle: u8(0)
        case .alreadyExists(let createdAt): u8(1); timestamp(createdAt)
        case .removed(let removedAt): u8(2); timestamp(removedAt)
        case .beforeCreation(let createdAt): u8(3); timestamp(createdAt)
        case .beforeRemoval(let removedAt): u8(4); timestamp(removedAt)
        case .wrongValueType(let field, let expected, let found): u8(5); string(field); string(expected.rawValue); json(found)
        case .notRemote(let kind): u8(6); string(kind.rawValue)
        case .expiryNotLater(let current): u8(7); i64(current.daysSince1970)
        case .invalidField(let problem): u8(8); string(problem)
        case .idInUse(let byType, let toggle): u8(9); string(byType); string(toggle)
        case .invalidatesLater(let later): u8(10); violation(later)
        case .sameCreation(let createdAt): u8(11); timestamp(createdAt)
        case .creationVoided: u8(12)
        case .concurrentMinimum(let seen, let inForce): u8(13); optionalString(seen?.text); optionalString(inForce?.text)
        }
    }
}

extension CheckpointDecoder {
    mutating func toggleState(_ enums: ToggleEnumTables) throws(CheckpointCorrupt) -> ToggleState {
        // Every field read into a local first, then one initialisation: no copy of the state.
        let name = try string()
        let kind = try enumValue(enums.kinds)
        let valueType = try enumValue(enums.valueTypes)
        let stage = try enumValue(enums.stages)
        let defaultValue = try json()
        let category = try string()
        let owner = try optionalString()
        let description = try optionalString()
        let expires = try bool() ? CalendarDate(daysSince1970: try i64()) : nil
        let remote = try bool() ? try remoteValue() : nil
        let remotePublishedAt = try optionalTimestamp()
        let createdAt = try timestamp()
        let createdBy = try string()
        let updatedAt = try timestamp()
        let removedAt = try optionalTimestamp()
        let removedBy = try optionalString()
        let removalReason = try optionalString()
        let expiryExtensionReason = try optionalString()
        let extensions = ExtensionTally(count: try int(), days: Int(try i64()), lastAt: try optionalTimestamp())
        let eventCount = try int()
        let stageSince = try timestamp()
        let baselineValue = try json()
        let removedInAppVersion = try optionalAppVersion()
        let definition = ToggleDefinition(
            kind: kind, valueType: valueType, defaultValue: defaultValue, category: category, owner: owner,
            description: description, expires: expires)
        return ToggleState(
            name: name, definition: consume definition,
            remote: remote, remotePublishedAt: remotePublishedAt, createdAt: createdAt, createdBy: createdBy,
            updatedAt: updatedAt, removedAt: removedAt, removedBy: removedBy, removalReason: removalReason,
            removedInAppVersion: removedInAppVersion, expiryExtensionReason: expiryExtensionReason, extensions: extensions, eventCount: eventCount, stage: stage,
            stageSince: stageSince,
            baselineValue: baselineValue)
    }

    private mutating func optionalAppVersion() throws(CheckpointCorrupt) -> AppVersion? {
        guard let text = try optionalString() else { return nil }
        guard let version = AppVersion(text) else { throw CheckpointCorrupt() }
        return version
    }

    package mutating func supportedVersions() throws(CheckpointCorrupt) -> SupportedVersions {
        var changes: [SupportedVersions.Change] = []
        for _ in 0..<(try count()) {
            let at = try timestamp()
            guard let minimum = AppVersion(try string()) else { throw CheckpointCorrupt() }
            changes.append(SupportedVersions.Change(at: at, minimum: minimum, actor: try string(), reason: try optionalString()))
        }
        return SupportedVersions(changes: changes)
    }

    package mutating func remoteValue() throws(CheckpointCorrupt) -> RemoteValue {
        let value = try optionalJSON()
        let count = try count()
        var conditions: [ConditionalValue] = []
        if count > 0 { conditions.reserveCapacity(count) }
        for _ in 0..<count {
            conditions.append(
                ConditionalValue(
                    name: try string(), expression: try string(), value: try optionalJSON(), managed: try optionalObject()))
        }
        return RemoteValue(value: value, conditions: conditions, templateVersion: try optionalString(), managed: try optionalObject())
    }

    package mutating func optionalObject() throws(CheckpointCorrupt) -> JSONObject? {
        guard let value = try optionalJSON() else { return nil }
        guard case .object(let object) = value else { throw CheckpointCorrupt() }
        return object
    }

    package mutating func event() throws(CheckpointCorrupt) -> Event {
        do {
            return try EventCodec.decode(try JSONParser.parse(try string()))
        } catch {
            throw CheckpointCorrupt()
        }
    }

    package mutating func violation() throws(CheckpointCorrupt) -> LifecycleViolation {
        LifecycleViolation(eventID: try string(), toggle: try string(), type: try string(), at: try timestamp(), reason: try reason())
    }

    private mutating func reason() throws(CheckpointCorrupt) -> LifecycleViolation.Reason {
        switch try u8() {
        case 0: return .unknownToggle
        case 1: return .alreadyExists(createdAt: try timestamp())
        case 2: return .removed(removedAt: try timestamp())
        case 3: return .beforeCreation(createdAt: try timestamp())
        case 4: return .beforeRemoval(removedAt: try timestamp())
        case 5:
            let field = try string()
            guard let expected = ValueType(rawValue: try string()) else { throw CheckpointCorrupt() }
            return .wrongValueType(field: field, expected: expected, found: try json())
        case 6:
            guard let kind = ToggleKind(rawValue: try string()) else { throw CheckpointCorrupt() }
            return .notRemote(kind: kind)
        case 7: return .expiryNotLater(current: CalendarDate(daysSince1970: try i64()))
        case 8: return .invalidField(try string())
        case 9: return .idInUse(byType: try string(), toggle: try string())
        case 10: return .invalidatesLater(try violation())
        case 11: return .sameCreation(createdAt: try timestamp())
        case 12: return .creationVoided
        case 13:
            func version(_ text: String?) throws(CheckpointCorrupt) -> AppVersion? {
                guard let text else { return nil }
                guard let version = AppVersion(text) else { throw CheckpointCorrupt() }
                return version
            }
            let seen = try version(try optionalString())
            return .concurrentMinimum(seen: seen, inForce: try version(try optionalString()))
        default: throw CheckpointCorrupt()
        }
    }
}
