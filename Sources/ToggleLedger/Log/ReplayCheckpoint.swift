/// A cache of a replay, so `toggles check` on a large log reads only what was appended since.
///
/// It is kept in `<log>/.replay-checkpoint` (the reader skips names starting with `.`; the
/// log's own `.gitignore` keeps it out of git, and without that file none is written) and holds: the projection after the last event it covers, that event's
/// replay position, the read summary, every segment it covered with its size, file identity
/// and a hash of its content, and a Bloom filter of the ids it saw.
///
/// It is only a cache. It is used when every segment it covered is still there unchanged
/// (same identity, or else the same content hash), and every event of the segments added
/// since sorts after its last event and has an id it never saw (its Bloom filter of ids
/// answers most; the ids it may have seen are looked up in the covered bytes,
/// ``CoveredIDSearch``). Anything else — missing, corrupt, from another version, a segment
/// rewritten or removed, a backdated event or one merged from a branch that sorts before
/// its end, an id it covered —
/// means a full replay, which gives the same answer. It is written only after a full
/// replay of a log big enough to be worth it, atomically (temporary file, then rename);
/// a failure to write it is ignored. When a covered segment's identity changed but its
/// content hash proved it unchanged, the checkpoint is written again with the new identity
/// (its projection bytes copied as they are), so the content is hashed once, not every run.
struct ReplayCheckpoint {
    // Every field of ToggleState, RemoteValue and ConditionalValue is stored
    // (CheckpointCoding.swift): a field added there must be added to the coding too, and the
    // format name below changed, or a restored state would silently lack it. The tests compare
    // restored and replayed states in full, so a forgotten field fails them.
    struct CoveredSegment {
        var relativePath: String
        var identity: SystemCalls.FileIdentity
        var contentHash: UInt64
    }

    var segments: [CoveredSegment]
    var lastKey: OrderKey
    var summary: ReadSummary
    var ids: IDBloomFilter
    /// The file it was read from: the projection is decoded from `file[projectionStart...]`
    /// only when it is used (never when the checkpoint turns out stale).
    private let file: MappedFile
    private let projectionStart: Int
    /// Whether ``addedSegments(in:identities:)`` proved covered segments unchanged by their
    /// content after their identity changed (a copy, a fresh clone, a new hard link); their
    /// new identities are then recorded by ``saveRefreshed(to:displayName:)``, so the next
    /// run does not hash them again.
    private(set) var refreshed = false

    static let fileName = ".replay-checkpoint"
    /// The format: a header (covered segments, last event, read summary, id filter) that is
    /// decoded on every use, then the projection, decoded only once the header has vouched
    /// for the log. Everything after the checksum is covered by it.
    private static let magic = Array("TOGGLES-CHECKPOINT-6\n".utf8)

    /// Logs smaller than this replay fast enough without one; `TOGGLES_CHECKPOINT_MIN_BYTES` overrides it.
    static var minimumLogBytes: Int64 {
        if let override = minimumLogBytesOverride { return override }
        return getenv("TOGGLES_CHECKPOINT_MIN_BYTES").flatMap { Int64(String(cString: $0)) } ?? 4 << 20
    }

    /// Added events a snapshot keeps in memory to fold after restoring the checkpoint.
    static let maximumSnapshotEvents = 50_000

    /// Tests set this (for their task only) instead of the environment variable.
    @TaskLocal static var minimumLogBytesOverride: Int64?

    /// How the last replay in this task used the checkpoint, for tests.
    enum Use: Sendable, Equatable { case incremental, full }

    /// Receives each replay's ``Use`` when set (tests).
    @TaskLocal static var recorder: (@Sendable (Use) -> Void)?

    // MARK: Reading and writing the file

    static func load(from directory: String, displayName: String) -> ReplayCheckpoint? {
        guard let file = MappedFile(directory + "/" + fileName) else { return nil }
        return try? decodeHeader(file, base: SegmentDiscovery.join(displayName, ""))
    }

    /// Writes a checkpoint of a full replay.
    static func save(
        segments: [CoveredSegment], lastKey: OrderKey, summary: ReadSummary, ids: IDBloomFilter, projection: Projection,
        to directory: String, displayName: String
    ) {
        let base = SegmentDiscovery.join(displayName, "")
        let header = encodeHeader(segments: segments, lastKey: lastKey, summary: summary, ids: ids.flushed(), base: base)
        var records = CheckpointEncoder(capacity: projection.toggles.count * 160)
        ToggleEnumTables.write(&records)
        records.int(projection.eventCount)
        // Sorted by name, so the same state always gives the same file.
        let toggles = projection.sortedToggles
        records.count(toggles.count)
        for toggle in toggles {
            // Each record's length and whether the toggle is removed, so a reader that needs
            // only live toggles steps over the others.
            let start = records.beginRecord()
            records.bool(!toggle.isLive)
            records.toggleState(toggle)
            records.endRecord(start)
        }
        records.count(projection.violations.count)
        for (location, violation) in projection.violations {
            records.location(location, base: base)
            records.violation(violation)
        }
        // In the toggles' order (by name), as a snapshot reads them.
        let sites = projection.creationSites
        records.count(sites.count)
        for toggle in toggles {
            guard let location = sites[toggle.name] else { continue }
            records.string(toggle.name)
            records.location(location, base: base)
        }
        records.count(projection.unknownTypes.count)
        for (location, event) in projection.unknownTypes {
            records.location(location, base: base)
            records.event(event)
        }
        let table = CheckpointEncoder.stringTable(records.strings)
        table.withUnsafeBytes { table in
            records.bytes.withUnsafeBytes { records in write(header: header, projection: [table, records], to: directory) }
        }
    }

    /// Writes this checkpoint again with the covered segments' current identities (after
    /// ``refreshed``); the projection's bytes are copied as they are.
    func saveRefreshed(to directory: String, displayName: String) {
        // As when it was written: only where the log's own .gitignore keeps it out of git.
        guard SystemCalls.fileType(directory + "/.gitignore") != nil else { return }
        let header = Self.encodeHeader(
            segments: segments, lastKey: lastKey, summary: summary, ids: ids, base: SegmentDiscovery.join(displayName, ""))
        Self.write(header: header, projection: [UnsafeRawBufferPointer(rebasing: file.bytes[projectionStart...])], to: directory)
    }

    private static func encodeHeader(
        segments: [CoveredSegment], lastKey: OrderKey, summary: ReadSummary, ids: IDBloomFilter, base: String
    ) -> [UInt8] {
        var header = CheckpointEncoder(capacity: segments.count * 100 + ids.wordCount * 8 + 1024)
        header.count(segments.count)
        for segment in segments {
            header.inlineString(segment.relativePath)
            header.u64(segment.identity.device)
            header.u64(segment.identity.inode)
            header.i64(segment.identity.size)
            header.i64(segment.identity.modified)
            header.i64(segment.identity.changed)
            header.u64(segment.contentHash)
        }
        header.timestamp(lastKey.at)
        header.inlineString(lastKey.id)
        header.int(summary.segmentCount)
        header.int(summary.eventCount)
        header.int(summary.duplicateCount)
        header.optionalTimestamp(summary.lastEventAt)
        let duplicates = summary.warnings.compactMap { warning -> (String, LineLocation, LineLocation)? in
            if case .duplicateID(let id, let first, let duplicate) = warning { return (id, first, duplicate) }
            return nil
        }
        header.count(duplicates.count)
        for (id, first, duplicate) in duplicates {
            header.inlineString(id)
            header.inlineLocation(first, base: base)
            header.inlineLocation(duplicate, base: base)
        }
        header.u32(UInt32(ids.hashCount))
        header.int(ids.capacity)
        let words = ids.words
        header.count(words.count)
        for word in words { header.u64(word) }
        return header.bytes
    }

    /// magic, checksum of the rest, header length, header, projection; atomically (a
    /// temporary file, then rename). A cache: failing to write it is fine.
    private static func write(header: [UInt8], projection: [UnsafeRawBufferPointer], to directory: String) {
        var prefix = CheckpointEncoder()
        prefix.int(header.count)
        let path = directory + "/" + Self.fileName
        let temporary = directory + "/.tmp-checkpoint-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        prefix.bytes.withUnsafeBytes { length in
            header.withUnsafeBytes { header in
                let parts = [length, header] + projection
                var hash = SegmentHash.State()
                for part in parts { hash.add(part) }
                var start = CheckpointEncoder()
                Self.magic.withUnsafeBytes { start.raw($0) }
                start.u64(hash.finish())
                do {
                    let descriptor = try SystemCalls.open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: 0o644)
                    defer { SystemCalls.close(descriptor) }
                    try start.bytes.withUnsafeBytes { try SystemCalls.writeAll(descriptor, $0, path: temporary) }
                    for part in parts { try SystemCalls.writeAll(descriptor, part, path: temporary) }
                    try SystemCalls.rename(temporary, path)
                } catch {
                    SystemCalls.unlink(temporary)
                }
            }
        }
    }

    private static func decodeHeader(_ file: MappedFile, base: String) throws(CheckpointCorrupt) -> ReplayCheckpoint {
        let raw = file.bytes
        let checked = magic.count + 8
        guard raw.count >= checked + 8, raw.prefix(magic.count).elementsEqual(magic) else { throw CheckpointCorrupt() }
        var reader = CheckpointDecoder(raw, from: magic.count)
        let checksum = try reader.u64()
        guard SegmentHash.hash(UnsafeRawBufferPointer(rebasing: raw[checked...])) == checksum else { throw CheckpointCorrupt() }
        let headerLength = try reader.i64()
        guard headerLength >= 0, headerLength <= reader.remaining else { throw CheckpointCorrupt() }
        let headerEnd = reader.index + Int(headerLength)
        let segmentCount = try reader.count()
        var segments: [CoveredSegment] = []
        segments.reserveCapacity(segmentCount)
        for _ in 0..<segmentCount {
            let path = try reader.inlineString()
            let identity = SystemCalls.FileIdentity(
                device: try reader.u64(), inode: try reader.u64(), size: try reader.i64(),
                modified: try reader.i64(), changed: try reader.i64())
            segments.append(CoveredSegment(relativePath: path, identity: identity, contentHash: try reader.u64()))
        }
        let lastKey = OrderKey(at: try reader.timestamp(), id: try reader.inlineString())
        var summary = ReadSummary(segmentCount: try reader.int())
        summary.eventCount = try reader.int()
        summary.duplicateCount = try reader.int()
        summary.lastEventAt = try reader.optionalTimestamp()
        summary.lastKey = lastKey
        for _ in 0..<(try reader.count()) {
            let id = try reader.inlineString()
            guard let first = try reader.inlineLocation(base: base), let duplicate = try reader.inlineLocation(base: base) else {
                throw CheckpointCorrupt()
            }
            summary.warnings.append(.duplicateID(id: id, first: first, duplicate: duplicate))
        }
        let hashCount = Int(try reader.u32())
        let capacity = try reader.int()
        let wordCount = try reader.count()
        guard wordCount <= reader.remaining / 8 else { throw CheckpointCorrupt() }
        let wordBytes = try reader.raw(wordCount * 8)
        guard let ids = IDBloomFilter(mapped: wordBytes, in: file, hashCount: hashCount, capacity: capacity),
              reader.index == headerEnd
        else {
            throw CheckpointCorrupt()
        }
        return ReplayCheckpoint(
            segments: segments, lastKey: lastKey, summary: summary, ids: ids, file: file, projectionStart: headerEnd)
    }

    /// A decoder at the first stored toggle, with what precedes the toggles read.
    private func openProjection(displayName: String) throws(CheckpointCorrupt)
        -> (CheckpointDecoder, LocationDecoder, ToggleEnumTables, eventCount: Int, toggleCount: Int) {
        var reader = CheckpointDecoder(file.bytes, from: projectionStart)
        try reader.readStringTable()
        let locations = LocationDecoder(base: SegmentDiscovery.join(displayName, ""))
        let enums = try ToggleEnumTables(&reader)
        let eventCount = try reader.int()
        let toggleCount = try reader.count()
        return (reader, locations, enums, eventCount, toggleCount)
    }

    /// The projection after the last covered event.
    func projection(displayName: String) throws(CheckpointCorrupt) -> Projection {
        var (reader, locations, enums, eventCount, toggleCount) = try openProjection(displayName: displayName)
        var toggles = [ToggleState](fillingCapacity: toggleCount)
        for _ in 0..<toggleCount {
            let end = try reader.recordEnd()
            _ = try reader.bool()
            toggles.append(try reader.toggleState(enums))
            guard reader.index == end else { throw CheckpointCorrupt() }
        }
        let violations = try Self.violations(&reader, &locations)
        let siteCount = try reader.count()
        var creationSites: [String: LineLocation] = [:]
        creationSites.reserveCapacity(siteCount)
        for _ in 0..<siteCount {
            let name = try reader.string()
            guard let location = try locations.location(&reader) else { throw CheckpointCorrupt() }
            creationSites[name] = location
        }
        let unknownTypes = try Self.unknownTypes(&reader, &locations)
        guard reader.isAtEnd else { throw CheckpointCorrupt() }
        return Projection(
            toggles: toggles, violations: violations, unknownTypes: unknownTypes, eventCount: eventCount, creationSites: creationSites)
    }

    /// The same projection as a snapshot (toggles in the stored order, by name), with
    /// `summary`. Without `includingRemoved`, removed toggles are stepped over, except those
    /// named in `keeping` (added events about to be folded may bring them back).
    func snapshot(
        displayName: String, summary: ReadSummary, includingRemoved: Bool = true, keeping: Set<String> = []
    ) throws(CheckpointCorrupt) -> ReplaySnapshot {
        var (reader, locations, enums, eventCount, toggleCount) = try openProjection(displayName: displayName)
        var toggles = [ToggleState](fillingCapacity: toggleCount)
        // Names are interned: a creation site names its toggle by the same string index.
        // For every stored toggle, its name and its position in `toggles` (-1: stepped over).
        var names: [(name: UInt32, position: Int)] = []
        names.reserveCapacity(toggleCount)
        for _ in 0..<toggleCount {
            let end = try reader.recordEnd()
            let removed = try reader.bool()
            let name = try reader.peekU32()
            var skipped = removed && !includingRemoved
            if skipped && !keeping.isEmpty { skipped = !keeping.contains(try reader.string(atIndex: name)) }
            if skipped {
                names.append((name, -1))
                try reader.skip(to: end)
                continue
            }
            names.append((name, toggles.count))
            toggles.append(try reader.toggleState(enums))
            guard reader.index == end else { throw CheckpointCorrupt() }
        }
        let violations = try Self.violations(&reader, &locations)
        var creationSites = [LineLocation?](repeating: nil, count: toggles.count)
        var next = 0
        for _ in 0..<(try reader.count()) {
            let name = UInt32(try reader.stringIndex())
            // Sites are sorted like the toggles.
            while next < toggleCount && names[next].name != name { next += 1 }
            guard next < toggleCount else { throw CheckpointCorrupt() }
            if names[next].position >= 0 {
                guard let location = try locations.location(&reader) else { throw CheckpointCorrupt() }
                creationSites[names[next].position] = location
            } else {
                try reader.skipLocation()
            }
            next += 1
        }
        let unknownTypes = try Self.unknownTypes(&reader, &locations)
        guard reader.isAtEnd else { throw CheckpointCorrupt() }
        return ReplaySnapshot(
            toggles: toggles, creationSites: creationSites, violations: violations, unknownTypes: unknownTypes,
            eventCount: eventCount, summary: summary)
    }

    private static func violations(
        _ reader: inout CheckpointDecoder, _ locations: inout LocationDecoder
    ) throws(CheckpointCorrupt) -> [(location: LineLocation?, violation: LifecycleViolation)] {
        var violations: [(location: LineLocation?, violation: LifecycleViolation)] = []
        for _ in 0..<(try reader.count()) { violations.append((try locations.location(&reader), try reader.violation())) }
        return violations
    }

    private static func unknownTypes(
        _ reader: inout CheckpointDecoder, _ locations: inout LocationDecoder
    ) throws(CheckpointCorrupt) -> [(location: LineLocation?, event: Event)] {
        var unknownTypes: [(location: LineLocation?, event: Event)] = []
        for _ in 0..<(try reader.count()) { unknownTypes.append((try locations.location(&reader), try reader.event())) }
        return unknownTypes
    }

    // MARK: Using it

    /// Whether `segments` (sorted by relative path, as listed with their `identities`)
    /// include exactly what this checkpoint covered, unchanged. Returns the positions of the
    /// segments added since, or nil when the checkpoint cannot be used.
    ///
    /// A covered segment is unchanged when its identity (device, inode, size, modification
    /// and status-change times) is the one recorded, or else when its size is and its content
    /// hashes to the recorded hash while its identity holds still; then its new identity is
    /// recorded (``refreshed``).
    ///
    /// git's "racily clean" rule: times are only as fine as the file system keeps them, so a
    /// segment rewritten (same size) within one tick of the checkpoint's writing may show the
    /// recorded identity. An identity vouches for a segment only when both its times are
    /// strictly older than the checkpoint file's own modification time; a racy segment is
    /// checked by its content, and then the checkpoint is written again, later than it.
    mutating func addedSegments(in segments: [Segment], identities: [SystemCalls.FileIdentity?]) -> [Int]? {
        var added: [Int] = []
        var next = 0
        for (position, segment) in segments.enumerated() {
            guard next < self.segments.count, utf8Equal(self.segments[next].relativePath, segment.relativePath) else {
                added.append(position)
                continue
            }
            let covered = self.segments[next]
            guard let identity = identities[position], identity.size == covered.identity.size else { return nil }
            let racy = identity.modified >= file.modified || identity.changed >= file.modified
            if identity != covered.identity || racy {
                // Touched, copied, checked out again, or too close in time to the checkpoint
                // to tell: trust it only if the bytes are the same.
                guard let hash = try? SegmentHash.hash(file: segment.path), hash == covered.contentHash,
                      SystemCalls.identity(segment.path) == identity
                else { return nil }
                self.segments[next].identity = identity
                refreshed = true
            }
            next += 1
        }
        // A covered segment missing (or listed out of order: the file is not what we wrote).
        guard next == self.segments.count else { return nil }
        return added
    }
}

/// Whether two strings have the same UTF-8 bytes (file names: canonically equivalent but
/// differently encoded names are different files).
func utf8Equal(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && !utf8Precedes(lhs, rhs) && !utf8Precedes(rhs, lhs)
}

/// A Bloom filter of event ids: "surely not seen" or "maybe seen". Blocked: the 7 bits of
/// an id all lie in one 512-bit block (one cache line), so inserting or probing an id costs
/// one memory access, not seven. With 10 bits per id about 1–2% of new ids look seen, which
/// only costs a full replay.
struct IDBloomFilter {
    /// The bits of a filter being built, once ``pending`` insertions are applied (``flushed()``).
    private var owned: [UInt64]
    /// Or the bits of a stored filter, read in place (little-endian words of a mapped
    /// checkpoint, kept alive by `owner`).
    private var mapped: UnsafeRawBufferPointer?
    private var owner: MappedFile?
    let hashCount: Int
    /// How many ids it was sized for.
    let capacity: Int
    /// Insertions not applied yet, as (block, bits): applied 64 at a time, their memory
    /// accesses overlap instead of each stalling the replay in turn.
    private var pending: [(block: Int, bits: UInt64)] = []

    /// 8 words: 512 bits.
    private static let blockWords = 8

    init(capacity: Int) {
        self.capacity = max(capacity, 1024)
        let blocks = (self.capacity * 10 + 511) / 512
        owned = [UInt64](repeating: 0, count: blocks * Self.blockWords)
        hashCount = 7
    }

    init?(words: [UInt64], hashCount: Int, capacity: Int) {
        guard !words.isEmpty, words.count % Self.blockWords == 0, (1...7).contains(hashCount) else { return nil }
        owned = words
        self.hashCount = hashCount
        self.capacity = capacity
    }

    /// A stored filter, read where it lies in `file`.
    init?(mapped words: UnsafeRawBufferPointer, in file: MappedFile, hashCount: Int, capacity: Int) {
        guard words.count >= 8, words.count % (8 * Self.blockWords) == 0, (1...7).contains(hashCount) else { return nil }
        owned = []
        mapped = words
        owner = file
        self.hashCount = hashCount
        self.capacity = capacity
    }

    var wordCount: Int { mapped.map { $0.count / 8 } ?? owned.count }

    /// The bits as words (a copy when read in place).
    var words: [UInt64] {
        guard let mapped else { return owned }
        return (0..<wordCount).map { UInt64(littleEndian: mapped.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) }
    }

    @inline(__always)
    private func word(_ position: Int) -> UInt64 {
        if let mapped { return UInt64(littleEndian: mapped.loadUnaligned(fromByteOffset: position * 8, as: UInt64.self)) }
        return owned[position]
    }

    mutating func insert(_ id: String) {
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

    func mayContain(_ id: String) -> Bool {
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

/// A 64-bit hash of bytes (XXH64), stable across processes and platforms: it names the
/// content a checkpoint covered, and checks the checkpoint itself. Four independent lanes
/// keep the processor busy, so it runs at memory speed. Not cryptographic: it detects
/// change, not an attack (a checkpoint is a local cache, never shared).
enum SegmentHash {
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { hash($0) }
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { hashOnce(bytes) }

    static func hash(file path: String) throws -> UInt64 {
        let descriptor = try SystemCalls.open(path, O_RDONLY_VALUE)
        defer { SystemCalls.close(descriptor) }
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { chunk.deallocate() }
        var state = State()
        var offset: Int64 = 0
        while true {
            let read = try SystemCalls.pread(descriptor, into: chunk.baseAddress!, count: chunkSize, offset: offset, path: path)
            if read == 0 { break }
            state.add(UnsafeRawBufferPointer(rebasing: chunk[..<read]))
            offset += Int64(read)
        }
        return state.finish()
    }

    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        let mixed = accumulator &+ input &* prime2
        return ((mixed << 31) | (mixed >> 33)) &* prime1
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { (value << count) | (value >> (64 - count)) }

    /// XXH64 over bytes given in pieces of any size.
    struct State {
        private var lanes = (prime1 &+ prime2, prime2, UInt64(0), UInt64(0) &- prime1)
        private var length: UInt64 = 0
        /// Bytes not yet making a whole 32-byte stripe.
        private var pending = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        private var pendingCount = 0

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            guard var base = bytes.baseAddress, bytes.count > 0 else { return }
            var count = bytes.count
            length &+= UInt64(count)
            if pendingCount > 0 {
                let taken = min(32 - pendingCount, count)
                withUnsafeMutableBytes(of: &pending) { ($0.baseAddress! + pendingCount).copyMemory(from: base, byteCount: taken) }
                pendingCount += taken
                base += taken
                count -= taken
                guard pendingCount == 32 else { return }
                withUnsafeBytes(of: pending) { stripes(UnsafeRawPointer($0.baseAddress!), 32) }
                pendingCount = 0
            }
            let whole = count & ~31
            if whole > 0 { stripes(base, whole) }
            if whole < count {
                withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: base + whole, byteCount: count - whole) }
                pendingCount = count - whole
            }
        }

        private mutating func stripes(_ base: UnsafeRawPointer, _ count: Int) {
            SegmentHash.stripes(&lanes, base, count)
        }

        func finish() -> UInt64 {
            var tail = pending
            return withUnsafeBytes(of: &tail) { raw in
                SegmentHash.finish(lanes: lanes, length: length, tail: UnsafeRawBufferPointer(rebasing: raw[..<pendingCount]))
            }
        }
    }

    /// The hash of `length` bytes whose whole stripes left `lanes`, ending with `tail`.
    @inline(__always)
    fileprivate static func finish(
        lanes: (UInt64, UInt64, UInt64, UInt64), length: UInt64, tail: UnsafeRawBufferPointer
    ) -> UInt64 {
        var hash: UInt64
        if length >= 32 {
            let (v1, v2, v3, v4) = lanes
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            hash = (hash ^ round(0, v1)) &* prime1 &+ prime4
            hash = (hash ^ round(0, v2)) &* prime1 &+ prime4
            hash = (hash ^ round(0, v3)) &* prime1 &+ prime4
            hash = (hash ^ round(0, v4)) &* prime1 &+ prime4
        } else {
            hash = prime5
        }
        hash &+= length
        let count = tail.count
        var offset = 0
        while offset + 8 <= count {
            hash ^= round(0, UInt64(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            hash = rotate(hash, 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            hash ^= UInt64(UInt32(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* prime1
            hash = rotate(hash, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash ^= UInt64(tail[offset]) &* prime5
            hash = rotate(hash, 11) &* prime1
            offset += 1
        }
        hash ^= hash >> 33
        hash = hash &* prime2
        hash ^= hash >> 29
        hash = hash &* prime3
        return hash ^ (hash >> 32)
    }

    /// XXH64 of bytes given at once: the stripes, then the tail where it lies.
    static func hashOnce(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes = (prime1 &+ prime2, prime2, UInt64(0), UInt64(0) &- prime1)
        let whole = bytes.count & ~31
        if whole > 0, let base = bytes.baseAddress { stripes(&lanes, base, whole) }
        return finish(lanes: lanes, length: UInt64(bytes.count), tail: UnsafeRawBufferPointer(rebasing: bytes[whole...]))
    }

    /// XXH64's main loop: 32-byte stripes into the four lanes (`count` is a multiple of 32).
    static func stripes(_ lanes: inout (UInt64, UInt64, UInt64, UInt64), _ base: UnsafeRawPointer, _ count: Int) {
        var (v1, v2, v3, v4) = lanes
        var offset = 0
        while offset < count {
            v1 = round(v1, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            v2 = round(v2, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            v3 = round(v3, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
            v4 = round(v4, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
            offset += 32
        }
        lanes = (v1, v2, v3, v4)
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Ledger {
    /// Replays the log, from the checkpoint when it can stand in for a prefix of the log,
    /// otherwise in full (then writing a fresh checkpoint when the log is big enough).
    func checkpointedReplay(until: Timestamp?) throws -> Replay {
        let (segments, identities) = try SegmentDiscovery.listing(in: reader.directory, displayName: reader.displayName)
        let directory = reader.directory
        if var checkpoint = ReplayCheckpoint.load(from: directory, displayName: reader.displayName),
           until.map({ $0 >= checkpoint.lastKey.at }) ?? true,
           let added = checkpoint.addedSegments(in: segments, identities: identities) {
            let covered = checkpoint.segments.reduce(Int64(0)) { $0 + $1.identity.size }
            let addedBytes = added.reduce(Int64(0)) { $0 + (identities[$1]?.size ?? 0) }
            // Far behind: replay in full instead, which refreshes the checkpoint.
            if addedBytes <= max(ReplayCheckpoint.minimumLogBytes, covered / 4) || until != nil,
               let (replay, _) = try incrementalReplay(from: checkpoint, segments: segments, added: added, until: until) {
                if checkpoint.refreshed { checkpoint.saveRefreshed(to: directory, displayName: reader.displayName) }
                ReplayCheckpoint.recorder?(.incremental)
                return replay
            }
        }
        ReplayCheckpoint.recorder?(.full)
        var projection = Projection()
        let total = identities.reduce(Int64(0)) { $0 + ($1?.size ?? 0) }
        // Only where the log's own .gitignore (written by every append) keeps hidden files out of
        // git: a read must never leave an untracked file in someone's repository.
        let writeCheckpoint = until == nil && total >= ReplayCheckpoint.minimumLogBytes
            && SystemCalls.fileType(directory + "/.gitignore") != nil
        var ids = IDBloomFilter(capacity: writeCheckpoint ? Int(total / 100) : 0)
        let summary = try reader.read(segments: segments, until: until, prefetch: { projection.prefetch(slot: $0) }) { logged in
            if writeCheckpoint { ids.insert(logged.event.id) }
            projection.apply(logged)
        }
        if writeCheckpoint, let lastKey = summary.lastKey, ids.capacity >= summary.eventCount,
           summary.warnings.allSatisfy({ if case .duplicateID = $0 { true } else { false } }) {
            var coveredSegments: [ReplayCheckpoint.CoveredSegment] = []
            coveredSegments.reserveCapacity(segments.count)
            for (segment, listed) in zip(segments, identities) {
                // The identity as listed before the replay read it, and again after hashing:
                // a file changing meanwhile is not covered.
                guard let listed, let hash = try? SegmentHash.hash(file: segment.path),
                      SystemCalls.identity(segment.path) == listed
                else { return Replay(projection: projection, summary: summary) }
                coveredSegments.append(.init(relativePath: segment.relativePath, identity: listed, contentHash: hash))
            }
            ReplayCheckpoint.save(
                segments: coveredSegments, lastKey: lastKey, summary: summary, ids: ids, projection: projection,
                to: directory, displayName: reader.displayName)
        }
        return Replay(projection: projection, summary: summary)
    }

    /// ``checkpointedReplay(until:)`` as a snapshot, restored from the checkpoint without
    /// indexing its toggles by name; nil when the checkpoint cannot stand in for a prefix of
    /// the log (the caller replays as ``replay(until:observe:)`` does).
    func checkpointedSnapshot(until: Timestamp?, includingRemoved: Bool = true) throws -> ReplaySnapshot? {
        let (segments, identities) = try SegmentDiscovery.listing(in: reader.directory, displayName: reader.displayName)
        guard var checkpoint = ReplayCheckpoint.load(from: reader.directory, displayName: reader.displayName) else { return nil }
        guard until.map({ $0 >= checkpoint.lastKey.at }) ?? true,
              let added = checkpoint.addedSegments(in: segments, identities: identities)
        else { return nil }
        let covered = checkpoint.segments.reduce(Int64(0)) { $0 + $1.identity.size }
        let addedBytes = added.reduce(Int64(0)) { $0 + (identities[$1]?.size ?? 0) }
        guard addedBytes <= max(ReplayCheckpoint.minimumLogBytes, covered / 4) || until != nil else { return nil }
        var summary = checkpoint.summary
        summary.segmentCount = segments.count
        // The added events, kept to be folded once the snapshot is restored; past a bound the
        // projection (indexed by name) is the better base.
        var events: [LoggedEvent] = []
        if !added.isEmpty {
            let addedSegments = added.map { segments[$0] }
            var cursors = addedSegments.enumerated().map { SegmentCursor(segment: $0.element, index: $0.offset) }
            var decoder = FastEventDecoder(defersIdentity: true)
            var seen = SeenIDs()
            var maybeSeen: Set<String> = []
            do {
                try reader.merge(
                    &cursors, segments: addedSegments, until: until, decoder: &decoder, seen: &seen, summary: &summary,
                    admit: { logged in
                        guard checkpoint.lastKey < logged.event.orderKey, events.count < ReplayCheckpoint.maximumSnapshotEvents
                        else { throw CheckpointCorrupt() }
                        if checkpoint.ids.mayContain(logged.event.id) { maybeSeen.insert(logged.event.id) }
                    }
                ) { logged in events.append(logged) }
            } catch is CheckpointCorrupt {
                for cursor in cursors { cursor.close() }
                return nil
            }
            guard checkpoint.events(withIDs: maybeSeen, segments: segments, added: added)?.isEmpty == true else { return nil }
        }
        let named = includingRemoved ? [] : Set(events.map(\.event.toggle))
        guard var snapshot = try? checkpoint.snapshot(
            displayName: reader.displayName, summary: summary, includingRemoved: includingRemoved, keeping: named)
        else { return nil }
        snapshot.apply(events)
        if !includingRemoved { snapshot.dropRemoved() }
        if checkpoint.refreshed { checkpoint.saveRefreshed(to: reader.directory, displayName: reader.displayName) }
        ReplayCheckpoint.recorder?(.incremental)
        return snapshot
    }

    /// The replay an append validates against, from the checkpoint, with the events already
    /// in the log under any of the keys of `ids`. Nil when there is no usable checkpoint or
    /// the ids it may have seen cannot be settled without one (then the caller replays in full).
    func replayForAppend<Value>(probing ids: [String: Value]) throws -> (replay: Replay, found: [String: Event])? {
        guard usesCheckpoint,
              var checkpoint = ReplayCheckpoint.load(from: reader.directory, displayName: reader.displayName)
        else { return nil }
        let (segments, identities) = try SegmentDiscovery.listing(in: reader.directory, displayName: reader.displayName)
        guard let added = checkpoint.addedSegments(in: segments, identities: identities) else { return nil }
        // The ids the filter may have seen (a retried batch, or 1–2% of fresh ids) are looked
        // up in the covered segments' bytes, with the added events' own.
        let maybeSeen = Set(ids.keys.filter { checkpoint.ids.mayContain($0) })
        var foundInAdded: [String: Event] = [:]
        let incremental = try incrementalReplay(from: checkpoint, segments: segments, added: added, until: nil, lookingUp: maybeSeen) { logged in
            if ids[logged.event.id] != nil { foundInAdded[logged.event.id] = logged.event }
        }
        guard let (replay, foundInCovered) = incremental else { return nil }
        if checkpoint.refreshed { checkpoint.saveRefreshed(to: reader.directory, displayName: reader.displayName) }
        return (replay, foundInCovered.merging(foundInAdded) { covered, _ in covered })
    }

    /// Folds the segments at positions `added` onto the checkpoint's projection, and finds
    /// the covered events with the ids `lookingUp`; nil when an added event sorts before the
    /// checkpoint's end or repeats an id it covered.
    private func incrementalReplay(
        from checkpoint: ReplayCheckpoint, segments: [Segment], added: [Int], until: Timestamp?,
        lookingUp wanted: Set<String> = [], observe: ((LoggedEvent) -> Void)? = nil
    ) throws -> (replay: Replay, found: [String: Event])? {
        guard var projection = try? checkpoint.projection(displayName: reader.displayName) else { return nil }
        var summary = checkpoint.summary
        summary.segmentCount = segments.count
        var maybeSeen: Set<String> = []
        if !added.isEmpty {
            let addedSegments = added.map { segments[$0] }
            var cursors = addedSegments.enumerated().map { SegmentCursor(segment: $0.element, index: $0.offset) }
            var decoder = FastEventDecoder(defersIdentity: true)
            var seen = SeenIDs()
            do {
                try reader.merge(
                    &cursors, segments: addedSegments, until: until, decoder: &decoder, seen: &seen, summary: &summary,
                    admit: { logged in
                        guard checkpoint.lastKey < logged.event.orderKey else { throw CheckpointCorrupt() }
                        if checkpoint.ids.mayContain(logged.event.id) { maybeSeen.insert(logged.event.id) }
                    }
                ) { logged in
                    observe?(logged)
                    projection.apply(logged)
                }
            } catch is CheckpointCorrupt {
                for cursor in cursors { cursor.close() }
                return nil
            }
        }
        // One search of the covered bytes for both.
        guard let found = checkpoint.events(withIDs: maybeSeen.union(wanted), segments: segments, added: added),
              !maybeSeen.contains(where: { found[$0] != nil })
        else { return nil }
        return (Replay(projection: projection, summary: summary), found)
    }
}

extension ReplayCheckpoint {
    /// The segments it covers, each with the size it had then: those of `segments` (the
    /// current listing, checked by ``addedSegments(in:identities:)``) not at `added`.
    func covered(in segments: [Segment], added: [Int]) -> [(segment: Segment, byteCount: Int64)] {
        let addedPositions = Set(added)
        let coveredSegments = segments.indices.filter { !addedPositions.contains($0) }.map { segments[$0] }
        return zip(coveredSegments, self.segments).map { (segment: $0, byteCount: $1.identity.size) }
    }

    /// The events it covers with one of `ids`, by id (see ``CoveredIDSearch``); nil when that
    /// cannot be settled, and the caller replays in full. An added event that repeats a covered
    /// id would be skipped by a full replay, so folding it onto the checkpoint would be wrong.
    func events(withIDs ids: Set<String>, segments: [Segment], added: [Int]) -> [String: Event]? {
        guard !ids.isEmpty else { return [:] }
        // A segment that cannot be read now is not vouched for: the full replay says why.
        return (try? CoveredIDSearch.events(withIDs: ids, in: covered(in: segments, added: added))) ?? nil
    }
}
