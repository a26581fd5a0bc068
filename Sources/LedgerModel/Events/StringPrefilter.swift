/// A quick, exact "certainly not one of these strings" test, put in front of a dictionary
/// lookup that usually misses: a full replay for an append looks up every event's id and
/// toggle among the batch's, a million times for a million-event log.
///
/// A bit set indexed by a hash of the UTF-8 bytes. `String` equality is canonical
/// equivalence, not byte equality, but for two ASCII strings the two agree, and no other
/// pair is ever filtered out: with any non-ASCII key the filter is off, and a non-ASCII
/// probe always passes (U+212A KELVIN SIGN equals "K").
package struct StringPrefilter {
    // Inlinable throughout: the replay filters in LedgerStore and LedgerCore call it per event.
    @usableFromInline var words: [UInt64]
    @usableFromInline let mask: UInt64
    @usableFromInline var enabled = true

    @inlinable
    package init<Keys: Collection>(_ keys: Keys) where Keys.Element == String {
        // About 32 bits per key (two probes: a few in a thousand false positives), at most 16 MiB.
        var bits: UInt64 = 1024
        while bits < UInt64(keys.count) * 32 && bits < 1 << 27 { bits <<= 1 }
        mask = bits - 1
        words = [UInt64](repeating: 0, count: Int(bits / 64))
        for key in keys {
            guard let hash = Self.asciiHash(key) else {
                enabled = false
                words = []
                return
            }
            for bit in [hash & mask, (hash >> 32) & mask] {
                words[Int(bit >> 6)] |= 1 << (bit & 63)
            }
        }
    }

    /// False only when `text` is certainly not equal to any key.
    @inlinable @inline(__always)
    package func mayContain(_ text: String) -> Bool {
        guard enabled, let hash = Self.asciiHash(text) else { return true }
        return mayContain(hash: hash)
    }

    /// False only when the string with these UTF-8 bytes is certainly not equal to any key.
    @inlinable @inline(__always)
    package func mayContain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard enabled, let hash = Self.asciiHash(utf8) else { return true }
        return mayContain(hash: hash)
    }

    @inlinable @inline(__always)
    func mayContain(hash: UInt64) -> Bool {
        let first = hash & mask
        let second = (hash >> 32) & mask
        return words[Int(first >> 6)] & (1 << (first & 63)) != 0 && words[Int(second >> 6)] & (1 << (second & 63)) != 0
    }

    /// A 64-bit hash of `text`'s bytes; nil when `text` is not ASCII.
    @inlinable @inline(__always)
    static func asciiHash(_ text: String) -> UInt64? {
        var text = text
        return text.withUTF8 { asciiHash($0) }
    }

    /// A 64-bit hash of UTF-8 bytes (``ByteHash/words(_:seed:)``); nil when they are not all ASCII.
    @inlinable @inline(__always)
    package static func asciiHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let (hash, bits) = ByteHash.words(bytes)
        return bits & 0x8080_8080_8080_8080 == 0 ? hash : nil
    }
}
