import LedgerPlatform
import LedgerModel
import CacheHints

/// The ids already replayed, in 8 bytes each (at most 70% full, so about 11 bytes per id):
/// where the id's line is, and as many bits of a hash of the id as the rest of the word holds.
///
/// Where: one number for the segment and byte offset, the offset into the concatenation of
/// every segment of the read, so it takes as many bits as the log's size needs (28 bits for
/// 180 MB); the other 36 are the top bits of the id's hash, which also choose its home slot.
/// A hash match is only a candidate: the caller confirms it by reading the first line back
/// and comparing the ids byte for byte, so two different ids whose hashes collide are never
/// mistaken for a duplicate. The hash is seeded per process, so nobody can craft ids that
/// collide on purpose to slow a replay down.
package struct SeenIDs {
    private var slots: [UInt64] = []
    /// Where each segment starts in the concatenation of the read's segments.
    private var segmentStarts: [Int64] = []
    private var positionBits = 0
    /// Lines found past the size their segment had when the read began (a file that grew
    /// meanwhile): they do not fit a position number, so they are kept whole, by hash.
    private var outsiders: [UInt64: [(segment: Int, offset: Int64)]] = [:]
    package private(set) var count = 0

    init() {}

    var isConfigured: Bool { !slots.isEmpty }

    /// Sizes the table for a read of segments of these sizes (in bytes); about one id per
    /// 160 bytes is expected, and the table grows if there are more.
    mutating func configure(segmentSizes: [Int64]) {
        var starts: [Int64] = []
        starts.reserveCapacity(segmentSizes.count)
        var total: Int64 = 0
        for size in segmentSizes {
            starts.append(total)
            total += max(size, 0)
        }
        segmentStarts = starts
        positionBits = max(1, Int64.bitWidth - total.leadingZeroBitCount)
        slots = [UInt64](repeating: 0, count: max(1024, Int(total / 160) * 10 / 7))
    }

    /// Per process, so nobody can choose ids that pile up in one slot.
    private static let seed = UInt64.random(in: 1...UInt64.max)

    package static func fingerprint(_ id: String) -> UInt64 {
        var id = id
        return id.withUTF8 { fingerprint(bytes: $0) }
    }

    /// ``fingerprint(_:)`` of the id whose UTF-8 bytes are `bytes`.
    package static func fingerprint(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ByteHash.words(bytes, seed: seed).hash
    }

    /// Records the id with hash `fingerprint`, whose line is at `offset` in segment `segment`,
    /// unless an earlier entry with the same hash bits is confirmed by `isSameID`; then
    /// returns where that earlier line is.
    package mutating func insert(
        _ fingerprint: UInt64, segment: Int, offset: Int64, isSameID: (Int, Int64) throws -> Bool
    ) rethrows -> (segment: Int, offset: Int64)? {
        precondition(isConfigured, "SeenIDs used before configure(segmentSizes:)")
        if !outsiders.isEmpty, let earlier = outsiders[fingerprint] {
            for candidate in earlier where try isSameID(candidate.segment, candidate.offset) { return candidate }
        }
        let tag = Swift.max(fingerprint >> positionBits, 1)
        var slot = home(tag)
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            if stored >> positionBits == tag {
                let earlier = locate(stored & (1 << positionBits &- 1))
                if try isSameID(earlier.segment, earlier.offset) { return earlier }
            }
            slot += 1
            if slot == slots.count { slot = 0 }
        }
        let start = segmentStarts[segment]
        let end = segment + 1 < segmentStarts.count ? segmentStarts[segment + 1] : Int64(1) << positionBits
        guard offset >= 0, start + offset < end, start + offset < Int64(1) << positionBits else {
            outsiders[fingerprint, default: []].append((segment, offset))
            count += 1
            return nil
        }
        slots[slot] = tag << positionBits | UInt64(start + offset)
        count += 1
        if count * 10 > slots.count * 7 { grow() }
        return nil
    }

    /// Starts loading the slot `fingerprint` starts probing from, so a later ``insert`` finds
    /// it in the cache (see `LogReader.merge`). Returns at once.
    package func prefetch(_ fingerprint: UInt64) {
        guard isConfigured else { return }
        let slot = home(Swift.max(fingerprint >> positionBits, 1))
        slots.withUnsafeBufferPointer { toggles_prefetch($0.baseAddress! + slot) }
    }

    /// The slot an entry starts probing from: its tag scaled to the table, so the table can
    /// be resized from the stored words alone.
    private func home(_ tag: UInt64) -> Int {
        Int(truncatingIfNeeded: (tag << positionBits).multipliedFullWidth(by: UInt64(slots.count)).high)
    }

    private func locate(_ position: UInt64) -> (segment: Int, offset: Int64) {
        let value = Int64(position)
        // The last segment starting at or before the position.
        var low = 0
        var high = segmentStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segmentStarts[middle] <= value { low = middle } else { high = middle - 1 }
        }
        // Empty segments share their start with the next one; lines live in the last of them.
        return (low, value - segmentStarts[low])
    }

    private mutating func grow() {
        let old = slots
        slots = []
        slots = [UInt64](repeating: 0, count: old.count * 2)
        for word in old where word != 0 {
            var slot = home(word >> positionBits)
            while slots[slot] != 0 {
                slot += 1
                if slot == slots.count { slot = 0 }
            }
            slots[slot] = word
        }
    }
}

/// Reads single lines back from a segment, for the rare checks that need an earlier line.
enum LineFetcher {
    /// The line starting at `offset`, without its newline (and without a CR before it).
    package static func line(in segment: Segment, at offset: Int64) throws -> [UInt8] {
        let descriptor = try logIO { try SystemCalls.open(segment.path, OpenFlags.readOnly) }
        defer { SystemCalls.close(descriptor) }
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var position = offset
        while true {
            let read = try chunk.withUnsafeMutableBytes { raw in
                try logIO { try SystemCalls.pread(descriptor, into: raw.baseAddress!, count: raw.count, offset: position, path: segment.displayPath) }
            }
            if read == 0 { break }
            if let newline = chunk[..<read].firstIndex(of: 0x0A) {
                line += chunk[..<newline]
                break
            }
            line += chunk[..<read]
            position += Int64(read)
        }
        if line.last == 0x0D { line.removeLast() }
        return line
    }

    /// The 1-based number of the line starting at `offset`.
    package static func lineNumber(in segment: Segment, at offset: Int64) throws -> Int {
        let descriptor = try logIO { try SystemCalls.open(segment.path, OpenFlags.readOnly) }
        defer { SystemCalls.close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        var position: Int64 = 0
        var newlines = 0
        while position < offset {
            let wanted = Int(min(Int64(chunk.count), offset - position))
            let read = try chunk.withUnsafeMutableBytes { raw in
                try logIO { try SystemCalls.pread(descriptor, into: raw.baseAddress!, count: wanted, offset: position, path: segment.displayPath) }
            }
            if read == 0 { break }
            for byte in chunk[..<read] where byte == 0x0A { newlines += 1 }
            position += Int64(read)
        }
        return newlines + 1
    }
}

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
        table = [Slot](repeating: Slot(word: 0, string: ""), count: size)
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
