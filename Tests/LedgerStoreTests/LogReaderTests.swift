import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

@Suite struct LogReaderTests {
    func ids(_ log: ScratchLog, until: Timestamp? = nil) throws -> [String] {
        var ids: [String] = []
        try log.ledger.reader.read(until: until) { ids.append($0.event.id) }
        return ids
    }

    @Test func replayOrderIsByTimeThenIDWhateverTheFiles() throws {
        let log = try ScratchLog()
        // File names sort opposite to the events, and one file interleaves with the other.
        try log.write(
            "z/first.jsonl", [ScratchLog.created("b", "2026-01-01T00:00:00Z"), ScratchLog.changed("d", "2026-01-03T00:00:00Z", to: "true")].joined(separator: "\n") + "\n")
        try log.write(
            "a/second.jsonl",
            [ScratchLog.changed("c", "2026-01-01T00:00:00Z", to: "true"), ScratchLog.changed("e", "2026-01-04T00:00:00Z", to: "false")].joined(separator: "\n") + "\n")
        #expect(try ids(log) == ["b", "c", "d", "e"])
        #expect(try ids(log, until: Timestamp(rfc3339: "2026-01-03T00:00:00Z")) == ["b", "c", "d"])
        let state = try log.ledger.replay().projection.toggles["t"]
        #expect(state?.defaultValue == .bool(false))
        #expect(state?.eventCount == 4)
    }

    @Test func pointInTimeStateSeesOnlyTheEventsUpToThatInstant() throws {
        let log = try ScratchLog()
        try log.write(
            "s.jsonl",
            [
                ScratchLog.created("1", "2026-01-01T00:00:00Z"),
                ScratchLog.changed("2", "2026-02-01T00:00:00Z", to: "true"),
                ScratchLog.line("3", "2026-03-01T00:00:00Z", "removed"),
            ].joined(separator: "\n") + "\n")
        let ledger = log.ledger
        #expect(try ledger.replay(until: Timestamp(rfc3339: "2025-12-31T23:59:59Z")).projection.toggles.isEmpty)
        #expect(try ledger.replay(until: Timestamp(rfc3339: "2026-01-31T00:00:00Z")).projection.toggles["t"]?.defaultValue == .bool(false))
        #expect(try ledger.replay(until: Timestamp(rfc3339: "2026-02-01T00:00:00Z")).projection.toggles["t"]?.defaultValue == .bool(true))
        #expect(try ledger.replay(until: Timestamp(rfc3339: "2026-03-01T00:00:00Z")).projection.toggles["t"]?.isLive == false)
    }

    @Test func aRepeatedIDIsReplayedOnce() throws {
        let log = try ScratchLog()
        let creation = ScratchLog.created("same", "2026-01-01T00:00:00Z")
        try log.write("one.jsonl", creation + "\n")
        try log.write("two.jsonl", creation + "\n" + ScratchLog.changed("other", "2026-01-02T00:00:00Z", to: "true") + "\n")
        try log.write("three.jsonl", ScratchLog.changed("same", "2026-01-05T00:00:00Z", to: "false") + "\n")
        let replay = try log.ledger.replay()
        #expect(replay.summary.eventCount == 2)
        #expect(replay.summary.duplicateCount == 2)
        #expect(replay.projection.toggles["t"]?.defaultValue == .bool(true), "the reused id at 2026-01-05 is ignored")
        #expect(replay.summary.warnings.count == 1, "only the reuse with different content is a warning")
        guard case .duplicateID(let id, _, let duplicate)? = replay.summary.warnings.first else {
            Issue.record("expected a duplicate-id warning")
            return
        }
        #expect(id == "same")
        #expect(duplicate.file == "events/three.jsonl")
    }

    @Test func aTornLastLineIsAWarningNotAnEvent() throws {
        let log = try ScratchLog()
        let torn = String(ScratchLog.changed("2", "2026-01-02T00:00:00Z", to: "true").prefix(40))
        try log.write("s.jsonl", ScratchLog.created("1", "2026-01-01T00:00:00Z") + "\n" + torn)
        let replay = try log.ledger.replay()
        #expect(replay.summary.eventCount == 1)
        #expect(
            replay.summary.warnings == [
                .tornTail(LineLocation(file: "events/s.jsonl", line: 2), byteCount: 40, offset: Int64(ScratchLog.created("1", "2026-01-01T00:00:00Z").utf8.count + 1))
            ])
    }

    @Test func aCompleteLastLineWithoutNewlineIsRead() throws {
        let log = try ScratchLog()
        try log.write("s.jsonl", ScratchLog.created("1", "2026-01-01T00:00:00Z"))
        let replay = try log.ledger.replay()
        #expect(replay.summary.eventCount == 1)
        guard case .missingFinalNewline(let location, _)? = replay.summary.warnings.first else {
            Issue.record("expected a missing-newline warning, got \(replay.summary.warnings)")
            return
        }
        #expect(location.line == 1)
    }

    @Test(arguments: [
        ("{\"schema\":1,\n", "s.jsonl:2: invalid JSON"),
        ("\n", "s.jsonl:2: blank line"),
        (#"{"schema":1,"id":"2","at":"2026-01-02T00:00:00Z","type":"removed","toggle":"t"}"# + "\n", #"s.jsonl:2: invalid event: "actor" is required"#),
    ])
    func aMalformedLineBeforeTheTailIsAnErrorNamingFileAndLine(second: String, message: String) throws {
        let log = try ScratchLog()
        try log.write("s.jsonl", ScratchLog.created("1", "2026-01-01T00:00:00Z") + "\n" + second + ScratchLog.changed("3", "2026-01-03T00:00:00Z", to: "true") + "\n")
        #expect {
            try log.ledger.replay()
        } throws: { error in
            String(describing: error).hasPrefix("events/" + message)
        }
    }

    @Test func anUnsortedSegmentIsAnError() throws {
        let log = try ScratchLog()
        try log.write("s.jsonl", ScratchLog.created("2", "2026-01-02T00:00:00Z") + "\n" + ScratchLog.created("1", "2026-01-01T00:00:00Z", "u") + "\n")
        #expect {
            try log.ledger.replay()
        } throws: { error in
            String(describing: error).contains("events/s.jsonl:2: event is out of order")
        }
    }

    /// At one instant the ids decide; the reader compares them as bytes, before they are strings.
    @Test func idsOutOfOrderAtOneInstantAreAnError() throws {
        let log = try ScratchLog()
        try log.write("s.jsonl", ScratchLog.created("id-b", "2026-01-01T00:00:00Z") + "\n" + ScratchLog.created("id-a", "2026-01-01T00:00:00Z", "u") + "\n")
        #expect {
            try log.ledger.replay()
        } throws: { error in
            String(describing: error).contains("events/s.jsonl:2: event is out of order (it sorts before the previous line, 2026-01-01T00:00:00Z id-b)")
        }
    }

    @Test func onlyJSONLFilesOutsideHiddenFoldersAreSegments() throws {
        let log = try ScratchLog()
        try log.write("2026/01/a.jsonl", ScratchLog.created("1", "2026-01-01T00:00:00Z") + "\n")
        try log.write(".tmp-interrupted.jsonl", "{garbage")
        try log.write(".cache/x.jsonl", "{garbage")
        try log.write("notes.txt", "not an event")
        try log.write("2026/01/a.jsonl.torn", "{half")
        #expect(try log.ledger.reader.segments().map(\.relativePath) == ["2026/01/a.jsonl"])
    }

    @Test func aMissingDirectoryIsAClearError() {
        let ledger = Ledger(directory: "/nonexistent-\(UUID().uuidString)", displayName: "events")
        #expect(throws: LogError.directoryMissing(path: "events")) { try ledger.replay() }
    }

    @Test func memoryIsBoundedByOpenSegmentsNotFiles() throws {
        // 300 overlapping segments: more than the reader keeps open at once.
        let log = try ScratchLog()
        for index in 0..<300 {
            let toggle = "t\(index)"
            try log.write(
                "seg\(index).jsonl",
                [
                    ScratchLog.created("c\(index)", "2026-01-01T00:00:\(String(format: "%02d", index % 60))Z", toggle),
                    ScratchLog.changed("d\(index)", "2026-02-01T00:00:00Z", toggle, to: "true"),
                ].joined(separator: "\n") + "\n")
        }
        let replay = try log.ledger.replay()
        #expect(replay.summary.eventCount == 600)
        #expect(replay.projection.toggles.values.allSatisfy { $0.defaultValue == .bool(true) })
    }
}
