/// The token texts of the files one thread lexes, each spelled once: the lexer looks a name
/// up by its bytes and reuses the `String` made the first time, instead of decoding and
/// validating UTF-8 for every token (2.5 million strings, 12% of a 5,000-file scan).
///
/// Ids are small and dense, so the reference rules can remember per name what they decided
/// (``SwiftReferenceScanner/NameMemo``). A table belongs to one thread and one pass.
struct SwiftNameTable {
    /// A name's first 16 bytes as two words (zero-padded), its length, and where all its
    /// bytes are in `spellings` when it is longer: most names are compared in two word comparisons.
    private struct Entry {
        var head: (UInt64, UInt64)
        // Length and hash in 32 bits (the hash's low bits pick the slot), so an entry is 32
        // bytes, half a cache line: the table's cost is its cache misses.
        var count: Int32
        var hash: UInt32
        var start: Int
    }

    /// Open addressing: an id + 1 per slot, 0 for an empty slot; the capacity is a power of two.
    private var slots: [Int32]
    private var entries: [Entry] = []
    private var spellings: [UInt8] = []
    /// The text of each id.
    package private(set) var texts: [String] = []
    /// Where the text of each id is kept for the process (``SwiftTokenTexts``): what a token holds.
    private(set) var textAddresses: [UnsafePointer<String>] = []

    /// `capacity` slots, a power of two; 0 makes a placeholder that holds nothing until swapped.
    init(capacity: Int = 1024) {
        slots = [Int32](repeating: 0, count: capacity)
    }

    package var count: Int { texts.count }

    /// The id of the name spelled by `bytes[start..<end]`, added when new.
    package mutating func id(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int32 {
        let count = end - start
        var head: (UInt64, UInt64) = (0, 0)
        #if _endian(little)
        if bytes.count - start >= 16 {
            // Two loads and masks: copying the bytes into the words went through memcpy and
            // then stalled reading them back, a third of this function's time.
            let raw = UnsafeRawPointer(bytes.baseAddress! + start)
            let first = raw.loadUnaligned(as: UInt64.self)
            let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            head.0 = count >= 8 ? first : first & ((1 << (UInt64(count) * 8)) &- 1)
            head.1 = count >= 16 ? second : count <= 8 ? 0 : second & ((1 << (UInt64(count - 8) * 8)) &- 1)
        } else {
            Self.copyHead(bytes, start, count, into: &head)
        }
        #else
        Self.copyHead(bytes, start, count, into: &head)
        #endif
        var hash = (head.0 &* 0x9E37_79B9_7F4A_7C15) ^ (head.1 &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
        // Longer names: the rest of the bytes too, a word at a time (FNV-1a steps).
        if count > 16 { hash = Self.hashRest(bytes, from: start + 16, to: end, into: hash) }
        hash ^= hash >> 29
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot] - 1)
            if entries[id].count == Int32(truncatingIfNeeded: count) && entries[id].head == head && (count <= 16 || restEqual(id, bytes, from: start)) {
                return Int32(id)
            }
            slot = (slot + 1) & mask
        }
        return add(bytes, from: start, to: end, head: head, hash: hash, slot: slot)
    }

    /// A new name, in the empty `slot`. Not inlined: names are found far more often than added,
    /// and the finding path then needs fewer registers saved.
    @inline(never)
    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, head: (UInt64, UInt64), hash: UInt64, slot: Int) -> Int32 {
        let count = end - start
        let id = texts.count
        let spelled = UnsafeBufferPointer(rebasing: bytes[start..<end])
        entries.append(Entry(head: head, count: Int32(truncatingIfNeeded: count), hash: UInt32(truncatingIfNeeded: hash), start: spellings.count))
        if count > 16 { spellings.append(contentsOf: spelled) }
        let address = SwiftTokenTexts.shared.address(of: spelled) { String(decoding: spelled, as: UTF8.self) }
        texts.append(address.pointee)
        textAddresses.append(address)
        slots[slot] = Int32(id + 1)
        if texts.count * 2 > slots.count { grow() }
        return Int32(id)
    }

    private static func copyHead(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, into head: inout (UInt64, UInt64)) {
        withUnsafeMutableBytes(of: &head) { words in
            words.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: min(count, 16))
        }
    }

    private static func hashRest(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into seed: UInt64) -> UInt64 {
        var hash = seed
        var index = start
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        while end - index >= 8 {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x100_0000_01B3
            index += 8
        }
        while index < end {
            hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01B3
            index += 1
        }
        return hash
    }

    /// Whether the bytes past the first 16 of the name at `start` are those of `id`, a word at a time.
    private func restEqual(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        let first = entries[id].start
        let count = Int(entries[id].count)
        let name = UnsafeRawPointer(bytes.baseAddress! + start)
        return spellings.withUnsafeBytes { stored in
            var offset = 16
            while count - offset >= 8 {
                if stored.loadUnaligned(fromByteOffset: first + offset, as: UInt64.self) != name.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                offset += 8
            }
            while offset < count {
                if stored[first + offset] != name.load(fromByteOffset: offset, as: UInt8.self) { return false }
                offset += 1
            }
            return true
        }
    }

    private mutating func grow() {
        var larger = [Int32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for id in texts.indices {
            var slot = Int(truncatingIfNeeded: entries[id].hash) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = Int32(id + 1)
        }
        slots = larger
    }
}
