import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The checkpoint's file-level checks: identities refreshed after a content check, damaged
/// bytes, the id filter and the hash (split from ReplayCheckpointTests.swift to keep files short).
extension ReplayCheckpointTests {
    // MARK: Identities refreshed after a content check

    /// A copy of the log (checkpoint included) whose every segment has the same bytes but a
    /// new inode and times, as after a fresh clone or a restored CI cache.
    static func copyWithNewIdentities(_ log: Log) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-copy-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: log.url, to: copy)
        // Its checkpoint too, as a restored CI cache brings it (kept by the log's real path).
        try? FileManager.default.removeItem(at: TestCheckpoints.file(forLog: copy.path))
        try FileManager.default.copyItem(at: log.checkpoint, to: TestCheckpoints.file(forLog: copy.path))
        for segment in try Ledger(directory: copy.path).reader.segments() {
            let data = try Data(contentsOf: URL(fileURLWithPath: segment.path))
            try FileManager.default.removeItem(atPath: segment.path)
            try data.write(to: URL(fileURLWithPath: segment.path))
        }
        return copy
    }

    static func storedIdentitiesMatch(_ log: Log, _ directory: String) throws -> Bool {
        let checkpoint = try #require(ReplayCheckpoint.load(from: TestCheckpoints.store(forLog: directory), displayName: directory, logBytes: 1 << 40))
        let (segments, identities) = try SegmentDiscovery.listing(in: directory, displayName: directory)
        guard checkpoint.segments.count == segments.count else { return false }
        return zip(checkpoint.segments, identities).allSatisfy { $0.identity == $1 }
    }

    /// A copied log (new inodes and times, same bytes) is proved unchanged by hashing once;
    /// the checkpoint then records the new identities, so the next run trusts them directly.
    @Test(arguments: [false, true])
    func copiedLogRecordsItsNewIdentities(throughSnapshot: Bool) throws {
        let log = try Log()
        _ = try Self.replay(log)
        let copy = try Self.copyWithNewIdentities(log)
        defer { try? FileManager.default.removeItem(at: copy) }
        #expect(!(try Self.storedIdentitiesMatch(log, copy.path)))
        let copied = Ledger(directory: copy.path, options: ReplayOptions.checkpointing(minimumLogBytes: 1))
        let path = throughSnapshot ? try copied.snapshot().path : try copied.replay().path
        #expect(Use(path) == .incremental)
        #expect(try Self.storedIdentitiesMatch(log, copy.path))
        // A segment rewritten after that (same size, other bytes) is still caught.
        let first = try Ledger(directory: copy.path).reader.segments()[0].path
        var text = try String(contentsOfFile: first, encoding: .utf8)
        let marker = text.range(of: "\"actor\":\"")!
        text.replaceSubrange(marker.upperBound...marker.upperBound, with: text[marker.upperBound] == "Q" ? "R" : "Q")
        try Data(text.utf8).write(to: URL(fileURLWithPath: first))
        let replay = try copied.replay()
        #expect(Use(replay.path) == .full)
        #expect(Self.describe(replay) == Self.describe(try Ledger(directory: copy.path).replay(observe: { _ in })))
    }

    /// A segment touched (new times, same bytes) is hashed once, then trusted by identity.
    @Test func touchedSegmentIsHashedOnceThenTrusted() throws {
        let log = try Log()
        _ = try Self.replay(log)
        let segment = try log.ledger.reader.segments()[0].path
        let data = try Data(contentsOf: URL(fileURLWithPath: segment))
        try data.write(to: URL(fileURLWithPath: segment))  // same bytes, new modification time
        #expect(!(try Self.storedIdentitiesMatch(log, log.path)))
        let (answer, use) = try Self.snapshot(log)
        #expect(use == .incremental)
        #expect(answer == (try Self.referenceSnapshot(log)))
        #expect(try Self.storedIdentitiesMatch(log, log.path))
    }

    // MARK: The file's own integrity

    /// Any single flipped byte anywhere in the file (header, string table, toggles) means a
    /// full replay with the same answer: the checksum covers everything after it.
    @Test func everyCorruptedRegionMeansFullReplay() throws {
        let log = try Log()
        _ = try Self.replay(log)
        let original = try Data(contentsOf: log.checkpoint)
        let reference = try Self.referenceSnapshot(log)
        for offset in stride(from: 0, to: original.count, by: max(1, original.count / 16)) + [original.count - 1] {
            var bytes = original
            bytes[offset] ^= 0x20
            try bytes.write(to: log.checkpoint)
            let (answer, use) = try Self.snapshot(log)
            #expect(use == .full, "byte \(offset)")
            #expect(answer == reference)
        }
    }

    /// Every inserted id is "maybe seen" (before and after the pending insertions are
    /// applied, and once stored and read back); few others are.
    @Test func idFilterHasNoFalseNegativesAndFewFalsePositives() throws {
        var filter = IDBloomFilter(capacity: 20_000)
        let inserted = (0..<20_000).map { "01J\($0)-inserted" }
        for (number, id) in inserted.enumerated() {
            filter.insert(id)
            if number % 997 == 0 { #expect(filter.mayContain(id)) }
        }
        let stored = filter.flushed()
        let restored = try #require(IDBloomFilter(words: stored.words, hashCount: stored.hashCount, capacity: stored.capacity))
        #expect(inserted.allSatisfy { restored.mayContain($0) })
        let falsePositives = (0..<20_000).filter { restored.mayContain("01J\($0)-other") }.count
        #expect(falsePositives < 600, "\(falsePositives) of 20,000")
    }

    @Test func staleReasonCodePositionsFollowAllCases() {
        #expect(StaleReason.Code.allCases.enumerated().allSatisfy { $0.offset == $0.element.position })
    }

    /// The content hash is XXH64: its published test values, so stored hashes keep their meaning.
    @Test func contentHashIsXXH64() {
        func hash(_ text: String) -> UInt64 { SegmentHash.hash(Array(text.utf8)) }
        #expect(hash("") == 0xEF46_DB37_51D8_E999)
        #expect(hash("a") == 0xD24E_C4F1_A98C_6E5B)
        #expect(hash("abc") == 0x44BC_2CF5_AD77_0999)
        #expect(hash("Nobody inspects the spammish repetition") == 0xFBCE_A83C_8A37_8BF1)
        // Fed in pieces of any size, the same hash.
        let text = Array(String(repeating: "toggles and segments, ", count: 40).utf8)
        for piece in [1, 3, 7, 31, 32, 33, 100] {
            var state = SegmentHash.State()
            var start = 0
            while start < text.count {
                let end = min(start + piece, text.count)
                text[start..<end].withUnsafeBytes { state.add($0) }
                start = end
            }
            #expect(state.finish() == SegmentHash.hash(text), "pieces of \(piece)")
        }
    }
}
