/// The ids already replayed, in 16 bytes each: a 64-bit hash of the id and where its line
/// is (segment and byte offset). Nothing else of an event is kept, so a million events cost
/// 16–32 MB, not the events themselves.
///
/// A hash match is only a candidate: the caller confirms it by reading the first line back
/// from its segment and comparing the ids byte for byte, so two different ids whose hashes
/// collide are never mistaken for a duplicate. The hash is seeded per process, so nobody
/// can craft ids that collide on purpose to slow a replay down.
struct SeenIDs {
    private var fingerprints: [UInt64]
    private var positions: [UInt64]
    private var mask: Int
    private(set) var count = 0

    /// - Parameter expected: roughly how many ids will be inserted, to size the table once.
    init(expected: Int) {
        var capacity = 1024
        while capacity * 3 < expected * 4 { capacity *= 2 }
        fingerprints = [UInt64](repeating: 0, count: capacity)
        positions = [UInt64](repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// Per process, so nobody can choose ids that pile up in one slot.
    private static let seed = UInt64.random(in: 1...UInt64.max)

    static func fingerprint(_ id: String) -> UInt64 {
        var id = id
        let value = id.withUTF8 { bytes -> UInt64 in
            var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
            guard let base = bytes.baseAddress else { return hash }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= bytes.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 29
                index += 8
            }
            var tail: UInt64 = 0
            while index < bytes.count {
                tail = tail << 8 | UInt64(bytes[index])
                index += 1
            }
            hash = (hash ^ tail ^ seed) &* 0xC4CE_B9FE_1A85_EC53
            return hash ^ (hash >> 32)
        }
        return value == 0 ? 1 : value  // 0 marks an empty slot
    }

    static func position(segment: Int, offset: Int64) -> UInt64 {
        precondition(segment < 1 << 24 && offset < 1 << 40, "log too large for the id table")
        return UInt64(segment) << 40 | UInt64(offset)
    }

    static func segment(of position: UInt64) -> Int { Int(position >> 40) }
    static func offset(of position: UInt64) -> Int64 { Int64(position & (1 << 40 - 1)) }

    /// Records `fingerprint` at `position` unless an entry with the same fingerprint is
    /// confirmed by `isSameID`; returns that earlier position when it is.
    mutating func insert(_ fingerprint: UInt64, at position: UInt64, isSameID: (UInt64) throws -> Bool) rethrows -> UInt64? {
        var slot = Int(truncatingIfNeeded: fingerprint) & mask
        while true {
            let stored = fingerprints[slot]
            if stored == 0 { break }
            if stored == fingerprint, try isSameID(positions[slot]) { return positions[slot] }
            slot = (slot + 1) & mask
        }
        fingerprints[slot] = fingerprint
        positions[slot] = position
        count += 1
        if count * 4 > fingerprints.count * 3 { grow() }
        return nil
    }

    private mutating func grow() {
        let oldFingerprints = fingerprints
        let oldPositions = positions
        let capacity = fingerprints.count * 2
        fingerprints = []
        positions = []
        fingerprints = [UInt64](repeating: 0, count: capacity)
        positions = [UInt64](repeating: 0, count: capacity)
        mask = capacity - 1
        for index in oldFingerprints.indices where oldFingerprints[index] != 0 {
            var slot = Int(truncatingIfNeeded: oldFingerprints[index]) & mask
            while fingerprints[slot] != 0 { slot = (slot + 1) & mask }
            fingerprints[slot] = oldFingerprints[index]
            positions[slot] = oldPositions[index]
        }
    }
}

/// Reads single lines back from a segment, for the rare checks that need an earlier line.
enum LineFetcher {
    /// The line starting at `offset`, without its newline (and without a CR before it).
    static func line(in segment: Segment, at offset: Int64) throws -> [UInt8] {
        let descriptor = try SystemCalls.open(segment.path, O_RDONLY_VALUE)
        defer { SystemCalls.close(descriptor) }
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var position = offset
        while true {
            let read = try chunk.withUnsafeMutableBytes { raw in
                try SystemCalls.pread(descriptor, into: raw.baseAddress!, count: raw.count, offset: position, path: segment.displayPath)
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
    static func lineNumber(in segment: Segment, at offset: Int64) throws -> Int {
        let descriptor = try SystemCalls.open(segment.path, O_RDONLY_VALUE)
        defer { SystemCalls.close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        var position: Int64 = 0
        var newlines = 0
        while position < offset {
            let wanted = Int(min(Int64(chunk.count), offset - position))
            let read = try chunk.withUnsafeMutableBytes { raw in
                try SystemCalls.pread(descriptor, into: raw.baseAddress!, count: wanted, offset: position, path: segment.displayPath)
            }
            if read == 0 { break }
            for byte in chunk[..<read] where byte == 0x0A { newlines += 1 }
            position += Int64(read)
        }
        return newlines + 1
    }
}
