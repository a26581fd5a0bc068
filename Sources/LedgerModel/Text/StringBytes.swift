// Strings at the byte level (hashes, prefilter, UTF-8 order, joining) and as a terminal shows
// them (TerminalText): the text primitives every command crosses, in one file.

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

/// Byte order of two strings' UTF-8, the order every sorted output and the replay order
/// use (so every platform and locale agrees). Same result as
/// `lhs.utf8.lexicographicallyPrecedes(rhs.utf8)`, eight bytes at a time.
@inline(__always)
package func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { left in
        rhs.withUTF8 { right in utf8Precedes(left, right) }
    }
}

/// ``utf8Precedes(_:_:)`` on the bytes themselves.
package func utf8Precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    let common = min(left.count, right.count)
    var offset = 0
    if common > 0 {
        let leftRaw = UnsafeRawPointer(left.baseAddress!)
        let rightRaw = UnsafeRawPointer(right.baseAddress!)
        // Big-endian words compare as their bytes do, first byte most significant.
        while offset + 8 <= common {
            let leftWord = UInt64(bigEndian: leftRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let rightWord = UInt64(bigEndian: rightRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if leftWord != rightWord { return leftWord < rightWord }
            offset += 8
        }
        while offset < common {
            if left[offset] != right[offset] { return left[offset] < right[offset] }
            offset += 1
        }
    }
    return left.count < right.count
}

/// Whether two strings have the same UTF-8 bytes (file names: canonically equivalent but
/// differently encoded names are different files).
package func utf8Equal(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && !utf8Precedes(lhs, rhs) && !utf8Precedes(rhs, lhs)
}

/// `prefix` and `suffix` joined, with one allocation.
package func concatenate(_ prefix: String, _ suffix: String) -> String {
    var prefix = prefix
    var suffix = suffix
    return prefix.withUTF8 { head in
        suffix.withUTF8 { tail in
            String(unsafeUninitializedCapacity: head.count + tail.count) { buffer in
                if let address = buffer.baseAddress {
                    if let start = head.baseAddress { address.initialize(from: start, count: head.count) }
                    if let start = tail.baseAddress { (address + head.count).initialize(from: start, count: tail.count) }
                }
                return head.count + tail.count
            }
        }
    }
}

/// Makes text from the log safe to print on a terminal.
package enum TerminalText {
    /// Replaces newlines and tabs with spaces and every other control character (C0, DEL,
    /// C1, including ESC) and every invisible character that reorders or hides text (see
    /// ``isControl(_:)``) with a visible `\u{…}` escape.
    package static func sanitize(_ text: String) -> String {
        if isPrintableASCII(text) { return text }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return text.escapingScalars { scalar in
            if scalar == "\n" || scalar == "\t" || scalar == "\r" { return " " }
            return isControl(scalar) ? visibleEscape(scalar) : nil
        }
    }

    /// Appends `text`, sanitized, to `output`.
    package static func append(_ text: String, to output: inout String) {
        if isPrintableASCII(text) { output += text } else { output += sanitize(text) }
    }

    /// A name quoted in a message, cut to its first `limit` characters and an ellipsis when
    /// longer, with how long it is: a 1 MB identifier makes a line, not a megabyte of one.
    package static func abbreviated(_ text: String, limit: Int = 80) -> String {
        // Counting characters would walk all of a huge name: its bytes are counted in constant
        // time, and only the first `limit` characters are walked.
        let bytes = text.utf8.count
        guard bytes > limit else { return text }
        let head = text.prefix(limit)
        return head.endIndex == text.endIndex ? text : String(head) + "… (\(bytes) bytes)"
    }

    /// Whether every byte of `text` is printable ASCII (space to `~`): nothing to replace.
    package static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var printable = true
            for byte in bytes { printable = printable && byte &- 0x20 < 0x5F }
            return printable
        }
    }

    /// The one rule of what no output shows raw (text, JSON through ``JSONEscaping``,
    /// Markdown, HTML, XML, generated Swift): C0, DEL, C1, the line and paragraph separators,
    /// the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the bidi
    /// marks (LRM U+200E, RLM U+200F, ALM U+061C) and the byte-order mark U+FEFF. A mark moves
    /// the neutral characters around it as an override does, only less visibly.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x0600 { return value < 0x20 || (0x7F...0x9F).contains(value) }
        return value == 0x061C || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF
    }
}

extension OutputBuffer {
    /// Appends text from the log through ``TerminalText/sanitize(_:)``: copied as it is when
    /// it is all printable ASCII (nearly always), sanitized otherwise.
    package mutating func appendSanitized(_ text: String) {
        let start = count
        append(text)
        if !OutputBuffer.isPrintableASCII(UnsafeBufferPointer(start: base + start, count: count - start)) {
            truncate(to: start)
            append(TerminalText.sanitize(text))
        }
    }
}
