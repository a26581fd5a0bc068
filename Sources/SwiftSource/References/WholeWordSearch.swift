/// Whether some bytes hold any word of a set as a whole word: not preceded nor followed by a
/// byte that can continue a Swift identifier. One pass over the bytes for every word at once,
/// as a text search tool does: each position's first bytes (up to 4, the shortest word's
/// length) are hashed into a 64 Kbit filter that fits the first-level cache, and only the
/// positions it lets through are looked at. There, a word made of identifier bytes can only be
/// the whole identifier that starts at the position: it is looked up by a hash of that
/// identifier (toggle names share long prefixes, `isRemoteFeature12Enabled`, so comparing the
/// words of a bucket one by one cost 5% of a scan); other words (`dark-mode`) are compared one by one.
struct WholeWordSearch: Sendable {
    /// The words' bytes, end to end; word `w` is `bytes[starts[w]..<starts[w + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// How many first bytes are hashed: the shortest word's length, at most 4.
    private let headLength: Int
    private let headMask: UInt32
    private var filter: [UInt64]
    /// Words of identifier bytes by the hash of their bytes: open addressing, word index + 1 per slot.
    private var identifiers: [Int32]
    /// The other words whose head hashes to bucket `b` are `bucketWords[bucketStarts[b]..<bucketStarts[b + 1]]`.
    private var bucketStarts: [Int32]
    private var bucketWords: [Int32]

    private static let bucketBits: UInt32 = 16

    /// `words`: each non-empty.
    init(_ words: [[UInt8]]) {
        precondition(!words.isEmpty && words.allSatisfy { !$0.isEmpty }, "non-empty words")
        var bytes: [UInt8] = []
        var starts = [0]
        for word in words {
            bytes += word
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
        headLength = min(4, words.map(\.count).min()!)
        headMask = headLength == 4 ? UInt32.max : (1 << (UInt32(headLength) * 8)) - 1
        filter = [UInt64](repeating: 0, count: 1 << Int(Self.bucketBits) / 64)
        var slots = 16
        while slots < words.count * 2 { slots <<= 1 }
        identifiers = [Int32](repeating: 0, count: slots)
        // The other words by bucket, a counting sort: 65,536 arrays cost more than a small scan.
        var others: [(bucket: Int, word: Int32)] = []
        for (index, word) in words.enumerated() {
            var head: UInt32 = 0
            for offset in 0..<headLength { head |= UInt32(word[offset]) << (8 * UInt32(offset)) }
            let bucket = Self.bucket(head)
            filter[bucket >> 6] |= 1 << UInt64(bucket & 63)
            if word.allSatisfy(SwiftLexer.isIdentifierByte) {
                let hash = word.withUnsafeBufferPointer { Self.hash($0, 0, $0.count) }
                var slot = Int(truncatingIfNeeded: hash) & (slots - 1)
                while identifiers[slot] != 0 { slot = (slot + 1) & (slots - 1) }
                identifiers[slot] = Int32(index + 1)
            } else {
                others.append((bucket, Int32(index)))
            }
        }
        var offsets = [Int32](repeating: 0, count: (1 << Int(Self.bucketBits)) + 1)
        for other in others { offsets[other.bucket + 1] += 1 }
        for bucket in 0..<(1 << Int(Self.bucketBits)) { offsets[bucket + 1] += offsets[bucket] }
        var next = offsets
        bucketWords = [Int32](repeating: 0, count: others.count)
        for other in others {
            bucketWords[Int(next[other.bucket])] = other.word
            next[other.bucket] += 1
        }
        bucketStarts = offsets
    }

    @inline(__always)
    private static func bucket(_ head: UInt32) -> Int {
        Int((head &* 0x9E37_79B1) >> (32 - bucketBits))
    }

    private static func hash(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in start..<end { hash = (hash ^ UInt64(text[index])) &* 0x100_0000_01B3 }
        return hash ^ (hash >> 32)
    }

    /// Whether `text` holds one of the words as a whole word.
    func occurs(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress, text.count >= headLength else { return false }
        let raw = UnsafeRawPointer(base)
        let last = text.count - headLength
        var position = 0
        return filter.withUnsafeBufferPointer { filter in
            // Four bytes loaded at once while they fit, then the tail a byte at a time.
            while position <= last && position + 4 <= text.count {
                let head = raw.loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian & headMask
                let bucket = Self.bucket(head)
                if filter[bucket >> 6] & (1 << UInt64(bucket & 63)) != 0, matches(bucket, at: position, in: text) { return true }
                position += 1
            }
            while position <= last {
                var head: UInt32 = 0
                for offset in 0..<headLength { head |= UInt32(text[position + offset]) << (8 * UInt32(offset)) }
                let bucket = Self.bucket(head)
                if filter[bucket >> 6] & (1 << UInt64(bucket & 63)) != 0, matches(bucket, at: position, in: text) { return true }
                position += 1
            }
            return false
        }
    }

    private func matches(_ bucket: Int, at position: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        // A whole word starts after a byte that cannot continue an identifier.
        guard position == 0 || !SwiftLexer.isIdentifierByte(text[position - 1]) else { return false }
        // The identifier starting here, looked up whole.
        var end = position
        while end < text.count && SwiftLexer.isIdentifierByte(text[end]) { end += 1 }
        if end > position {
            let mask = identifiers.count - 1
            var slot = Int(truncatingIfNeeded: Self.hash(text, position, end)) & mask
            while identifiers[slot] != 0 {
                if spelled(Int(identifiers[slot] - 1), at: position, length: end - position, in: text) { return true }
                slot = (slot + 1) & mask
            }
        }
        for slot in Int(bucketStarts[bucket])..<Int(bucketStarts[bucket + 1]) {
            let word = Int(bucketWords[slot])
            let count = starts[word + 1] - starts[word]
            guard position + count <= text.count, spelled(word, at: position, length: count, in: text) else { continue }
            if position + count == text.count || !SwiftLexer.isIdentifierByte(text[position + count]) { return true }
        }
        return false
    }

    /// Whether word `word` is `length` bytes long and spelled at `position`.
    private func spelled(_ word: Int, at position: Int, length: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[word]
        guard starts[word + 1] - start == length else { return false }
        for offset in 0..<length where text[position + offset] != bytes[start + offset] { return false }
        return true
    }
}
