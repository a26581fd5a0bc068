import LedgerPlatform
import LedgerModel
/// A cache of a replay, so `toggles check` on a large log reads only what was appended since.
///
/// It is kept outside the log, in this machine's checkpoint folder, keyed by the log's real
/// path and bound to the folder's key (``CheckpointStore``): git cannot carry one in, and a
/// file written by anything but toggles with that key fails its checksum. It holds: the projection after the last event it covers, that event's
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
package struct ReplayCheckpoint {
    // Every field of ToggleState, RemoteValue and ConditionalValue is stored
    // (CheckpointCoding.swift): a field added there must be added to the coding too, and the
    // format name below changed, or a restored state would silently lack it. The tests compare
    // restored and replayed states in full, so a forgotten field fails them.
    package struct CoveredSegment {
        package var relativePath: String
        package var identity: SystemCalls.FileIdentity
        package var contentHash: UInt64

        package init(relativePath: String, identity: SystemCalls.FileIdentity, contentHash: UInt64) {
            self.relativePath = relativePath
            self.identity = identity
            self.contentHash = contentHash
        }
    }

    package var segments: [CoveredSegment]
    package var lastKey: OrderKey
    package var summary: ReadSummary
    package var ids: IDBloomFilter
    /// The file it was read from: the projection is decoded from `file[projectionStart...]`
    /// only when it is used (never when the checkpoint turns out stale).
    package let file: MappedFile
    let projectionStart: Int
    /// Whether ``addedSegments(in:identities:)`` proved covered segments unchanged by their
    /// content after their identity changed (a copy, a fresh clone, a new hard link); their
    /// new identities are then recorded by ``saveRefreshed(to:displayName:)``, so the next
    /// run does not hash them again.
    package var refreshed = false

    /// The name an older toggles gave it inside the log directory; never read now (`audit
    /// --git` reports one that git tracks).
    static let legacyFileName = ".replay-checkpoint"
    /// The format: a header (covered segments, last event, read summary, id filter) that is
    /// decoded on every use, then the projection, decoded only once the header has vouched
    /// for the log. Everything after the checksum is covered by it. (10: a minimum-version
    /// conflict; a 9 was folded without them, so it is set aside.)
    private static let magic = Array("TOGGLES-CHECKPOINT-10\n".utf8)

    /// Logs smaller than this replay fast enough without one (the default of the replay
    /// options' threshold).
    package static let defaultMinimumLogBytes: Int64 = 4 << 20

    /// Added events a snapshot keeps in memory to fold after restoring the checkpoint.
    package static let maximumSnapshotEvents = 50_000

    // MARK: Reading and writing the file

    /// The checkpoint of `store`, when its checksum (keyed with the folder's key) holds.
    /// - Parameter logBytes: the log's size: a checkpoint larger than
    ///   ``maximumBytes(forLogBytes:)`` is not read at all (a padded file would cost a read of
    ///   all of it for every command); the full replay that follows writes a fresh one.
    package static func load(from store: CheckpointStore, displayName: String, logBytes: Int64) -> ReplayCheckpoint? {
        guard let key = store.key(), let file = MappedFile(store.file, maximumBytes: maximumBytes(forLogBytes: logBytes)) else { return nil }
        return try? decodeHeader(file, key: key, base: SegmentDiscovery.join(displayName, ""))
    }

    /// The largest checkpoint a log of `logBytes` can have. What it stores grows with the log
    /// (a header line per segment, a state per toggle, 10 bits per id, never more than the
    /// events that made them), so four times the log, plus room for a small one, is far more
    /// than any real checkpoint needs.
    package static func maximumBytes(forLogBytes logBytes: Int64) -> Int64 {
        logBytes.multipliedReportingOverflow(by: 4).overflow ? Int64.max : logBytes * 4 + (1 << 20)
    }

    /// Writes a checkpoint of a full replay.
    package static func save(
        segments: [CoveredSegment], lastKey: OrderKey, summary: ReadSummary, ids: IDBloomFilter, projection: Projection,
        to store: CheckpointStore, displayName: String
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
            // Each record's length and whether the toggle is removed (and served to no app
            // version), so a reader that needs only toggles in use steps over the others.
            let start = records.beginRecord()
            records.bool(!toggle.isInUse)
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
        records.supportedVersions(projection.supportedVersions)
        let table = CheckpointEncoder.stringTable(records.strings)
        table.withUnsafeBytes { table in
            records.bytes.withUnsafeBytes { records in write(header: header, projection: [table, records], to: store) }
        }
    }

    /// Writes this checkpoint again with the covered segments' current identities (after
    /// ``refreshed``); the projection's bytes are copied as they are.
    package func saveRefreshed(to store: CheckpointStore, displayName: String) {
        let header = Self.encodeHeader(
            segments: segments, lastKey: lastKey, summary: summary, ids: ids, base: SegmentDiscovery.join(displayName, ""))
        Self.write(header: header, projection: [UnsafeRawBufferPointer(rebasing: file.bytes[projectionStart...])], to: store)
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

    /// magic, checksum (keyed with the folder's key) of the rest, header length, header,
    /// projection; atomically (a temporary file, then rename). A cache: failing to write it is fine.
    private static func write(header: [UInt8], projection: [UnsafeRawBufferPointer], to store: CheckpointStore) {
        guard let key = store.makeKey() else { return }
        var prefix = CheckpointEncoder()
        prefix.int(header.count)
        let path = store.file
        let temporary = store.file + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        prefix.bytes.withUnsafeBytes { length in
            header.withUnsafeBytes { header in
                let parts = [length, header] + projection
                var hash = SegmentHash.State()
                key.withUnsafeBytes { hash.add($0) }
                for part in parts { hash.add(part) }
                var start = CheckpointEncoder()
                Self.magic.withUnsafeBytes { start.raw($0) }
                start.u64(hash.finish())
                do {
                    let descriptor = try SystemCalls.open(temporary, OpenFlags.writeOnly | OpenFlags.create | OpenFlags.exclusive | OpenFlags.noFollow, mode: 0o600)
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

    private static func decodeHeader(_ file: MappedFile, key: [UInt8], base: String) throws(CheckpointCorrupt) -> ReplayCheckpoint {
        let raw = file.bytes
        let checked = magic.count + 8
        guard raw.count >= checked + 8, raw.prefix(magic.count).elementsEqual(magic) else { throw CheckpointCorrupt() }
        var reader = CheckpointDecoder(raw, from: magic.count)
        let checksum = try reader.u64()
        var hash = SegmentHash.State()
        key.withUnsafeBytes { hash.add($0) }
        hash.add(UnsafeRawBufferPointer(rebasing: raw[checked...]))
        guard hash.finish() == checksum else { throw CheckpointCorrupt() }
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

}

/// Where a log's checkpoint lives, and the key that binds it to this machine.
///
/// Never in the log directory: anything there can be committed (`git add -f`), and a
/// checkpoint from the repository would let whoever can commit choose the answer of every
/// command that reads the log. The checkpoint is kept in a folder of this machine's
/// (`~/.cache/toggles`, from ``ReplayOptions/checkpointFolder``), under
/// `checkpoints/<hash of the log directory's real path>`, and its checksum is keyed with 32
/// random bytes made once per folder (`key`, mode 0600; the folder 0700): a checkpoint
/// written anywhere else, or by anything that does not hold the key, fails its checksum and is
/// never read.
package struct CheckpointStore: Sendable {
    /// The folder of this machine's checkpoints.
    package let folder: String
    /// The checkpoint of this log.
    package let file: String

    /// Nil without a folder, or when the log directory has no real path (it does not exist).
    package init?(log directory: String, folder: String?) {
        guard let folder, !folder.isEmpty, let real = SystemCalls.realPath(directory) else { return nil }
        self.folder = folder
        let name = String(SegmentHash.hash(Array(real.utf8)), radix: 16)
        file = folder + "/checkpoints/" + String(repeating: "0", count: 16 - name.count) + name
    }

    private var keyPath: String { folder + "/key" }
    private static let keyLength = 32

    /// The folder's key; nil when there is none (nothing was ever written with this folder).
    package func key() -> [UInt8]? {
        guard let descriptor = try? SystemCalls.open(keyPath, OpenFlags.readOnly | OpenFlags.noFollow) else { return nil }
        defer { SystemCalls.close(descriptor) }
        var key = [UInt8](repeating: 0, count: Self.keyLength + 1)
        let count = key.withUnsafeMutableBytes {
            (try? SystemCalls.pread(descriptor, into: $0.baseAddress!, count: $0.count, offset: 0, path: keyPath)) ?? -1
        }
        return count == Self.keyLength ? Array(key.prefix(Self.keyLength)) : nil
    }

    /// The folder's key, made (with the folders) when missing. Two writers racing both end up
    /// with the one that was linked into place first.
    func makeKey() -> [UInt8]? {
        if let key = key() { return key }
        for path in [folder, folder + "/checkpoints"] where SystemCalls.fileType(path) == nil {
            var current = path.hasPrefix("/") ? "" : "."
            for component in path.split(separator: "/") where !component.isEmpty {
                current += "/" + component
                _ = try? SystemCalls.makeDirectory(current, mode: 0o700)
            }
        }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<Self.keyLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let temporary = keyPath + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        do {
            let descriptor = try SystemCalls.open(temporary, OpenFlags.writeOnly | OpenFlags.create | OpenFlags.exclusive | OpenFlags.noFollow, mode: 0o600)
            defer { SystemCalls.close(descriptor) }
            try key.withUnsafeBytes { try SystemCalls.writeAll(descriptor, $0, path: temporary) }
        } catch {
            SystemCalls.unlink(temporary)
            return nil
        }
        SystemCalls.hardLink(temporary, keyPath)  // fails when another writer's key is already there: use that one
        SystemCalls.unlink(temporary)
        return self.key()
    }
}
