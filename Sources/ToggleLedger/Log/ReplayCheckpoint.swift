/// A cache of a replay, so `toggles check` on a large log reads only what was appended since.
///
/// It is kept in `<log>/.replay-checkpoint` (the reader skips names starting with `.`; the
/// log's own `.gitignore` keeps it out of git, and without that file none is written) and holds: the projection after the last event it covers, that event's
/// replay position, the read summary, every segment it covered with its size, file identity
/// and a hash of its content, and a Bloom filter of the ids it saw.
///
/// It is only a cache. It is used when every segment it covered is still there unchanged
/// (same identity, or else the same content hash), and every event of the segments added
/// since sorts after its last event and has an id it surely never saw. Anything else —
/// missing, corrupt, from another version, a segment rewritten or removed, a backdated
/// event or one merged from a branch that sorts before its end, an id it may have seen —
/// means a full replay, which gives the same answer. It is written only after a full
/// replay of a log big enough to be worth it, atomically (temporary file, then rename);
/// a failure to write it is ignored.
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
    var projection: Projection

    static let fileName = ".replay-checkpoint"
    private static let magic = Array("TOGGLES-CHECKPOINT-5\n".utf8)

    /// Set `TOGGLES_NO_CHECKPOINT=1` to neither read nor write checkpoints (to measure a full replay).
    static var isDisabled: Bool { getenv("TOGGLES_NO_CHECKPOINT").map { String(cString: $0) == "1" } ?? false }

    /// Logs smaller than this replay fast enough without one; `TOGGLES_CHECKPOINT_MIN_BYTES` overrides it.
    static var minimumLogBytes: Int64 {
        if let override = minimumLogBytesOverride { return override }
        return getenv("TOGGLES_CHECKPOINT_MIN_BYTES").flatMap { Int64(String(cString: $0)) } ?? 4 << 20
    }

    /// Tests set this (for their task only) instead of the environment variable.
    @TaskLocal static var minimumLogBytesOverride: Int64?

    /// How the last replay in this task used the checkpoint, for tests.
    enum Use: Sendable, Equatable { case incremental, full }

    /// Receives each replay's ``Use`` when set (tests).
    @TaskLocal static var recorder: (@Sendable (Use) -> Void)?

    // MARK: Reading and writing the file

    static func load(from directory: String, displayName: String) -> ReplayCheckpoint? {
        guard let bytes = try? readWhole(directory + "/" + fileName) else { return nil }
        return try? decode(bytes, base: SegmentDiscovery.join(displayName, ""))
    }

    func save(to directory: String, displayName: String) {
        let base = SegmentDiscovery.join(displayName, "")
        var body = BinaryWriter()
        body.int(segments.count)
        for segment in segments {
            body.string(segment.relativePath)
            body.uint(segment.identity.device)
            body.uint(segment.identity.inode)
            body.int(segment.identity.size)
            body.int(segment.identity.modified)
            body.int(segment.identity.changed)
            body.uint(segment.contentHash)
        }
        body.timestamp(lastKey.at)
        body.string(lastKey.id)
        body.int(summary.segmentCount)
        body.int(summary.eventCount)
        body.int(summary.duplicateCount)
        body.optionalTimestamp(summary.lastEventAt)
        body.int(summary.warnings.count)
        for case .duplicateID(let id, let first, let duplicate) in summary.warnings {
            body.string(id)
            body.location(first, base: base)
            body.location(duplicate, base: base)
        }
        body.int(ids.hashCount)
        body.int(ids.capacity)
        body.int(ids.words.count)
        for word in ids.words { body.uint(word) }
        body.int(projection.eventCount)
        let toggles = projection.sortedToggles
        body.int(toggles.count)
        for toggle in toggles { body.toggleState(toggle) }
        body.int(projection.violations.count)
        for (location, violation) in projection.violations {
            body.location(location, base: base)
            body.violation(violation)
        }
        let sites = projection.creationSites.sorted { utf8Precedes($0.key, $1.key) }
        body.int(sites.count)
        for (name, location) in sites {
            body.string(name)
            body.location(location, base: base)
        }
        body.int(projection.unknownTypes.count)
        for (location, event) in projection.unknownTypes {
            body.location(location, base: base)
            body.event(event)
        }
        var file = BinaryWriter()
        file.raw(Self.magic)
        file.uint(SegmentHash.hash(body.bytes))
        file.raw(body.bytes)
        let path = directory + "/" + Self.fileName
        let temporary = directory + "/.tmp-checkpoint-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        do {
            let descriptor = try SystemCalls.open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: 0o644)
            defer { SystemCalls.close(descriptor) }
            try file.bytes.withUnsafeBytes { try SystemCalls.writeAll(descriptor, $0, path: temporary) }
            try SystemCalls.rename(temporary, path)
        } catch {
            SystemCalls.unlink(temporary)  // a cache: not writing it is fine
        }
    }

    private static func decode(_ bytes: [UInt8], base: String) throws(CheckpointCorrupt) -> ReplayCheckpoint {
        var file = BinaryReader(bytes)
        guard Array(try file.raw()) == magic else { throw CheckpointCorrupt() }
        let checksum = try file.uint()
        let body = Array(try file.raw())
        guard file.isAtEnd, SegmentHash.hash(body) == checksum else { throw CheckpointCorrupt() }
        var reader = BinaryReader(body)
        var segments: [CoveredSegment] = []
        for _ in 0..<(try reader.count()) {
            let path = try reader.string()
            let identity = SystemCalls.FileIdentity(
                device: try reader.uint(), inode: try reader.uint(), size: try reader.int(),
                modified: try reader.int(), changed: try reader.int())
            segments.append(CoveredSegment(relativePath: path, identity: identity, contentHash: try reader.uint()))
        }
        let lastKey = OrderKey(at: try reader.timestamp(), id: try reader.string())
        var summary = ReadSummary(segmentCount: Int(try reader.int()))
        summary.eventCount = Int(try reader.int())
        summary.duplicateCount = Int(try reader.int())
        summary.lastEventAt = try reader.optionalTimestamp()
        summary.lastKey = lastKey
        for _ in 0..<(try reader.count()) {
            let id = try reader.string()
            guard let first = try reader.location(base: base), let duplicate = try reader.location(base: base) else { throw CheckpointCorrupt() }
            summary.warnings.append(.duplicateID(id: id, first: first, duplicate: duplicate))
        }
        let hashCount = Int(try reader.int())
        let capacity = Int(try reader.int())
        var words: [UInt64] = []
        let wordCount = try reader.count()
        words.reserveCapacity(wordCount)
        for _ in 0..<wordCount { words.append(try reader.uint()) }
        guard let ids = IDBloomFilter(words: words, hashCount: hashCount, capacity: capacity) else { throw CheckpointCorrupt() }
        let eventCount = Int(try reader.int())
        var toggles: [ToggleState] = []
        let toggleCount = try reader.count()
        toggles.reserveCapacity(toggleCount)
        for _ in 0..<toggleCount { toggles.append(try reader.toggleState()) }
        var violations: [(location: LineLocation?, violation: LifecycleViolation)] = []
        for _ in 0..<(try reader.count()) { violations.append((try reader.location(base: base), try reader.violation())) }
        var creationSites: [String: LineLocation] = [:]
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            guard let location = try reader.location(base: base) else { throw CheckpointCorrupt() }
            creationSites[name] = location
        }
        var unknownTypes: [(location: LineLocation?, event: Event)] = []
        for _ in 0..<(try reader.count()) { unknownTypes.append((try reader.location(base: base), try reader.event())) }
        guard reader.isAtEnd else { throw CheckpointCorrupt() }
        return ReplayCheckpoint(
            segments: segments, lastKey: lastKey, summary: summary, ids: ids,
            projection: Projection(toggles: toggles, violations: violations, unknownTypes: unknownTypes, eventCount: eventCount,
                                   creationSites: creationSites))
    }

    private static func readWhole(_ path: String) throws -> [UInt8] {
        let descriptor = try SystemCalls.open(path, O_RDONLY_VALUE)
        defer { SystemCalls.close(descriptor) }
        let size = try SystemCalls.fileSize(descriptor, path: path)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var done = 0
        while done < bytes.count {
            let read = try bytes.withUnsafeMutableBytes { raw in
                try SystemCalls.pread(descriptor, into: raw.baseAddress! + done, count: raw.count - done, offset: Int64(done), path: path)
            }
            if read == 0 { throw CheckpointCorrupt() }
            done += read
        }
        return bytes
    }

    // MARK: Using it

    /// Whether `segments` still start with exactly what this checkpoint covered. Returns the
    /// segments added since, or nil when the checkpoint cannot be used.
    func addedSegments(in segments: [Segment]) -> [Segment]? {
        var byPath: [String: Segment] = [:]
        for segment in segments { byPath[segment.relativePath] = segment }
        for covered in self.segments {
            guard let segment = byPath.removeValue(forKey: covered.relativePath),
                  let identity = SystemCalls.identity(segment.path), identity.size == covered.identity.size
            else { return nil }
            if identity != covered.identity {
                // Touched, copied or checked out again: trust it only if the bytes are the same.
                guard let hash = try? SegmentHash.hash(file: segment.path), hash == covered.contentHash else { return nil }
            }
        }
        return segments.filter { byPath[$0.relativePath] != nil }
    }
}

/// A Bloom filter of event ids: "surely not seen" or "maybe seen". With 10 bits per id and
/// 7 hashes, about 1% of new ids look seen, which only costs a full replay.
struct IDBloomFilter {
    private(set) var words: [UInt64]
    let hashCount: Int
    /// How many ids it was sized for.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1024)
        words = [UInt64](repeating: 0, count: (self.capacity * 10 + 63) / 64)
        hashCount = 7
    }

    init?(words: [UInt64], hashCount: Int, capacity: Int) {
        guard !words.isEmpty, (1...16).contains(hashCount) else { return nil }
        self.words = words
        self.hashCount = hashCount
        self.capacity = capacity
    }

    mutating func insert(_ id: String) {
        let bitCount = UInt64(words.count * 64)
        var (first, second) = Self.hashes(id)
        for _ in 0..<hashCount {
            let bit = Int(first % bitCount)
            words[bit >> 6] |= 1 << UInt64(bit & 63)
            first = first &+ second
        }
    }

    func mayContain(_ id: String) -> Bool {
        let bitCount = UInt64(words.count * 64)
        var (first, second) = Self.hashes(id)
        for _ in 0..<hashCount {
            let bit = Int(first % bitCount)
            if words[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
            first = first &+ second
        }
        return true
    }

    /// Two hashes of the id's bytes, stable across processes (the filter is stored).
    private static func hashes(_ id: String) -> (UInt64, UInt64) {
        var id = id
        return id.withUTF8 { bytes in
            let first = SegmentHash.hash(bytes)
            var second = StringInterner.hash(bytes) | 1
            second = second &* 0x9E37_79B9_7F4A_7C15 | 1
            return (first, second)
        }
    }
}

/// A 64-bit hash of bytes, word at a time, stable across processes and platforms: it names
/// the content a checkpoint covered. Not cryptographic: it detects change, not an attack
/// (a checkpoint is a local cache, never shared).
enum SegmentHash {
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { hash($0) }
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var state = State()
        state.add(bytes)
        return state.finish()
    }

    static func hash(file path: String) throws -> UInt64 {
        let descriptor = try SystemCalls.open(path, O_RDONLY_VALUE)
        defer { SystemCalls.close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)  // a multiple of 8: words never straddle chunks
        var state = State()
        var offset: Int64 = 0
        while true {
            let read = try chunk.withUnsafeMutableBytes { raw in
                try SystemCalls.pread(descriptor, into: raw.baseAddress!, count: raw.count, offset: offset, path: path)
            }
            if read == 0 { break }
            chunk.withUnsafeBufferPointer { state.add(UnsafeBufferPointer(rebasing: $0[..<read])) }
            offset += Int64(read)
        }
        return state.finish()
    }

    struct State {
        private var hash: UInt64 = 0x243F_6A88_85A3_08D3
        private var length: UInt64 = 0

        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
                hash = (hash << 31) | (hash >> 33)
                index += 8
            }
            while index < bytes.count {
                hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
                index += 1
            }
            length += UInt64(bytes.count)
        }

        func finish() -> UInt64 {
            var value = hash ^ length
            value ^= value >> 33
            value = value &* 0xC4CE_B9FE_1A85_EC53
            return value ^ (value >> 33)
        }
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
        let segments = try reader.segments()
        let directory = reader.directory
        var covered: Int64 = 0
        if let checkpoint = ReplayCheckpoint.load(from: directory, displayName: reader.displayName),
           until.map({ $0 >= checkpoint.lastKey.at }) ?? true,
           let added = checkpoint.addedSegments(in: segments) {
            covered = checkpoint.segments.reduce(0) { $0 + $1.identity.size }
            let addedBytes = added.reduce(Int64(0)) { $0 + (SystemCalls.identity($1.path)?.size ?? 0) }
            // Far behind: replay in full instead, which refreshes the checkpoint.
            if addedBytes <= max(ReplayCheckpoint.minimumLogBytes, covered / 4) || until != nil,
               let replay = try incrementalReplay(from: checkpoint, segments: segments, added: added, until: until) {
                ReplayCheckpoint.recorder?(.incremental)
                return replay
            }
        }
        ReplayCheckpoint.recorder?(.full)
        var projection = Projection()
        let total = segments.reduce(Int64(0)) { $0 + (SystemCalls.identity($1.path)?.size ?? 0) }
        // Only where the log's own .gitignore (written by every append) keeps hidden files out of
        // git: a read must never leave an untracked file in someone's repository.
        let writeCheckpoint = until == nil && total >= ReplayCheckpoint.minimumLogBytes
            && SystemCalls.fileType(directory + "/.gitignore") != nil
        var ids = IDBloomFilter(capacity: writeCheckpoint ? Int(total / 100) : 0)
        let summary = try reader.read(segments: segments, until: until, warm: { projection.touch(slot: $0) }) { logged in
            if writeCheckpoint { ids.insert(logged.event.id) }
            projection.apply(logged)
        }
        if writeCheckpoint, let lastKey = summary.lastKey, ids.capacity >= summary.eventCount,
           summary.warnings.allSatisfy({ if case .duplicateID = $0 { true } else { false } }) {
            var coveredSegments: [ReplayCheckpoint.CoveredSegment] = []
            for segment in segments {
                // Identity before and after hashing: a file changing meanwhile is not covered.
                guard let before = SystemCalls.identity(segment.path),
                      let hash = try? SegmentHash.hash(file: segment.path),
                      SystemCalls.identity(segment.path) == before
                else { return Replay(projection: projection, summary: summary) }
                coveredSegments.append(.init(relativePath: segment.relativePath, identity: before, contentHash: hash))
            }
            ReplayCheckpoint(segments: coveredSegments, lastKey: lastKey, summary: summary, ids: ids, projection: projection)
                .save(to: directory, displayName: reader.displayName)
        }
        return Replay(projection: projection, summary: summary)
    }

    /// The replay an append validates against, from the checkpoint, with the events already
    /// in the log under any of the keys of `ids`. Nil when there is no usable checkpoint or
    /// one of the ids may be among the events it covers (then the caller replays in full).
    func replayForAppend<Value>(probing ids: [String: Value]) throws -> (replay: Replay, found: [String: Event])? {
        guard !ReplayCheckpoint.isDisabled,
              let checkpoint = ReplayCheckpoint.load(from: reader.directory, displayName: reader.displayName),
              !ids.keys.contains(where: { checkpoint.ids.mayContain($0) })
        else { return nil }
        let segments = try reader.segments()
        guard let added = checkpoint.addedSegments(in: segments) else { return nil }
        var found: [String: Event] = [:]
        let replay = try incrementalReplay(from: checkpoint, segments: segments, added: added, until: nil) { logged in
            if ids[logged.event.id] != nil { found[logged.event.id] = logged.event }
        }
        guard let replay else { return nil }
        ReplayCheckpoint.recorder?(.incremental)
        return (replay, found)
    }

    /// Folds the added segments onto the checkpoint's projection; nil when an added event
    /// sorts before the checkpoint's end or may repeat an id it covered.
    private func incrementalReplay(
        from checkpoint: ReplayCheckpoint, segments: [Segment], added: [Segment], until: Timestamp?,
        observe: ((LoggedEvent) -> Void)? = nil
    ) throws -> Replay? {
        var projection = checkpoint.projection
        var summary = checkpoint.summary
        summary.segmentCount = segments.count
        var cursors = added.enumerated().map { SegmentCursor(segment: $0.element, index: $0.offset) }
        var decoder = FastEventDecoder()
        var seen = SeenIDs()
        do {
            try reader.merge(
                &cursors, segments: added, until: until, decoder: &decoder, seen: &seen, summary: &summary,
                admit: { logged in
                    guard checkpoint.lastKey < logged.event.orderKey, !checkpoint.ids.mayContain(logged.event.id) else {
                        throw CheckpointCorrupt()
                    }
                }
            ) { logged in
                observe?(logged)
                projection.apply(logged)
            }
        } catch is CheckpointCorrupt {
            for cursor in cursors { cursor.close() }
            return nil
        }
        return Replay(projection: projection, summary: summary)
    }
}
