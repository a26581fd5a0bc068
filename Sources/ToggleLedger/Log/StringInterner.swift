/// Makes one `String` per distinct byte sequence, so the toggle names, actors and categories
/// that repeat on every line of a log share storage instead of each allocating, and numbers
/// them (the slot), so a replay can find a toggle without hashing its name again.
///
/// An open-addressing table of (hash, entry) words over one array of entries, so a lookup
/// touches two or three cache lines: replay interns three strings per event. Once it holds
/// `capacityLimit` strings it stops remembering new ones (it still returns them, without a
/// slot), so a log of millions of distinct names cannot make it grow without bound.
struct StringInterner {
    /// The upper 32 bits of an entry's hash, and its index + 1 in the lower 32; 0 is empty.
    private var table: [UInt64]
    private var strings: [String] = []
    private var mask: Int
    static let capacityLimit = 1 << 20

    init() {
        table = [UInt64](repeating: 0, count: 1024)
        mask = 1023
    }

    var count: Int { strings.count }

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        internWithSlot(bytes).string
    }

    /// The shared string for `bytes` and its number (-1 when the table is full).
    mutating func internWithSlot(_ bytes: UnsafeBufferPointer<UInt8>) -> (string: String, slot: Int32) {
        let hash = Self.tableHash(bytes)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let word = table[slot]
            if word == 0 { break }
            if word & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1
                var candidate = strings[entry]
                let same = candidate.withUTF8 { stored in
                    stored.count == bytes.count && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
                }
                if same { return (candidate, Int32(truncatingIfNeeded: entry)) }
            }
            slot = (slot + 1) & mask
        }
        let string = String(decoding: bytes, as: UTF8.self)
        guard strings.count < Self.capacityLimit else { return (string, -1) }
        table[slot] = tag | UInt64(strings.count + 1)
        strings.append(string)
        if strings.count * 2 > table.count { grow() }
        return (string, Int32(strings.count - 1))
    }

    /// The number of `string`, interning it (for events the general decoder made).
    mutating func slot(of string: String) -> Int32 {
        var string = string
        return string.withUTF8 { internWithSlot($0).slot }
    }

    private mutating func grow() {
        let size = table.count * 2
        table = [UInt64](repeating: 0, count: size)
        mask = size - 1
        for (entry, string) in strings.enumerated() {
            var string = string
            let hash = string.withUTF8 { Self.tableHash($0) }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(entry + 1)
        }
    }

    /// Eight bytes at a time, then a final mix; names are short, so this is a few multiplies.
    static func tableHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 31
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }

    /// Stable across processes (the checkpoint's Bloom filter stores what it hashed): do not change.
    /// FNV-1a, then a final mix so the low bits used for the slot depend on every byte.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
