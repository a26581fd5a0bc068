import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

/// A checkpoint never gives an answer a full replay would not (issue 26 §1): whatever is done
/// to it, or forged in its place by someone who can commit to the repository, replay, snapshot
/// and append answer as if there were none.
@Suite struct CheckpointTamperingPropertyTests {
    typealias Log = ReplayCheckpointTests.Log

    /// A checkpoint of `log` as a forger with commit access would make it: the real segments
    /// with their real sizes and content hashes, but a projection holding a toggle the log
    /// never created (`ghost`), written with `store`'s key.
    static func forge(_ log: Log, into store: CheckpointStore) throws {
        var ids = IDBloomFilter(capacity: 100_000)
        var projection = Projection()
        let summary = try log.ledger.reader.read { logged in
            ids.insert(logged.event.id)
            projection.apply(logged.event, at: logged.location)
        }
        projection.apply(ghostCreated)
        let (segments, identities) = try SegmentDiscovery.listing(in: log.path, displayName: log.path)
        let covered = try zip(segments, identities).map { segment, identity in
            ReplayCheckpoint.CoveredSegment(
                relativePath: segment.relativePath, identity: try #require(identity), contentHash: try SegmentHash.hash(file: segment.path))
        }
        ReplayCheckpoint.save(
            segments: covered, lastKey: try #require(summary.lastKey), summary: summary, ids: ids, projection: projection,
            to: store, displayName: log.path)
    }

    static let ghostCreated = Event(
        id: "ghost-1", at: Timestamp(rfc3339: "2020-01-01T00:00:00Z")!, toggle: "ghost", actor: "mallory",
        change: .created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(true))))
    static let ghostRemoved = Event(
        id: "ghost-2", at: Timestamp(rfc3339: "2040-01-01T00:00:00Z")!, toggle: "ghost", actor: "mallory", change: .removed(reason: "gone"))

    enum Tampering: CaseIterable {
        /// A forged checkpoint committed into the log directory (`git add -f`), as older
        /// versions kept it there.
        case forgedInTheLog
        /// A forged checkpoint put where this machine keeps the log's, made without its key.
        case forgedWithAnotherKey
        case flippedByte
        case truncated
        /// A valid checkpoint with bytes after its end.
        case padded
        /// The folder's key replaced: every checkpoint made with the old one is foreign.
        case newKey
        /// A segment appended after the checkpoint was written.
        case appended
    }

    static func tamper(_ log: Log, _ tampering: Tampering, random: inout SeededGenerator) throws {
        let file = log.checkpoint
        switch tampering {
        case .forgedInTheLog:
            let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("forger-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: elsewhere) }
            let store = try #require(CheckpointStore(log: log.path, folder: elsewhere.path))
            try forge(log, into: store)
            try? FileManager.default.removeItem(at: log.url.appendingPathComponent(ReplayCheckpoint.legacyFileName))
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: store.file), to: log.url.appendingPathComponent(ReplayCheckpoint.legacyFileName))
        case .forgedWithAnotherKey:
            let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("forger-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: elsewhere) }
            let store = try #require(CheckpointStore(log: log.path, folder: elsewhere.path))
            try forge(log, into: store)
            try? FileManager.default.removeItem(at: file)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: store.file), to: file)
        case .flippedByte, .truncated, .padded:
            guard var bytes = try? Data(contentsOf: file), !bytes.isEmpty else { return }
            switch tampering {
            case .flippedByte: bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            case .truncated: bytes = bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))
            default: bytes.append(contentsOf: (0..<Int.random(in: 1...4096, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            }
            try bytes.write(to: file)
        case .newKey:
            // The tests' folder is shared, so its key stays: the checkpoint is read through a
            // folder of its own instead, whose key did not make it.
            let other = FileManager.default.temporaryDirectory.appendingPathComponent("rekeyed-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: other) }
            let store = try #require(CheckpointStore(log: log.path, folder: other.path))
            _ = try #require(store.makeKey())
            guard let checkpoint = try? Data(contentsOf: file) else { return }
            try checkpoint.write(to: URL(fileURLWithPath: store.file))
            #expect(ReplayCheckpoint.load(from: store, displayName: log.path, logBytes: 1 << 40) == nil)
        case .appended:
            let day = 1 + Int.random(in: 0..<27, using: &random)
            try log.write(
                "2035/added-\(UUID().uuidString).jsonl",
                [
                    ReplayCheckpointTests.line(
                        "added-\(UUID().uuidString)", "2035-01-\(day < 10 ? "0" : "")\(day)T00:00:00Z",
                        #""type":"created","toggle":"added\#(day)x\#(Int.random(in: 0...1_000_000, using: &random))","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#
                    )
                ])
        }
    }

    /// Random tampering, one after another on the same log: after each, the checkpointed
    /// replay, snapshot and live-only snapshot equal a full replay's, and removing the forged
    /// `ghost` is refused as a full replay refuses it.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func checkpointAnswersEqualAFullReplayAfterRandomTampering(seed: UInt64) throws {
        let log = try Log(events: 400, seed: seed)
        var random = SeededGenerator(seed: seed &* 7919)
        _ = try ReplayCheckpointTests.replay(log)  // writes the real checkpoint
        for _ in 0..<6 {
            let tampering = Tampering.allCases.randomElement(using: &random)!
            try Self.tamper(log, tampering, random: &random)
            let (answer, _) = try ReplayCheckpointTests.replay(log)
            #expect(answer == (try ReplayCheckpointTests.reference(log)), "\(tampering)")
            let (snapshot, _) = try ReplayCheckpointTests.snapshot(log)
            #expect(snapshot == (try ReplayCheckpointTests.referenceSnapshot(log)), "\(tampering)")
            #expect(throws: (any Error).self, "\(tampering): removing a toggle the log never created") {
                _ = try log.checkpointing().append([Self.ghostRemoved])
            }
        }
    }

    /// The forgery of the issue, on its own: real hashes, another projection, in the log
    /// directory. Older versions read it and accepted the removal of `ghost`.
    @Test func aForgedCheckpointInTheLogDirectoryIsNeverRead() throws {
        let log = try Log(events: 200)
        var random = SeededGenerator(seed: 5)
        try Self.tamper(log, .forgedInTheLog, random: &random)
        let replay = try log.checkpointing().replay()
        #expect(replay.projection.toggles["ghost"] == nil)
        #expect(replay.path == .full(.noCheckpoint))
        #expect(throws: (any Error).self) { _ = try log.checkpointing().append([Self.ghostRemoved]) }
    }

    /// A checkpoint far larger than any its log could have is not read at all (not even
    /// hashed), and the full replay that follows writes a fresh one in its place.
    @Test func aCheckpointFarLargerThanItsLogIsRewrittenNotRead() throws {
        let log = try Log(events: 200)
        _ = try ReplayCheckpointTests.replay(log)
        let store = TestCheckpoints.store(forLog: log.path)
        var bytes = try Data(contentsOf: log.checkpoint)
        let logBytes = try SegmentDiscovery.listing(in: log.path, displayName: log.path).identities.reduce(Int64(0)) { $0 + ($1?.size ?? 0) }
        #expect(ReplayCheckpoint.load(from: store, displayName: log.path, logBytes: logBytes) != nil)
        // Padding with a checksum made with the right key: only its size gives it away.
        let original = bytes.count
        bytes.append(Data(count: Int(ReplayCheckpoint.maximumBytes(forLogBytes: logBytes)) - original + 1))
        let magicLength = 22  // "TOGGLES-CHECKPOINT-10\n"
        var hash = SegmentHash.State()
        try #require(store.key()).withUnsafeBytes { hash.add($0) }
        bytes.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[(magicLength + 8)...])) }
        withUnsafeBytes(of: hash.finish().littleEndian) { bytes.replaceSubrange(magicLength..<(magicLength + 8), with: $0) }
        try bytes.write(to: log.checkpoint)
        #expect(ReplayCheckpoint.load(from: store, displayName: log.path, logBytes: 1 << 40) != nil, "valid but for its size")
        #expect(ReplayCheckpoint.load(from: store, displayName: log.path, logBytes: logBytes) == nil)
        let (answer, use) = try ReplayCheckpointTests.replay(log)
        #expect(use == .full)
        #expect(answer == (try ReplayCheckpointTests.reference(log)))
        let rewritten = try FileManager.default.attributesOfItem(atPath: log.checkpoint.path)[.size] as? Int
        #expect(rewritten == original)
    }

    /// A snapshot at an instant after every event (`check --now`) is a replay of the whole
    /// log, so it writes the checkpoint; one that leaves events out does not.
    @Test func aSnapshotUntilAfterTheLastEventWritesTheCheckpoint() throws {
        let log = try Log(events: 200)
        _ = try log.checkpointing().snapshot(until: Timestamp(rfc3339: "2000-01-02T00:00:00Z")!)
        #expect(!FileManager.default.fileExists(atPath: log.checkpoint.path), "events after the instant were left out")
        let now = Timestamp(rfc3339: "2099-01-01T00:00:00Z")!
        let first = try log.checkpointing().snapshot(until: now)
        #expect(first.path == .full(.noCheckpoint))
        #expect(FileManager.default.fileExists(atPath: log.checkpoint.path))
        let second = try log.checkpointing().snapshot(until: now)
        #expect(second.path == .checkpoint)
        #expect(ReplayCheckpointTests.describe(second) == (try ReplayCheckpointTests.referenceSnapshot(log, until: now)))
    }
}
