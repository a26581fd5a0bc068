/// The package's hashes of short byte strings, in one place (the checkpoint's content hash,
/// XXH64 over whole files, is ``SegmentHash`` in LedgerPlatform: it streams from disk).
///
/// - ``fnv1aHex(_:)``: stable across processes and platforms (unlike `Hasher`), so it can
///   name things that outlive the process: a segment's file name, an imported event's id.
/// - ``words(_:seed:)``: fast, for in-memory tables only (its value may change between
///   versions): eight bytes per multiply, for the replay's id set, string interner and
///   prefilter, which hash every id and name of a log.
package enum ByteHash {
    /// 64-bit FNV-1a of `bytes`, as 16 lowercase hex digits.
    package static func fnv1aHex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let hex = bytes.withContiguousStorageIfAvailable({ fnv1aHex($0) }) { return hex }
        return fnv1aHex(Array(bytes))
    }

    /// 64-bit FNV-1a of contiguous bytes. Not generic: the log writer hashes every new
    /// segment's bytes with it from another target, where a generic runs unspecialized
    /// (through witness calls per byte; the gate measured append +57% instructions).
    package static func fnv1aHex(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A 64-bit hash of `bytes` read eight at a time (the tail as one more word), started from
    /// `seed`, with the OR of every word read: `bits & 0x8080_8080_8080_8080 == 0` says the
    /// bytes are all ASCII, at no extra pass. Words are read in the machine's byte order: the
    /// value never leaves the process.
    // Inlinable: the replay's filters and decoder in other targets call it per event.
    @inlinable @inline(__always)
    package static func words(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = 0) -> (hash: UInt64, bits: UInt64) {
        var hash = seed ^ 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let start = bytes.baseAddress else { return (hash, 0) }
        let raw = UnsafeRawPointer(start)
        var bits: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            bits |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = tail << 8 | UInt64(start[offset])
            offset += 1
        }
        bits |= tail
        hash ^= tail
        hash = (hash ^ (hash >> 32) ^ seed) &* 0xC4CE_B9FE_1A85_EC53
        return (hash ^ (hash >> 29), bits)
    }
}
