/// Writes the checkpoint's binary form: little-endian integers and length-prefixed UTF-8.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func int(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) { int(Int64(value)) }
    mutating func uint(_ value: UInt64) { int(Int64(bitPattern: value)) }
    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    mutating func raw(_ value: [UInt8]) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    /// A JSON value as a tagged tree: restoring it needs no parsing.
    mutating func json(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(0)
        case .bool(let flag): bytes.append(flag ? 2 : 1)
        case .number(let lexeme): bytes.append(3); string(lexeme)
        case .string(let text): bytes.append(4); string(text)
        case .array(let elements):
            bytes.append(5)
            int(elements.count)
            for element in elements { json(element) }
        case .object(let object):
            bytes.append(6)
            int(object.members.count)
            for member in object.members {
                string(member.key)
                json(member.value)
            }
        }
    }

    mutating func optionalJSON(_ value: JSONValue?) {
        bool(value != nil)
        if let value { json(value) }
    }

    mutating func timestamp(_ value: Timestamp) { int(value.nanoseconds) }

    mutating func optionalTimestamp(_ value: Timestamp?) {
        bool(value != nil)
        if let value { timestamp(value) }
    }
}

/// Reads what ``BinaryWriter`` wrote. Every read checks bounds; a malformed checkpoint
/// throws ``CheckpointCorrupt`` and is treated as missing.
struct BinaryReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func int() throws(CheckpointCorrupt) -> Int64 {
        guard index + 8 <= bytes.count else { throw CheckpointCorrupt() }
        var value: Int64 = 0
        for offset in (0..<8).reversed() { value = value << 8 | Int64(bytes[index + offset]) }
        index += 8
        return value
    }

    mutating func count() throws(CheckpointCorrupt) -> Int {
        let value = try int()
        guard value >= 0, value <= Int64(bytes.count - index) * 8 + 1024 else { throw CheckpointCorrupt() }
        return Int(value)
    }

    mutating func uint() throws(CheckpointCorrupt) -> UInt64 { UInt64(bitPattern: try int()) }

    mutating func bool() throws(CheckpointCorrupt) -> Bool {
        guard index < bytes.count, bytes[index] <= 1 else { throw CheckpointCorrupt() }
        index += 1
        return bytes[index - 1] == 1
    }

    mutating func raw() throws(CheckpointCorrupt) -> ArraySlice<UInt8> {
        let length = try int()
        guard length >= 0, length <= Int64(bytes.count - index) else { throw CheckpointCorrupt() }
        index += Int(length)
        return bytes[(index - Int(length))..<index]
    }

    mutating func string() throws(CheckpointCorrupt) -> String {
        // The file's checksum already vouches for these bytes.
        try raw().withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    mutating func optionalString() throws(CheckpointCorrupt) -> String? {
        try bool() ? try string() : nil
    }

    mutating func json(depth: Int = 0) throws(CheckpointCorrupt) -> JSONValue {
        guard index < bytes.count, depth <= JSONParser.maximumDepth else { throw CheckpointCorrupt() }
        index += 1
        switch bytes[index - 1] {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .number(try string())
        case 4: return .string(try string())
        case 5:
            var elements: [JSONValue] = []
            for _ in 0..<(try count()) { elements.append(try json(depth: depth + 1)) }
            return .array(elements)
        case 6:
            var members: [JSONObject.Member] = []
            for _ in 0..<(try count()) { members.append(JSONObject.Member(try string(), try json(depth: depth + 1))) }
            return .object(JSONObject(members))
        default: throw CheckpointCorrupt()
        }
    }

    mutating func optionalJSON() throws(CheckpointCorrupt) -> JSONValue? {
        try bool() ? try json() : nil
    }

    mutating func timestamp() throws(CheckpointCorrupt) -> Timestamp { Timestamp(nanoseconds: try int()) }

    mutating func optionalTimestamp() throws(CheckpointCorrupt) -> Timestamp? {
        try bool() ? try timestamp() : nil
    }
}

/// The checkpoint cannot be used; the caller replays the whole log instead.
struct CheckpointCorrupt: Error {}

// MARK: Projection values

extension BinaryWriter {
    mutating func toggleState(_ state: ToggleState) {
        string(state.name)
        string(state.definition.kind.rawValue)
        string(state.definition.valueType.rawValue)
        json(state.definition.defaultValue)
        string(state.definition.category)
        optionalString(state.definition.owner)
        optionalString(state.definition.description)
        bool(state.definition.expires != nil)
        if let expires = state.definition.expires { int(expires.daysSince1970) }
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
        int(state.eventCount)
        string(state.stage.rawValue)
        timestamp(state.stageSince)
        json(state.baselineValue)
    }

    mutating func remoteValue(_ remote: RemoteValue) {
        optionalJSON(remote.value)
        int(remote.conditions.count)
        for condition in remote.conditions {
            string(condition.name)
            string(condition.expression)
            optionalJSON(condition.value)
            optionalJSON(condition.managed.map(JSONValue.object))
        }
        optionalString(remote.templateVersion)
        optionalJSON(remote.managed.map(JSONValue.object))
    }

    /// Stored relative to the log directory (`base` is its display name and a slash), so a
    /// log opened under another name or copied elsewhere still names its own files.
    mutating func location(_ location: LineLocation?, base: String) {
        bool(location != nil)
        if let location {
            let relative = location.file.hasPrefix(base)
            bool(relative)
            string(relative ? String(location.file.dropFirst(base.count)) : location.file)
            int(location.line)
        }
    }

    /// Events (for unknown types) are stored as their log line.
    mutating func event(_ event: Event) { string(EventCodec.encode(event)) }

    mutating func violation(_ violation: LifecycleViolation) {
        string(violation.eventID)
        string(violation.toggle)
        string(violation.type)
        timestamp(violation.at)
        reason(violation.reason)
    }

    private mutating func reason(_ reason: LifecycleViolation.Reason) {
        switch reason {
        case .unknownToggle: int(0)
        case .alreadyExists(let createdAt): int(1); timestamp(createdAt)
        case .removed(let removedAt): int(2); timestamp(removedAt)
        case .beforeCreation(let createdAt): int(3); timestamp(createdAt)
        case .beforeRemoval(let removedAt): int(4); timestamp(removedAt)
        case .wrongValueType(let field, let expected, let found): int(5); string(field); string(expected.rawValue); json(found)
        case .notRemote(let kind): int(6); string(kind.rawValue)
        case .expiryNotLater(let current): int(7); int(current.daysSince1970)
        case .invalidField(let problem): int(8); string(problem)
        case .idInUse(let byType, let toggle): int(9); string(byType); string(toggle)
        case .invalidatesLater(let later): int(10); violation(later)
        }
    }
}

extension BinaryReader {
    mutating func toggleState() throws(CheckpointCorrupt) -> ToggleState {
        let name = try string()
        guard let kind = ToggleKind(rawValue: try string()), let valueType = ValueType(rawValue: try string()) else {
            throw CheckpointCorrupt()
        }
        let defaultValue = try json()
        let category = try string()
        let owner = try optionalString()
        let description = try optionalString()
        let expires = try bool() ? CalendarDate(daysSince1970: try int()) : nil
        let remote = try bool() ? try remoteValue() : nil
        let definition = ToggleDefinition(
            kind: kind, valueType: valueType, defaultValue: defaultValue, category: category, owner: owner,
            description: description, expires: expires)
        var state = ToggleState(
            name: name, definition: definition, remote: remote, remotePublishedAt: try optionalTimestamp(),
            createdAt: try timestamp(), createdBy: try string(), updatedAt: try timestamp(),
            removedAt: try optionalTimestamp(), removedBy: try optionalString(), removalReason: try optionalString(),
            expiryExtensionReason: try optionalString(), eventCount: Int(try int()))
        guard let stage = ToggleStage(rawValue: try string()) else { throw CheckpointCorrupt() }
        state.stage = stage
        state.stageSince = try timestamp()
        state.baselineValue = try json()
        return state
    }

    mutating func remoteValue() throws(CheckpointCorrupt) -> RemoteValue {
        let value = try optionalJSON()
        var conditions: [ConditionalValue] = []
        for _ in 0..<(try count()) {
            conditions.append(ConditionalValue(
                name: try string(), expression: try string(), value: try optionalJSON(), managed: try optionalObject()))
        }
        return RemoteValue(value: value, conditions: conditions, templateVersion: try optionalString(), managed: try optionalObject())
    }

    mutating func optionalObject() throws(CheckpointCorrupt) -> JSONObject? {
        guard let value = try optionalJSON() else { return nil }
        guard case .object(let object) = value else { throw CheckpointCorrupt() }
        return object
    }

    mutating func location(base: String) throws(CheckpointCorrupt) -> LineLocation? {
        guard try bool() else { return nil }
        let relative = try bool()
        let file = try string()
        return LineLocation(file: relative ? base + file : file, line: Int(try int()))
    }

    mutating func event() throws(CheckpointCorrupt) -> Event {
        do {
            return try EventCodec.decode(try JSONParser.parse(try string()))
        } catch {
            throw CheckpointCorrupt()
        }
    }

    mutating func violation() throws(CheckpointCorrupt) -> LifecycleViolation {
        LifecycleViolation(eventID: try string(), toggle: try string(), type: try string(), at: try timestamp(), reason: try reason())
    }

    private mutating func reason() throws(CheckpointCorrupt) -> LifecycleViolation.Reason {
        switch try int() {
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
        case 7: return .expiryNotLater(current: CalendarDate(daysSince1970: try int()))
        case 8: return .invalidField(try string())
        case 9: return .idInUse(byType: try string(), toggle: try string())
        case 10: return .invalidatesLater(try violation())
        default: throw CheckpointCorrupt()
        }
    }
}
