/// Whether some bytes hold any word of a set as a whole word: not preceded nor followed by a
/// byte that can continue a Swift identifier. One pass over the bytes for every word at once,
/// as a text search tool does: each position's first bytes (up to 4, the shortest word's
/// length) are hashed into a 64 Kbit filter that fits the first-level cache, and only the
/// positions it lets through are compared with the words of their bucket.
package struct WholeWordSearch: Sendable {
    /// The words' bytes, end to end; word `w` is `bytes[starts[w]..<starts[w + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// Per word: whether the bytes around it must not continue an identifier.
    private let bounded: [Bool]
    /// How many first bytes are hashed: the shortest word's length, at most 4.
    private let headLength: Int
    private let headMask: UInt32
    private var filter: [UInt64]
    /// The words whose head hashes to bucket `b` are `bucketWords[bucketStarts[b]..<bucketStarts[b + 1]]`.
    private var bucketStarts: [Int32]
    private var bucketWords: [Int32]

    private static let bucketBits: UInt32 = 16

    /// `words`: each a non-empty word and whether it must stand as a whole word (`bounded`).
    package init(_ words: [(bytes: [UInt8], bounded: Bool)]) {
        precondition(!words.isEmpty && words.allSatisfy { !$0.bytes.isEmpty }, "non-empty words")
        var bytes: [UInt8] = []
        var starts = [0]
        for word in words {
            bytes += word.bytes
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
        bounded = words.map(\.bounded)
        headLength = min(4, words.map(\.bytes.count).min()!)
        headMask = headLength == 4 ? UInt32.max : (1 << (UInt32(headLength) * 8)) - 1
        filter = [UInt64](repeating: 0, count: 1 << Int(Self.bucketBits) / 64)
        var buckets = [[Int32]](repeating: [], count: 1 << Int(Self.bucketBits))
        for (index, word) in words.enumerated() {
            var head: UInt32 = 0
            for offset in 0..<headLength { head |= UInt32(word.bytes[offset]) << (8 * UInt32(offset)) }
            let bucket = Self.bucket(head)
            filter[bucket >> 6] |= 1 << UInt64(bucket & 63)
            buckets[bucket].append(Int32(index))
        }
        bucketStarts = [0]
        bucketWords = []
        for bucket in buckets {
            bucketWords += bucket
            bucketStarts.append(Int32(bucketWords.count))
        }
    }

    @inline(__always)
    private static func bucket(_ head: UInt32) -> Int {
        Int((head &* 0x9E37_79B1) >> (32 - bucketBits))
    }

    /// Whether `text` holds one of the words (a bounded one as a whole word).
    package func occurs(in text: UnsafeBufferPointer<UInt8>) -> Bool {
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
        for slot in Int(bucketStarts[bucket])..<Int(bucketStarts[bucket + 1]) {
            let word = Int(bucketWords[slot])
            let start = starts[word], count = starts[word + 1] - start
            guard position + count <= text.count else { continue }
            var offset = 0
            while offset < count && text[position + offset] == bytes[start + offset] { offset += 1 }
            guard offset == count else { continue }
            if !bounded[word] { return true }
            let before = position == 0 || !SwiftLexer.isIdentifierByte(text[position - 1])
            let after = position + count == text.count || !SwiftLexer.isIdentifierByte(text[position + count])
            if before && after { return true }
        }
        return false
    }
}
