import LedgerPlatform
import LedgerModel
import CacheHints

/// Makes one `String` per distinct byte sequence, so the toggle names, actors and categories
/// that repeat on every line of a log share storage instead of each allocating, and numbers
/// them (the slot), so a replay can find a toggle without hashing its name again.
///
/// Open addressing over slots that hold the string itself next to its hash and number, so
/// a lookup costs one cache miss: replay interns three strings per event, and the table of
/// a big log does not fit in the cache. Once it holds `capacityLimit` strings it stops
/// remembering new ones (it still returns them, without a slot), so a log of millions of
/// distinct names cannot make it grow without bound.
struct StringInterner {
    private struct Slot {
        /// The upper 32 bits of the string's hash, and its number + 1 in the lower 32; 0 is empty.
        package var word: UInt64
        package var string: String
    }

    private var table: [Slot]
    package private(set) var count = 0
    private var mask: Int
    static let capacityLimit = 1 << 20

    init() {
        table = [Slot](repeating: Slot(word: 0, string: ""), count: 1024)
        mask = 1023
    }

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        internWithSlot(bytes).string
    }

    /// The shared string for `bytes` and its number (-1 when the table is full).
    mutating func internWithSlot(_ bytes: UnsafeBufferPointer<UInt8>) -> (string: String, slot: Int32) {
        internWithSlot(bytes, hash: Self.tableHash(bytes))
    }

    /// ``internWithSlot(_:)`` when the caller already has `tableHash(bytes)`.
    mutating func internWithSlot(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (string: String, slot: Int32) {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var index = Int(truncatingIfNeeded: hash) & mask
        let found: (string: String, slot: Int32)? = table.withUnsafeBufferPointer { table in
            while true {
                let word = table[index].word
                if word == 0 { return nil }
                if word & 0xFFFF_FFFF_0000_0000 == tag && Self.equals(table[index].string, bytes) {
                    return (table[index].string, Int32(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1)
                }
                index = (index + 1) & mask
            }
        }
        if let found { return found }
        let string = String(decoding: bytes, as: UTF8.self)
        guard count < Self.capacityLimit else { return (string, -1) }
        count += 1
        table[index] = Slot(word: tag | UInt64(count), string: string)
        if count * 2 > table.count { grow() }
        return (string, Int32(count - 1))
    }

    /// Whether `string` holds exactly `bytes`. A small string is compared in place; a large
    /// one's bytes share the cache line the retain of a match touches anyway.
    private static func equals(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = string.utf8
        guard utf8.count == bytes.count else { return false }
        if let same = utf8.withContiguousStorageIfAvailable({ stored in
            bytes.isEmpty || RawMemory.equal(stored.baseAddress!, bytes.baseAddress!, count: bytes.count)
        }) {
            return same
        }
        return utf8.elementsEqual(bytes)
    }

    /// Starts loading the slot a lookup of a string with `tableHash` `hash` starts at, so the
    /// lookup finds it in the cache. Returns at once.
    package func prefetch(hash: UInt64) {
        let index = Int(truncatingIfNeeded: hash) & mask
        table.withUnsafeBufferPointer { table in
            let slot = UnsafeRawPointer(table.baseAddress! + index)
            toggles_prefetch(slot)
            toggles_prefetch(slot + MemoryLayout<Slot>.size - 1)  // a slot may straddle two lines
        }
    }

    /// The number of `string`, interning it (for events the general decoder made).
    package mutating func slot(of string: String) -> Int32 {
        var string = string
        return string.withUTF8 { internWithSlot($0).slot }
    }

    private mutating func grow() {
        let size = table.count * 2
        let old = table
        table = [Slot](repeating: Slot(word: 0, string: ""), count: size, preferringHugePages: true)
        mask = size - 1
        for slot in old where slot.word != 0 {
            var string = slot.string
            let hash = string.withUTF8 { Self.tableHash($0) }
            var index = Int(truncatingIfNeeded: hash) & mask
            while table[index].word != 0 { index = (index + 1) & mask }
            table[index] = slot
        }
    }

    /// The table's hash of a string's bytes (``ByteHash/words(_:seed:)``).
    @inline(__always)
    package static func tableHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ByteHash.words(bytes).hash
    }
}
