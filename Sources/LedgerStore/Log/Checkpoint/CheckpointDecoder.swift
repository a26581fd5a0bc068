import LedgerPlatform
import LedgerModel
/// them). Every read checks bounds; a malformed checkpoint throws ``CheckpointCorrupt`` and
/// is treated as missing.
package struct CheckpointDecoder {
    private let base: UnsafeRawPointer
    private let end: Int
    package private(set) var index: Int
    /// The string table, once read.
    private var strings: [String] = []

    init(_ bytes: UnsafeRawBufferPointer, from start: Int = 0) {
        base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
        end = bytes.count
        index = min(start, bytes.count)
    }

    package var isAtEnd: Bool { index == end }
    package var remaining: Int { end - index }

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
    package mutating func int() throws(CheckpointCorrupt) -> Int { Int(try i64()) }

    @inline(__always)
    package mutating func bool() throws(CheckpointCorrupt) -> Bool {
        switch try u8() {
        case 0: return false
        case 1: return true
        default: throw CheckpointCorrupt()
        }
    }

    /// A count of items that take at least one byte each: never more than the bytes left.
    @inline(__always)
    package mutating func count() throws(CheckpointCorrupt) -> Int {
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
    package mutating func skip(to position: Int) throws(CheckpointCorrupt) {
        guard position >= index, position <= end else { throw CheckpointCorrupt() }
        index = position
    }

    package mutating func raw(_ size: Int) throws(CheckpointCorrupt) -> UnsafeRawBufferPointer {
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
    package mutating func string() throws(CheckpointCorrupt) -> String { strings[try stringIndex()] }

    /// The string at a position ``stringIndex()`` returned.
    package func string(at position: Int) -> String { strings[position] }

    /// The string at an index read from the file (checked).
    package func string(atIndex position: UInt32) throws(CheckpointCorrupt) -> String {
        guard Int(position) < strings.count else { throw CheckpointCorrupt() }
        return strings[Int(position)]
    }

    @inline(__always)
    package mutating func optionalString() throws(CheckpointCorrupt) -> String? {
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

    package mutating func json(depth: Int = 0) throws(CheckpointCorrupt) -> JSONValue {
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
    package mutating func timestamp() throws(CheckpointCorrupt) -> Timestamp { Timestamp(nanoseconds: try i64()) }

    @inline(__always)
    package mutating func optionalTimestamp() throws(CheckpointCorrupt) -> Timestamp? {
        try bool() ? try timestamp() : nil
    }
}

/// The checkpoint cannot be used; the caller replays the whole log instead.
package struct CheckpointCorrupt: Error {}
