import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

@Suite struct LedgerAppendTests {
    static func at(_ text: String) -> Timestamp { Timestamp(userInput: text)! }

    static func create(_ toggle: String, id: String, at day: String) -> Event {
        Event(
            id: id, at: at(day), toggle: toggle, actor: "tester",
            change: .created(ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(false))))
    }

    @Test func anAppendWritesOneSortedSegment() throws {
        let log = try ScratchLog()
        let outcome = try log.ledger.append([Self.create("b", id: "2", at: "2026-01-02"), Self.create("a", id: "1", at: "2026-01-01")])
        #expect(outcome.written.map(\.id) == ["1", "2"])
        let segment = try #require(outcome.segment)
        #expect(segment.hasPrefix("events/2026/01/20260101T000000Z-batch-2-"))
        let lines = try log.read(String(segment.dropFirst("events/".count))).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""id":"1""#))
    }

    /// The writer is made on demand from the reader's directory and name: an append writes
    /// into the directory the ledger was opened on and names the segment as the reader does.
    @Test func anAppendWritesWhereTheLedgerReadsAndNamesItTheSameWay() throws {
        let log = try ScratchLog()
        let named = Ledger(directory: log.path, displayName: "shown/log")
        let segment = try #require(try named.append([Self.create("a", id: "1", at: "2026-01-01")]).segment)
        #expect(segment.hasPrefix("shown/log/2026/01/"))
        #expect(FileManager.default.fileExists(atPath: log.path + "/" + segment.dropFirst("shown/log/".count)))
        let unnamed = Ledger(directory: log.path)
        let second = try #require(try unnamed.append([Self.create("b", id: "2", at: "2026-01-02")]).segment)
        #expect(second.hasPrefix(log.path + "/2026/01/"))
        #expect(try unnamed.replay().projection.toggles.keys.sorted() == ["a", "b"])
    }

    @Test func theSameIDTwiceIsANoOp() throws {
        let log = try ScratchLog()
        _ = try log.ledger.append([Self.create("a", id: "ci-42", at: "2026-01-01")])
        let retry = try log.ledger.append([Self.create("a", id: "ci-42", at: "2026-01-05")])
        #expect(retry.written.isEmpty)
        #expect(retry.segment == nil)
        #expect(retry.alreadyRecorded.map(\.at) == [Self.at("2026-01-01")], "reports the event already in the log")
        #expect(try log.ledger.reader.segments().count == 1)
    }

    @Test func anIDReusedForAnotherToggleIsRejected() throws {
        let log = try ScratchLog()
        _ = try log.ledger.append([Self.create("a", id: "ci-42", at: "2026-01-01")])
        #expect {
            try log.ledger.append([Self.create("b", id: "ci-42", at: "2026-01-02")])
        } throws: { error in
            String(describing: error).contains("already used by a created event for a")
        }
    }

    @Test func aRejectedBatchWritesNothing() throws {
        let log = try ScratchLog()
        _ = try log.ledger.append([Self.create("a", id: "1", at: "2026-01-01")])
        let before = try log.ledger.reader.segments()
        #expect(throws: LedgerError.self) {
            try log.ledger.append([Self.create("b", id: "2", at: "2026-01-02"), Self.create("a", id: "3", at: "2026-01-03")])
        }
        #expect(try log.ledger.reader.segments() == before)
    }

    @Test func aTornTailIsMovedAsideBeforeTheNextAppend() throws {
        let log = try ScratchLog()
        let outcome = try log.ledger.append([Self.create("a", id: "1", at: "2026-01-01")])
        let relative = String(outcome.segment!.dropFirst("events/".count))
        let original = try log.read(relative)
        try log.write(relative, original + #"{"schema":1,"id":"2","at":"2026-01-0"#)
        let next = try log.ledger.append([Self.create("b", id: "3", at: "2026-01-04")])
        #expect(next.repairs.count == 1)
        #expect(try log.read(relative) == original, "the segment is cut back to its last whole line")
        #expect(try log.read(relative + ".torn") == #"{"schema":1,"id":"2","at":"2026-01-0"# + "\n", "the fragment is kept")
        let replay = try log.ledger.replay()
        #expect(replay.summary.warnings.isEmpty)
        #expect(replay.projection.toggles.keys.sorted() == ["a", "b"])
    }

    @Test func aCompleteLineWithoutNewlineGetsItsNewline() throws {
        let log = try ScratchLog()
        try log.write("hand.jsonl", ScratchLog.created("1", "2026-01-01T00:00:00Z", "a"))
        _ = try log.ledger.append([Self.create("b", id: "2", at: "2026-01-02")])
        #expect(try log.read("hand.jsonl") == ScratchLog.created("1", "2026-01-01T00:00:00Z", "a") + "\n")
    }
}
