import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The merge on a second thread must deliver exactly what the single-threaded merge does:
/// the same events, warnings and errors, in the same places; and stop cleanly when the fold
/// gives up.
@Suite struct MergePipelineTests {
    /// Reads `log` with and without the pipeline: (delivered ids, warnings, error).
    static func readBothWays(_ log: ScratchLog, until: Timestamp? = nil) -> [(ids: [String], warnings: [LogWarning], error: String?)] {
        [ParallelMerge(threads: 1), ParallelMerge(threads: 2, minimumBytes: 0)].map { parallelMerge in
            var ids: [String] = []
            var warnings: [LogWarning] = []
            do {
                let reader = LogReader(directory: log.path, displayName: "events", parallelMerge: parallelMerge)
                let summary = try reader.read(until: until) { ids.append($0.event.id) }
                warnings = summary.warnings
                return (ids, warnings, nil)
            } catch {
                return (ids, warnings, "\(error)")
            }
        }
    }

    /// More events than a few batches, in two interleaved segments.
    static func bigLog(events: Int = 5_000) throws -> ScratchLog {
        let log = try ScratchLog()
        var first: [String] = [ScratchLog.created("a0000", "2026-01-01T00:00:00Z", "a")]
        var second: [String] = [ScratchLog.created("b0000", "2026-01-01T00:00:00Z", "b")]
        for number in 1..<events {
            let at = Timestamp(secondsSince1970: 1_767_225_600 + Int64(number)).description
            if number % 3 == 0 {
                second.append(ScratchLog.changed(String(format: "b%04d", number), at, "b", to: number % 2 == 0 ? "true" : "false"))
            } else {
                first.append(ScratchLog.changed(String(format: "a%04d", number), at, "a", to: number % 2 == 0 ? "true" : "false"))
            }
        }
        try log.write("2026/01/first.jsonl", first.joined(separator: "\n") + "\n")
        try log.write("2026/01/second.jsonl", second.joined(separator: "\n") + "\n")
        return log
    }

    @Test func deliversTheSameEventsInTheSameOrder() throws {
        let log = try Self.bigLog()
        let (single, pipelined) = {
            let both = Self.readBothWays(log); return (both[0], both[1])
        }()
        #expect(single.error == nil)
        #expect(single.ids.count == 5_001)  // two creations, then 4,999 changes
        #expect(pipelined.ids == single.ids)
        #expect(pipelined.error == nil)
    }

    @Test func stopsAtTheSameInstant() throws {
        let log = try Self.bigLog()
        let until = Timestamp(secondsSince1970: 1_767_225_600 + 2_500)
        let both = Self.readBothWays(log, until: until)
        #expect(both[0].ids.count == 2_502)
        #expect(both[1].ids == both[0].ids)
    }

    /// A malformed line deep in a segment: the events before it are delivered, then the
    /// same error, naming the file and line.
    @Test func anErrorArrivesAfterTheSameEvents() throws {
        let log = try Self.bigLog()
        var lines = try log.read("2026/01/first.jsonl").split(separator: "\n").map(String.init)
        lines[2_000] = #"{"schema":1,"id":"broken""#
        try log.write("2026/01/first.jsonl", lines.joined(separator: "\n") + "\n")
        let both = Self.readBothWays(log)
        #expect(both[0].error?.contains("events/2026/01/first.jsonl:2001") == true)
        #expect(both[1].error == both[0].error)
        #expect(both[1].ids == both[0].ids)
        #expect(both[0].ids.count > 2_000)
    }

    /// Torn tails and missing final newlines are reported in the same order.
    @Test func warningsKeepTheirPlace() throws {
        let log = try Self.bigLog()
        try log.write("2026/01/torn.jsonl", ScratchLog.created("c", "2026-01-01T00:30:00Z", "c") + "\n" + #"{"schema":1,"id":"#)
        try log.write("2026/01/unterminated.jsonl", ScratchLog.created("d", "2026-01-01T00:40:00Z", "d"))
        let both = Self.readBothWays(log)
        #expect(both[0].warnings.count == 2)
        #expect(both[1].warnings == both[0].warnings)
        #expect(both[1].ids == both[0].ids)
    }

    /// The fold throws part-way (as a checkpoint's admission check does): the producer stops
    /// and every file is closed, with no thread left waiting.
    @Test func aFoldThatThrowsStopsTheProducer() throws {
        struct Enough: Error {}
        let log = try Self.bigLog(events: 20_000)
        let reader = LogReader(directory: log.path, displayName: "events", parallelMerge: ParallelMerge(threads: 2, minimumBytes: 0))
        let segments = try reader.segments()
        for _ in 0..<20 {
            var cursors = segments.enumerated().map { SegmentCursor(segment: $0.element, index: $0.offset) }
            var decoder = FastEventDecoder()
            var seen = SeenIDs()
            var summary = ReadSummary(segmentCount: segments.count)
            var delivered = 0
            #expect(throws: Enough.self) {
                try reader.merge(
                    &cursors, segments: segments, until: nil, decoder: &decoder, seen: &seen, summary: &summary,
                    admit: { _ in if delivered == 3_000 { throw Enough() } }
                ) { _ in delivered += 1 }
            }
            #expect(delivered == 3_000)
        }
    }
}

/// The queue between the merge and the fold: first in, first out across many turns of its
/// ring, with the producer blocked whenever it is full; a stopped consumer releases it.
@Suite struct MergePipelineChannelTests {
    @Test(arguments: [1, 2, 4])
    func deliversInOrderAcrossManyTurnsOfTheRing(capacity: Int) {
        let channel = MergePipeline.Channel<Int>(capacity: capacity)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for number in 0..<10_000 { _ = channel.send(number) }
            done.signal()
        }
        var received: [Int] = []
        for _ in 0..<10_000 { received.append(channel.receive()) }
        done.wait()
        #expect(received == Array(0..<10_000))
    }

    @Test func aStoppedConsumerLetsTheProducerFinishWithoutBlocking() {
        let channel = MergePipeline.Channel<Int>(capacity: 2)
        #expect(channel.send(1))
        #expect(channel.send(2))
        channel.stop()
        // The ring is full: without stop() this send would wait for a receive forever.
        #expect(channel.send(3) == false)
        #expect(channel.send(4) == false)
    }

    @Test func keepsAtMostAsManyEmptiedItemsAsSlots() {
        let channel = MergePipeline.Channel<Int>(capacity: 2)
        for number in 0..<5 { channel.giveBack(number) }
        var taken: [Int] = []
        while let item = channel.takeEmptied() { taken.append(item) }
        #expect(taken.sorted() == [0, 1])
    }
}
