import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

/// A replay says how it reached its answer (issue 18): from the checkpoint, or in full and
/// why. Options are passed in; an observer never silently skips the checkpoint's speed-up
/// without saying so.
@Suite struct ReplayPathTests {
    typealias Log = ReplayCheckpointTests.Log

    /// A log whose checkpoint covers it all.
    static func checkpointed() throws -> Log {
        let log = try Log()
        #expect(try log.checkpointing().replay().path == .full(.noCheckpoint))
        #expect(FileManager.default.fileExists(atPath: log.checkpoint.path))
        return log
    }

    @Test func aCoveringCheckpointServesReplaysAndSnapshots() throws {
        let log = try Self.checkpointed()
        #expect(try log.checkpointing().replay().path == .checkpoint)
        #expect(try log.checkpointing().snapshot().path == .checkpoint)
    }

    @Test func anObserverReadsEveryEventAndSaysSo() throws {
        let log = try Self.checkpointed()
        var observed = 0
        let replay = try log.checkpointing().replay(observe: { _ in observed += 1 })
        #expect(replay.path == .full(.observed))
        #expect(observed == replay.summary.eventCount)
    }

    @Test func optionsTurnTheCheckpointOff() throws {
        let log = try Self.checkpointed()
        let off = Ledger(directory: log.path, options: ReplayOptions(usesCheckpoint: false))
        #expect(try off.replay().path == .full(.checkpointOff))
        #expect(try off.snapshot().path == .full(.checkpointOff))
    }

    @Test func aThresholdAboveTheLogWritesNoCheckpoint() throws {
        let log = try Log()
        #expect(try log.checkpointing(minimumLogBytes: 1 << 40).replay().path == .full(.noCheckpoint))
        #expect(!FileManager.default.fileExists(atPath: log.checkpoint.path))
    }

    @Test func eachReasonForAFullReplayIsReported() throws {
        let log = try Self.checkpointed()
        #expect(try log.checkpointing().replay(until: Timestamp(rfc3339: "2000-01-01T00:00:00Z")!).path == .full(.untilBeforeCheckpoint))
        // An added event that sorts before the checkpoint's end.
        let early = ReplayCheckpointTests.line(
            "early-1", "2001-01-01T00:00:00Z", #""type":"created","toggle":"earlyToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
        try log.write("2001/01/early.jsonl", [early])
        #expect(try log.checkpointing().replay().path == .full(.superseded))
        // That full replay wrote a fresh checkpoint; now change a covered segment.
        #expect(try log.checkpointing().replay().path == .checkpoint)
        try FileManager.default.removeItem(atPath: try log.ledger.reader.segments()[0].path)
        #expect(try log.checkpointing().replay().path == .full(.coveredSegmentChanged))
    }

    @Test func appendsReportHowTheyReadTheHistory() throws {
        let log = try Self.checkpointed()
        let late = try EventCodec.decode(try JSONParser.parse(ReplayCheckpointTests.lateCreate))
        #expect(try log.checkpointing().append([late]).historyPath == .checkpoint)
        let off = Ledger(directory: log.path, options: ReplayOptions(usesCheckpoint: false))
        let next = try EventCodec.decode(try JSONParser.parse(ReplayCheckpointTests.lateChange))
        #expect(try off.append([next]).historyPath == .full(.checkpointOff))
    }
}
