import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The checkpoint never answers differently from a full replay when a covered segment is
/// rewritten without its identity changing (issue 15 §4, git's "racily clean" rule).
@Suite struct CheckpointRacyTests {
    /// Sets the modification time of `path` to `nanoseconds` (the access time too).
    static func setModified(_ path: String, nanoseconds: Int64) {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var times = [time, time]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func aSegmentRewrittenInTheCheckpointsTickIsCheckedByContent() throws {
        let log = try ReplayCheckpointTests.Log(events: 300)
        _ = try ReplayCheckpointTests.replay(log)  // writes the checkpoint
        let segment = try #require(log.ledger.reader.segments().first)
        // The same size, other bytes: the first event's toggle name, one letter changed.
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: segment.path)))
        let needle = Array(#""toggle":""#.utf8)
        let start = try #require((0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }) + needle.count
        bytes[start] = bytes[start] == UInt8(ascii: "Q") ? UInt8(ascii: "R") : UInt8(ascii: "Q")
        let descriptor = open(segment.path, O_WRONLY)
        #expect(pwrite(descriptor, bytes, bytes.count, 0) == bytes.count)
        close(descriptor)
        // Where times are coarse (a 1-second file system; a write through a page an mmap
        // already dirtied), such a rewrite leaves the identity the checkpoint recorded. Here
        // the recorded identity is made the new one, and the checkpoint's own time that of
        // the same tick.
        let identity = try #require(SystemCalls.identity(segment.path))
        var checkpoint = try #require(ReplayCheckpoint.load(from: TestCheckpoints.store(forLog: log.path), displayName: log.path, logBytes: 1 << 40))
        let covered = try #require(checkpoint.segments.firstIndex { segment.path.hasSuffix("/" + $0.relativePath) })
        checkpoint.segments[covered].identity = identity
        checkpoint.saveRefreshed(to: TestCheckpoints.store(forLog: log.path), displayName: log.path)
        Self.setModified(log.checkpoint.path, nanoseconds: identity.modified)

        let (answer, use) = try ReplayCheckpointTests.replay(log)
        #expect(answer == (try ReplayCheckpointTests.reference(log)), "an answer from the old bytes")
        #expect(use == .full)
    }

    @Test func aSegmentOlderThanTheCheckpointIsStillVouchedForByItsIdentity() throws {
        let log = try ReplayCheckpointTests.Log(events: 300)
        _ = try ReplayCheckpointTests.replay(log)
        let segments = try log.ledger.reader.segments()
        let newest = segments.compactMap { SystemCalls.identity($0.path) }.map { max($0.modified, $0.changed) }.max()!
        Self.setModified(log.checkpoint.path, nanoseconds: newest + 1_000_000_000)
        let (answer, use) = try ReplayCheckpointTests.replay(log)
        #expect(answer == (try ReplayCheckpointTests.reference(log)))
        #expect(use == .incremental)
    }

    @Test func anythingButARegularFileIsNoCheckpoint() throws {
        let log = try ReplayCheckpointTests.Log(events: 300)
        #expect(mkfifo(log.checkpoint.path, 0o644) == 0)
        // Opening the FIFO for reading would wait for a writer forever.
        #expect(ReplayCheckpoint.load(from: TestCheckpoints.store(forLog: log.path), displayName: "events", logBytes: 1 << 40) == nil)
        try FileManager.default.removeItem(at: log.checkpoint)
        _ = try ReplayCheckpointTests.replay(log)
        let real = log.url.appendingPathComponent("real-checkpoint")
        try FileManager.default.moveItem(at: log.checkpoint, to: real)
        try FileManager.default.createSymbolicLink(at: log.checkpoint, withDestinationURL: real)
        #expect(ReplayCheckpoint.load(from: TestCheckpoints.store(forLog: log.path), displayName: "events", logBytes: 1 << 40) == nil)
    }
}
