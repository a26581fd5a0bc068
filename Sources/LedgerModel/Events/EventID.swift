/// Generates event ids: 26-character ULIDs (48-bit millisecond time, 80 random bits, Crockford
/// base 32), so ids made on different machines never collide and sort roughly by creation.
public enum EventID {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    public static func generate(at instant: Timestamp) -> String {
        var generator = SystemRandomNumberGenerator()
        return generate(at: instant, using: &generator)
    }

    public static func generate<G: RandomNumberGenerator>(at instant: Timestamp, using generator: inout G) -> String {
        let milliseconds = UInt64(max(0, instant.nanoseconds / 1_000_000))
        var characters = [UInt8](repeating: 0, count: 26)
        var time = milliseconds
        for position in stride(from: 9, through: 0, by: -1) {
            characters[position] = alphabet[Int(time & 31)]
            time >>= 5
        }
        var high = generator.next() as UInt64
        let low = generator.next() as UInt64
        for position in 10..<26 {
            let bits: UInt64
            if position < 22 { bits = high & 31; high >>= 5 } else { bits = (low >> UInt64((position - 22) * 5)) & 31 }
            characters[position] = alphabet[Int(bits)]
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// Nil when `id` can be used as an event id; otherwise why not. Ids are 1 to 200 bytes of
    /// printable characters without spaces of any kind, so they are safe in file names, URLs
    /// and tables. The one rule for ids: every writer applies it (``WriteRules``) and
    /// `audit --strict` fails on an id in the log that breaks it.
    public static func problem(with id: String) -> String? {
        // Every append asks this of every event: ids of visible ASCII answer in one pass.
        var text = id
        let plain = text.withUTF8 { bytes in
            !bytes.isEmpty && bytes.count <= 200 && OutputBuffer.isPrintableASCII(bytes) && !bytes.contains(0x20)
        }
        if plain { return nil }
        if id.isEmpty { return "an event id may not be empty" }
        if id.utf8.count > 200 { return "an event id has at most 200 bytes" }
        // ASCII first (what generated ids are): every such scalar is one byte, and no byte
        // of a longer UTF-8 sequence is ASCII.
        if id.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return "an event id may not contain spaces or control characters"
        }
        guard id.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        for scalar in id.unicodeScalars where !isPrintable(scalar) {
            let digits = String(scalar.value, radix: 16, uppercase: true)
            let hex = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            return "an event id may not contain spaces, control, format or separator characters (found U+\(hex))"
        }
        return nil
    }

    /// Whether a non-ASCII scalar is a visible character: not whitespace (U+00A0, U+2028 …),
    /// not a control (U+0085), not a format character (bidi overrides, U+200B, U+FEFF).
    /// Categories that stay put across Unicode versions, so every platform agrees.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isWhitespace { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return true
        }
    }
}

/// Makes ULIDs that sort in the order they are made, for the events of one batch.
///
/// The first id has 79 random bits after its time part (the top bit clear, so counting up
/// never overflows); each next id counts the same number up by one. Ids at one instant
/// (the same millisecond) therefore sort in the order made, as the ULID specification's
/// monotonic mode has them, and a batch of events at one instant replays in its own order.
package struct MonotonicEventIDs {
    private var high: UInt16
    private var low: UInt64
    private var started = false

    package init() {
        (high, low) = (0, 0)
    }

    package mutating func next(at instant: Timestamp) -> String {
        var generator = SystemRandomNumberGenerator()
        return next(at: instant, using: &generator)
    }

    package mutating func next<G: RandomNumberGenerator>(at instant: Timestamp, using generator: inout G) -> String {
        if started {
            low &+= 1
            if low == 0 { high &+= 1 }
        } else {
            high = UInt16(truncatingIfNeeded: generator.next() as UInt64) & 0x7FFF
            low = generator.next()
            started = true
        }
        return EventID.encode(milliseconds: UInt64(max(0, instant.nanoseconds / 1_000_000)), high: high, low: low)
    }
}

extension EventID {
    private static let digits = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// A ULID: 10 characters of time, then the 80 bits `high:low` as 16 characters, most
    /// significant first, so ids compare as their numbers do.
    package static func encode(milliseconds: UInt64, high: UInt16, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 26) { characters in
            var time = milliseconds
            for position in stride(from: 9, through: 0, by: -1) {
                characters[position] = digits[Int(time & 31)]
                time >>= 5
            }
            // 80 bits, five at a time from the least significant: position 25 is bits 0–4.
            var (upper, lower) = (high, low)
            for position in stride(from: 25, through: 10, by: -1) {
                characters[position] = digits[Int(lower & 31)]
                lower = (lower >> 5) | (UInt64(upper & 31) << 59)
                upper >>= 5
            }
            return 26
        }
    }
}

extension Array where Element == Event {
    /// The events in replay order (at, id), stable for equal keys. Events are large values:
    /// an array already in order (the usual case) is returned as is, and otherwise positions
    /// are sorted rather than the events themselves.
    package func inReplayOrder() -> [Event] {
        var sorted = self
        sorted.sortIntoReplayOrder()
        return sorted
    }
}

extension Array where Element == Event {
    /// Whether the event at `lhs` comes before the one at `rhs` in replay order.
    @inline(__always)
    package func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        withUnsafeBufferPointer { $0.precedes(lhs, rhs) }
    }

    /// Sorts the events into replay order in place, as ``inReplayOrder()`` orders them:
    /// positions are sorted, then the events are moved along the permutation's cycles, so no
    /// second copy of the batch is made.
    package mutating func sortIntoReplayOrder() {
        let order: [Int]? = withUnsafeBufferPointer { events in
            var sorted = true
            for index in events.indices.dropFirst() where events.precedes(index, index - 1) {
                sorted = false
                break
            }
            if sorted { return nil }
            // Sorted as keys (the instant and the id's first 16 bytes) so most comparisons
            // touch neither the events nor their strings; equal keys compare in full, and
            // events equal in full keep their order, as in inReplayOrder().
            var keys = events.indices.map { ReplaySortKey(at: events[$0].at, id: events[$0].id, position: $0) }
            keys.sort { lhs, rhs in
                if lhs.at != rhs.at { return lhs.at < rhs.at }
                if lhs.high != rhs.high { return lhs.high < rhs.high }
                if lhs.low != rhs.low { return lhs.low < rhs.low }
                if events.precedes(lhs.position, rhs.position) { return true }
                if events.precedes(rhs.position, lhs.position) { return false }
                return lhs.position < rhs.position
            }
            return keys.map(\.position)
        }
        guard let order else { return }
        // Position i takes the event at order[i].
        withUnsafeMutableBufferPointer { events in
            var placed = [Bool](repeating: false, count: events.count)
            for start in events.indices where !placed[start] {
                var position = start
                while true {
                    placed[position] = true
                    let source = order[position]
                    if source == start { break }
                    events.swapAt(position, source)
                    position = source
                }
            }
        }
    }
}

/// An event's place in replay order, as integers: the instant, then the id's first 16 UTF-8
/// bytes big-endian (zero-padded). Different keys order events as ``OrderKey`` does; equal
/// keys mean "compare the ids in full". A shorter id that is a prefix of a longer one pads
/// with zeros, so it sorts first or ties, never after.
struct ReplaySortKey {
    package var at: Int64
    package var high: UInt64
    package var low: UInt64
    package var position: Int

    init(at: Timestamp, id: String, position: Int) {
        self.at = at.nanoseconds
        self.position = position
        var id = id
        (high, low) = id.withUTF8 { bytes in
            var prefix: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &prefix) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes).prefix(16)))
            }
            return (UInt64(bigEndian: prefix.0), UInt64(bigEndian: prefix.1))
        }
    }
}

extension UnsafeBufferPointer where Element == Event {
    /// Whether the event at `lhs` comes before the one at `rhs` in replay order (at, then the
    /// id's UTF-8 bytes, as ``OrderKey``), without copying either event.
    @inline(__always)
    package func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        let left = self[lhs].at
        let right = self[rhs].at
        if left != right { return left < right }
        return utf8Precedes(self[lhs].id, self[rhs].id)
    }
}

extension Array {
    /// Removes the elements at `positions` (ascending, each once), keeping the order of the rest.
    package mutating func remove(atSorted positions: [Int]) {
        guard !positions.isEmpty else { return }
        var kept = positions[0]
        var skip = 0
        for index in positions[0]..<count {
            if skip < positions.count && positions[skip] == index {
                skip += 1
                continue
            }
            swapAt(kept, index)
            kept += 1
        }
        removeLast(count - kept)
    }
}
