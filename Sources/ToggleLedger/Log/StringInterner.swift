/// Makes one `String` per distinct byte sequence, so the toggle names, actors and categories
/// that repeat on every line of a log share storage instead of each allocating.
///
/// An open-addressing table keyed by the bytes; the bytes live in one arena. Once it holds
/// `capacityLimit` strings it stops remembering new ones (it still returns them), so a log of
/// millions of distinct names cannot make it grow without bound.
struct StringInterner {
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var strings: [String] = []
    private var offsets: [Int] = []
    private var lengths: [Int] = []
    private var arena: [UInt8] = []
    private var mask: Int
    static let capacityLimit = 1 << 20

    init() {
        slots = [Int32](repeating: -1, count: 1024)
        mask = 1023
    }

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { break }
            if hashes[entry] == hash && lengths[entry] == bytes.count {
                let same = arena.withUnsafeBufferPointer { arena in
                    bytes.isEmpty || memcmp(arena.baseAddress! + offsets[entry], bytes.baseAddress!, bytes.count) == 0
                }
                if same { return strings[entry] }
            }
            slot = (slot + 1) & mask
        }
        let string = String(decoding: bytes, as: UTF8.self)
        guard strings.count < Self.capacityLimit else { return string }
        slots[slot] = Int32(strings.count)
        hashes.append(hash)
        strings.append(string)
        offsets.append(arena.count)
        lengths.append(bytes.count)
        arena.append(contentsOf: bytes)
        if strings.count * 2 > slots.count { grow() }
        return string
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        for entry in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry)
        }
    }

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
