/// The token texts of the files one thread lexes, each spelled once: the lexer looks a name
/// up by its bytes and reuses the `String` made the first time, instead of decoding and
/// validating UTF-8 for every token (2.5 million strings, 12% of a 5,000-file scan).
///
/// Ids are small and dense, so the reference rules can remember per name what they decided
/// (``SwiftReferenceScanner/NameMemo``). A table belongs to one thread and one pass.
package struct SwiftNameTable {
    /// Open addressing: an id + 1 per slot, 0 for an empty slot; the capacity is a power of two.
    private var slots: [Int32]
    private var hashes: [UInt32] = []
    /// Where each name's bytes start in `spellings`, and how many.
    private var starts: [Int] = []
    private var counts: [Int] = []
    private var spellings: [UInt8] = []
    /// The text of each id.
    package private(set) var texts: [String] = []

    /// `capacity` slots, a power of two; 0 makes a placeholder that holds nothing until swapped.
    package init(capacity: Int = 1024) {
        slots = [Int32](repeating: 0, count: capacity)
    }

    package var count: Int { texts.count }

    /// The id of the name spelled by `bytes[start..<end]`, added when new.
    package mutating func id(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int32 {
        // FNV-1a: a few instructions a byte, and names are short.
        var hash: UInt32 = 2_166_136_261
        for index in start..<end { hash = (hash ^ UInt32(bytes[index])) &* 16_777_619 }
        let length = end - start
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot] - 1)
            if hashes[id] == hash && counts[id] == length && spelled(id, equalTo: bytes, from: start) { return Int32(id) }
            slot = (slot + 1) & mask
        }
        let id = texts.count
        hashes.append(hash)
        starts.append(spellings.count)
        counts.append(length)
        spellings.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        texts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        slots[slot] = Int32(id + 1)
        if texts.count * 2 > slots.count { grow() }
        return Int32(id)
    }

    private func spelled(_ id: Int, equalTo bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        let first = starts[id]
        for offset in 0..<counts[id] where spellings[first + offset] != bytes[start + offset] { return false }
        return true
    }

    private mutating func grow() {
        var larger = [Int32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for id in texts.indices {
            var slot = Int(hashes[id]) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = Int32(id + 1)
        }
        slots = larger
    }
}
