import LedgerPlatform
import LedgerModel
/// The checkpoint's binary form: fixed-width little-endian integers (`u8`, `u32`, `i64`),
/// strings either inline (`u32` length, then UTF-8) or, in the projection part, as a `u32`
/// index into a string table written once in front of it. A name, an actor, a category or
/// a condition's expression repeated across thousands of toggles is stored and restored once
/// (restored toggles share one `String`), and decoding is a walk over loads at known offsets.
package struct CheckpointEncoder {
    package private(set) var bytes: [UInt8] = []
    private var index: [String: UInt32] = [:]
    /// The interned strings, in index order.
    package private(set) var strings: [String] = []

    /// `u32` meaning "no string" where a string is optional.
    package static let none = UInt32.max

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
    package mutating func int(_ value: Int) { i64(Int64(value)) }
    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// A count of what follows (every count in a checkpoint fits 32 bits: they are bounded
    /// by the number of events, which the header checks).
    package mutating func count(_ value: Int) { u32(UInt32(truncatingIfNeeded: value)) }

    package mutating func raw(_ value: UnsafeRawBufferPointer) { bytes.append(contentsOf: value) }

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
    package mutating func string(_ value: String) { u32(intern(value)) }

    package mutating func optionalString(_ value: String?) { u32(value.map { intern($0) } ?? Self.none) }

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
    package mutating func json(_ value: JSONValue) {
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

    package mutating func timestamp(_ value: Timestamp) { i64(value.nanoseconds) }

    package mutating func optionalTimestamp(_ value: Timestamp?) {
        bool(value != nil)
        if let value { timestamp(value) }
    }
}

/// Reads what ``CheckpointEncoder`` wrote, from bytes that outlive it (the caller holds
