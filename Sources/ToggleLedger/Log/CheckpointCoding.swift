/// The checkpoint's binary form: fixed-width little-endian integers (`u8`, `u32`, `i64`),
/// strings either inline (`u32` length, then UTF-8) or, in the projection part, as a `u32`
/// index into a string table written once in front of it. A name, an actor, a category or
/// a condition's expression repeated across thousands of toggles is stored and restored once
/// (restored toggles share one `String`), and decoding is a walk over loads at known offsets.
struct CheckpointEncoder {
    private(set) var bytes: [UInt8] = []
    private var index: [String: UInt32] = [:]
    /// The interned strings, in index order.
    private(set) var strings: [String] = []

    /// `u32` meaning "no string" where a string is optional.
    static let none = UInt32.max

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func u8(_ value: UInt8) { bytes.append(value) }

    mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func i64(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func u64(_ value: UInt64) { i64(Int64(bitPattern: value)) }
    mutating func int(_ value: Int) { i64(Int64(value)) }
    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// A count of what follows (every count in a checkpoint fits 32 bits: they are bounded
    /// by the number of events, which the header checks).
    mutating func count(_ value: Int) { u32(UInt32(truncatingIfNeeded: value)) }

    mutating func raw(_ value: UnsafeRawBufferPointer) { bytes.append(contentsOf: value) }

    /// Starts a record whose length (`u32`) precedes it; returns where, for ``endRecord(_:)``.
    mutating func beginRecord() -> Int {
        u32(0)
        return bytes.count
    }

    /// Writes the length of the record begun at `start`.
    mutating func endRecord(_ start: Int) {
        let length = UInt32(truncatingIfNeeded: bytes.count - start).littleEndian
        withUnsafeBytes(of: length) { length in
            for offset in 0..<4 { bytes[start - 4 + offset] = length[offset] }
        }
    }

    mutating func inlineString(_ value: String) {
        count(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    /// An interned string: its index in the string table.
    mutating func string(_ value: String) { u32(intern(value)) }

    mutating func optionalString(_ value: String?) { u32(value.map { intern($0) } ?? Self.none) }

    private mutating func intern(_ value: String) -> UInt32 {
        if let known = index[value] { return known }
        let new = UInt32(strings.count)
        index[value] = new
        strings.append(value)
        return new
    }

    /// The string table: the count, each string's length, then their bytes.
    static func stringTable(_ strings: [String]) -> [UInt8] {
        var table = CheckpointEncoder(capacity: 8 + strings.count * 4 + strings.reduce(0) { $0 + $1.utf8.count })
        table.count(strings.count)
        for string in strings { table.count(string.utf8.count) }
        for string in strings { table.bytes.append(contentsOf: string.utf8) }
        return table.bytes
    }

    /// An enum by its position in a table of raw values written by ``enumTable(_:)``.
    mutating func enumValue<Value: CaseIterable & Equatable>(_ value: Value) {
        u8(UInt8(Value.allCases.distance(from: Value.allCases.startIndex, to: Value.allCases.firstIndex(of: value)!)))
    }

    /// The raw values of an enum's cases, so that ``enumValue(_:)`` positions mean the same
    /// to the reader even if cases are reordered or added.
    mutating func enumTable<Value: CaseIterable & RawRepresentable>(_: Value.Type) where Value.RawValue == String {
        count(Value.allCases.count)
        for value in Value.allCases { string(value.rawValue) }
    }

    /// A JSON value as a tagged tree: restoring it needs no parsing. Tag 7 is a missing
    /// optional value.
    mutating func json(_ value: JSONValue) {
        switch value {
        case .null: u8(0)
        case .bool(let flag): u8(flag ? 2 : 1)
        case .number(let lexeme): u8(3); string(lexeme)
        case .string(let text): u8(4); string(text)
        case .array(let elements):
            u8(5)
            count(elements.count)
            for element in elements { json(element) }
        case .object(let object):
            u8(6)
            count(object.members.count)
            for member in object.members {
                string(member.key)
                json(member.value)
            }
        }
    }

    mutating func optionalJSON(_ value: JSONValue?) {
        if let value { json(value) } else { u8(7) }
    }

    mutating func timestamp(_ value: Timestamp) { i64(value.nanoseconds) }

    mutating func optionalTimestamp(_ value: Timestamp?) {
        bool(value != nil)
        if let value { timestamp(value) }
    }
}

/// Reads what ``CheckpointEncoder`` wrote, from bytes that outlive it (the caller holds
/// them). Every read checks bounds; a malformed checkpoint throws ``CheckpointCorrupt`` and
/// is treated as missing.
struct CheckpointDecoder {
    private let base: UnsafeRawPointer
    private let end: Int
    private(set) var index: Int
    /// The string table, once read.
    private var strings: [String] = []

    init(_ bytes: UnsafeRawBufferPointer, from start: Int = 0) {
        base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
        end = bytes.count
        index = min(start, bytes.count)
    }

    var isAtEnd: Bool { index == end }
    var remaining: Int { end - index }

    @inline(__always)
    private mutating func take(_ size: Int) throws(CheckpointCorrupt) -> Int {
        guard size <= end - index else { throw CheckpointCorrupt() }
        defer { index += size }
        return index
    }

    @inline(__always)
    mutating func u8() throws(CheckpointCorrupt) -> UInt8 {
        base.load(fromByteOffset: try take(1), as: UInt8.self)
    }

    @inline(__always)
    mutating func u32() throws(CheckpointCorrupt) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: try take(4), as: UInt32.self))
    }

    @inline(__always)
    mutating func i64() throws(CheckpointCorrupt) -> Int64 {
        Int64(littleEndian: base.loadUnaligned(fromByteOffset: try take(8), as: Int64.self))
    }

    @inline(__always)
    mutating func u64() throws(CheckpointCorrupt) -> UInt64 { UInt64(bitPattern: try i64()) }

    /// The next `u32`, left to be read.
    func peekU32() throws(CheckpointCorrupt) -> UInt32 {
        guard end - index >= 4 else { throw CheckpointCorrupt() }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt32.self))
    }

    @inline(__always)
    mutating func int() throws(CheckpointCorrupt) -> Int { Int(try i64()) }

    @inline(__always)
    mutating func bool() throws(CheckpointCorrupt) -> Bool {
        switch try u8() {
        case 0: return false
        case 1: return true
        default: throw CheckpointCorrupt()
        }
    }

    /// A count of items that take at least one byte each: never more than the bytes left.
    @inline(__always)
    mutating func count() throws(CheckpointCorrupt) -> Int {
        let value = Int(try u32())
        guard value <= end - index else { throw CheckpointCorrupt() }
        return value
    }

    /// Reads a record's length; returns where the record ends.
    mutating func recordEnd() throws(CheckpointCorrupt) -> Int {
        let length = Int(try u32())
        guard length <= end - index else { throw CheckpointCorrupt() }
        return index + length
    }

    /// Steps over the rest of a record (to what ``recordEnd()`` returned).
    mutating func skip(to position: Int) throws(CheckpointCorrupt) {
        guard position >= index, position <= end else { throw CheckpointCorrupt() }
        index = position
    }

    mutating func raw(_ size: Int) throws(CheckpointCorrupt) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + (try take(size)), count: size)
    }

    mutating func inlineString() throws(CheckpointCorrupt) -> String {
        let length = Int(try u32())
        // The file's checksum already vouches for these bytes.
        return String(decoding: try raw(length), as: UTF8.self)
    }

    mutating func readStringTable() throws(CheckpointCorrupt) {
        let count = try count()
        guard count <= (end - index) / 4 else { throw CheckpointCorrupt() }
        let lengths = try raw(count * 4)
        var table: [String] = []
        table.reserveCapacity(count)
        for position in 0..<count {
            let length = Int(UInt32(littleEndian: lengths.loadUnaligned(fromByteOffset: position * 4, as: UInt32.self)))
            // The file's checksum already vouches for these bytes.
            table.append(String(decoding: try raw(length), as: UTF8.self))
        }
        strings = table
    }

    var stringCount: Int { strings.count }

    @inline(__always)
    mutating func stringIndex() throws(CheckpointCorrupt) -> Int {
        let position = Int(try u32())
        guard position < strings.count else { throw CheckpointCorrupt() }
        return position
    }

    @inline(__always)
    mutating func string() throws(CheckpointCorrupt) -> String { strings[try stringIndex()] }

    /// The string at a position ``stringIndex()`` returned.
    func string(at position: Int) -> String { strings[position] }

    /// The string at an index read from the file (checked).
    func string(atIndex position: UInt32) throws(CheckpointCorrupt) -> String {
        guard Int(position) < strings.count else { throw CheckpointCorrupt() }
        return strings[Int(position)]
    }

    @inline(__always)
    mutating func optionalString() throws(CheckpointCorrupt) -> String? {
        let position = try u32()
        if position == CheckpointEncoder.none { return nil }
        guard Int(position) < strings.count else { throw CheckpointCorrupt() }
        return strings[Int(position)]
    }

    /// What ``CheckpointEncoder/enumTable(_:)`` wrote, as the cases it names.
    mutating func enumTable<Value: RawRepresentable>(_: Value.Type) throws(CheckpointCorrupt) -> [Value] where Value.RawValue == String {
        var table: [Value] = []
        for _ in 0..<(try count()) {
            guard let value = Value(rawValue: try string()) else { throw CheckpointCorrupt() }
            table.append(value)
        }
        return table
    }

    @inline(__always)
    mutating func enumValue<Value>(_ table: [Value]) throws(CheckpointCorrupt) -> Value {
        let position = Int(try u8())
        guard position < table.count else { throw CheckpointCorrupt() }
        return table[position]
    }

    mutating func json(depth: Int = 0) throws(CheckpointCorrupt) -> JSONValue {
        guard let value = try optionalJSON(depth: depth) else { throw CheckpointCorrupt() }
        return value
    }

    mutating func optionalJSON(depth: Int = 0) throws(CheckpointCorrupt) -> JSONValue? {
        guard depth <= JSONParser.maximumDepth else { throw CheckpointCorrupt() }
        switch try u8() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .number(try string())
        case 4: return .string(try string())
        case 5:
            let count = try count()
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try json(depth: depth + 1)) }
            return .array(elements)
        case 6:
            let count = try count()
            var members: [JSONObject.Member] = []
            members.reserveCapacity(count)
            for _ in 0..<count { members.append(JSONObject.Member(try string(), try json(depth: depth + 1))) }
            return .object(JSONObject(members))
        case 7: return nil
        default: throw CheckpointCorrupt()
        }
    }

    @inline(__always)
    mutating func timestamp() throws(CheckpointCorrupt) -> Timestamp { Timestamp(nanoseconds: try i64()) }

    @inline(__always)
    mutating func optionalTimestamp() throws(CheckpointCorrupt) -> Timestamp? {
        try bool() ? try timestamp() : nil
    }
}

/// The checkpoint cannot be used; the caller replays the whole log instead.
struct CheckpointCorrupt: Error {}

// MARK: Locations

/// Locations are stored relative to the log directory (`base` is its display name and a
/// slash), so a log opened under another name or copied elsewhere still names its own files.
extension CheckpointEncoder {
    /// In the header: the file inline.
    mutating func inlineLocation(_ location: LineLocation?, base: String) {
        guard let location else { return u8(0) }
        let relative = location.file.hasPrefix(base)
        u8(relative ? 1 : 2)
        inlineString(relative ? String(location.file.dropFirst(base.count)) : location.file)
        int(location.line)
    }

    /// In the projection: the file from the string table.
    mutating func location(_ location: LineLocation?, base: String) {
        guard let location else { return u8(0) }
        let relative = location.file.hasPrefix(base)
        u8(relative ? 1 : 2)
        string(relative ? String(location.file.dropFirst(base.count)) : location.file)
        int(location.line)
    }
}

extension CheckpointDecoder {
    mutating func inlineLocation(base: String) throws(CheckpointCorrupt) -> LineLocation? {
        let kind = try u8()
        guard kind != 0 else { return nil }
        guard kind <= 2 else { throw CheckpointCorrupt() }
        let file = try inlineString()
        return LineLocation(file: kind == 1 ? base + file : file, line: try int())
    }
}

extension CheckpointDecoder {
    /// Steps over a location of the projection.
    mutating func skipLocation() throws(CheckpointCorrupt) {
        switch try u8() {
        case 0: return
        case 1, 2: _ = try raw(12)
        default: throw CheckpointCorrupt()
        }
    }
}

/// Restores locations of the projection, building each segment's display path once.
struct LocationDecoder {
    let base: String
    private var files: [String?] = []

    init(base: String) {
        self.base = base
    }

    mutating func location(_ decoder: inout CheckpointDecoder) throws(CheckpointCorrupt) -> LineLocation? {
        switch try decoder.u8() {
        case 0: return nil
        case 1:
            let position = try decoder.stringIndex()
            if files.isEmpty { files = [String?](repeating: nil, count: decoder.stringCount) }
            let file: String
            if let known = files[position] {
                file = known
            } else {
                file = base + decoder.string(at: position)
                files[position] = file
            }
            return LineLocation(file: file, line: try decoder.int())
        case 2: return LineLocation(file: try decoder.string(), line: try decoder.int())
        default: throw CheckpointCorrupt()
        }
    }
}

// MARK: Projection values

/// The enums of a toggle, as positions in tables written once in front of the toggles.
struct ToggleEnumTables {
    var kinds: [ToggleKind]
    var valueTypes: [ValueType]
    var stages: [ToggleStage]

    static func write(_ encoder: inout CheckpointEncoder) {
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
        int(state.eventCount)
        timestamp(state.stageSince)
        json(state.baselineValue)
    }

    mutating func remoteValue(_ remote: RemoteValue) {
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
        let eventCount = try int()
        let stageSince = try timestamp()
        let baselineValue = try json()
        let definition = ToggleDefinition(
            kind: kind, valueType: valueType, defaultValue: defaultValue, category: category, owner: owner,
            description: description, expires: expires)
        return ToggleState(
            name: name, definition: consume definition,
            remote: remote, remotePublishedAt: remotePublishedAt, createdAt: createdAt, createdBy: createdBy,
            updatedAt: updatedAt, removedAt: removedAt, removedBy: removedBy, removalReason: removalReason,
            expiryExtensionReason: expiryExtensionReason, eventCount: eventCount, stage: stage, stageSince: stageSince,
            baselineValue: baselineValue)
    }

    mutating func remoteValue() throws(CheckpointCorrupt) -> RemoteValue {
        let value = try optionalJSON()
        let count = try count()
        var conditions: [ConditionalValue] = []
        if count > 0 { conditions.reserveCapacity(count) }
        for _ in 0..<count {
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
        default: throw CheckpointCorrupt()
        }
    }
}
