import LedgerPlatform
import LedgerModel
/// A Bloom filter of event ids: "surely not seen" or "maybe seen". Blocked: the 7 bits of
/// an id all lie in one 512-bit block (one cache line), so inserting or probing an id costs
/// one memory access, not seven. With 10 bits per id about 1–2% of new ids look seen, which
/// only costs a full replay.
package struct IDBloomFilter {
    /// The bits of a filter being built, once ``pending`` insertions are applied (``flushed()``).
    private var owned: [UInt64]
    /// Or the bits of a stored filter, read in place (little-endian words of a mapped
    /// checkpoint, kept alive by `owner`).
    private var mapped: UnsafeRawBufferPointer?
    private var owner: MappedFile?
    let hashCount: Int
    /// How many ids it was sized for.
    package let capacity: Int
    /// Insertions not applied yet, as (block, bits): applied 64 at a time, their memory
    /// accesses overlap instead of each stalling the replay in turn.
    private var pending: [(block: Int, bits: UInt64)] = []

    /// 8 words: 512 bits.
    private static let blockWords = 8

    package init(capacity: Int) {
        self.capacity = max(capacity, 1024)
        let blocks = (self.capacity * 10 + 511) / 512
        owned = [UInt64](repeating: 0, count: blocks * Self.blockWords)
        hashCount = 7
    }

    package init?(words: [UInt64], hashCount: Int, capacity: Int) {
        guard !words.isEmpty, words.count % Self.blockWords == 0, (1...7).contains(hashCount) else { return nil }
        owned = words
        self.hashCount = hashCount
        self.capacity = capacity
    }

    /// A stored filter, read where it lies in `file`.
    package init?(mapped words: UnsafeRawBufferPointer, in file: MappedFile, hashCount: Int, capacity: Int) {
        guard words.count >= 8, words.count % (8 * Self.blockWords) == 0, (1...7).contains(hashCount) else { return nil }
        owned = []
        mapped = words
        owner = file
        self.hashCount = hashCount
        self.capacity = capacity
    }

    var wordCount: Int { mapped.map { $0.count / 8 } ?? owned.count }

    /// The bits as words (a copy when read in place).
    package var words: [UInt64] {
        guard let mapped else { return owned }
        return (0..<wordCount).map { UInt64(littleEndian: mapped.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) }
    }

    @inline(__always)
    private func word(_ position: Int) -> UInt64 {
        if let mapped { return UInt64(littleEndian: mapped.loadUnaligned(fromByteOffset: position * 8, as: UInt64.self)) }
        return owned[position]
    }

    package mutating func insert(_ id: String) {
        let hash = Self.hash(id)
        if pending.capacity == 0 { pending.reserveCapacity(64) }
        precondition(mapped == nil, "a stored filter is read-only")
        pending.append((Self.block(hash, owned.count), Self.mix(hash)))
        if pending.count == 64 { applyPending() }
    }

    private mutating func applyPending() {
        let hashCount = hashCount
        owned.withUnsafeMutableBufferPointer { words in
            for (block, mixed) in pending {
                var bits = mixed
                for _ in 0..<hashCount {
                    let bit = Int(bits & 511)
                    words[block + (bit >> 6)] |= 1 << UInt64(bit & 63)
                    bits >>= 9
                }
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// The filter with every insertion applied (to be stored).
    func flushed() -> IDBloomFilter {
        var filter = self
        filter.applyPending()
        return filter
    }

    package func mayContain(_ id: String) -> Bool {
        let hash = Self.hash(id)
        let block = Self.block(hash, wordCount)
        let mixed = Self.mix(hash)
        if pending.contains(where: { $0.block == block && $0.bits == mixed }) { return true }
        var bits = mixed
        for _ in 0..<hashCount {
            let bit = Int(bits & 511)
            if word(block + (bit >> 6)) & (1 << UInt64(bit & 63)) == 0 { return false }
            bits >>= 9
        }
        return true
    }

    /// The first word of the id's block.
    @inline(__always)
    private static func block(_ hash: UInt64, _ wordCount: Int) -> Int {
        Int(hash.multipliedFullWidth(by: UInt64(wordCount / blockWords)).high) * blockWords
    }

    /// Bits independent of the block choice: 7 positions of 9 bits.
    @inline(__always)
    private static func mix(_ hash: UInt64) -> UInt64 {
        ((hash << 32) | (hash >> 32)) &* 0x9E37_79B9_7F4A_7C15
    }

    /// A hash of the id's bytes, stable across processes and versions of everything but
    /// this file: the filter is stored.
    @inline(__always)
    private static func hash(_ id: String) -> UInt64 {
        var id = id
        return id.withUTF8 { SegmentHash.hashOnce(UnsafeRawBufferPointer($0)) }
    }
}
