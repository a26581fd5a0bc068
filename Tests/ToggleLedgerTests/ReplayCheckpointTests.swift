import Foundation
import Testing
@testable import ToggleLedger

/// The checkpoint is only a cache: every way it can be missing, stale or wrong must give
/// the answer of a full replay.
@Suite struct ReplayCheckpointTests {
    /// A generated log in a temporary directory, with helpers to replay it.
    final class Log {
        let url: URL
        var path: String { url.path }
        var ledger: Ledger { Ledger(directory: path) }

        init(events: Int = 600, seed: UInt64 = 11) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID().uuidString)")
            try EventLogGenerator.writeLog(EventLogGenerator.lines(count: events, seed: seed), to: url, seed: seed)
            try Data(LogWriter.gitignore.utf8).write(to: url.appendingPathComponent(".gitignore"))
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        var checkpoint: URL { url.appendingPathComponent(".replay-checkpoint") }

        func write(_ relative: String, _ lines: [String]) throws {
            let file = url.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        }
    }

    /// Everything a replay answers, as text: state, violations, unknown types, summary.
    static func describe(_ replay: Replay) -> String {
        let projection = replay.projection
        var text = StateRenderer.json(projection.sortedToggles, asOf: Timestamp(secondsSince1970: 0))
        text += projection.violations.map { "\($0.location.map(\.description) ?? "-") \($0.violation)" }.joined(separator: "\n") + "\n"
        text += projection.unknownTypes.map { "\($0.location.map(\.description) ?? "-") \(EventCodec.encode($0.event))" }.joined(separator: "\n") + "\n"
        let summary = replay.summary
        text += "segments \(summary.segmentCount) events \(summary.eventCount) duplicates \(summary.duplicateCount) last \(summary.lastEventAt.map(\.description) ?? "-") events \(projection.eventCount)\n"
        text += summary.warnings.map(\.description).sorted().joined(separator: "\n")
        return text
    }

    /// A replay that never touches a checkpoint (an observer forces the full path).
    static func reference(_ log: Log, until: Timestamp? = nil) throws -> String {
        describe(try log.ledger.replay(until: until, observe: { _ in }))
    }

    final class Uses: @unchecked Sendable {
        var list: [ReplayCheckpoint.Use] = []
    }

    /// Replays through the checkpoint path with a 1-byte threshold; returns the answer and
    /// how the checkpoint was used.
    static func replay(_ log: Log, until: Timestamp? = nil) throws -> (String, ReplayCheckpoint.Use?) {
        let uses = Uses()
        let replay = try ReplayCheckpoint.$minimumLogBytesOverride.withValue(1) {
            try ReplayCheckpoint.$recorder.withValue({ uses.list.append($0) }) {
                try log.ledger.replay(until: until)
            }
        }
        return (describe(replay), uses.list.last)
    }

    static func line(_ id: String, _ at: String, _ rest: String) -> String {
        #"{"schema":1,"id":"\#(id)","at":"\#(at)",\#(rest)}"#
    }

    static let lateCreate = line("late-1", "2031-01-01T00:00:00Z", #""type":"created","toggle":"lateToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
    static let lateChange = line("late-2", "2031-01-02T00:00:00Z", #""type":"default-changed","toggle":"lateToggle","actor":"a","default":false"#)

    @Test func missingCheckpointMeansFullReplayThenOneIsWritten() throws {
        let log = try Log()
        #expect(!FileManager.default.fileExists(atPath: log.checkpoint.path))
        let (first, firstUse) = try Self.replay(log)
        #expect(firstUse == .full)
        #expect(first == (try Self.reference(log)))
        #expect(FileManager.default.fileExists(atPath: log.checkpoint.path))
        // The reader skips it: it is not a segment.
        #expect(try log.ledger.reader.segments().allSatisfy { !$0.relativePath.contains("checkpoint") })
    }

    @Test func appendedEventsAreFoldedIncrementally() throws {
        let log = try Log()
        _ = try Self.replay(log)
        try log.write("2031/01/late.jsonl", [Self.lateCreate, Self.lateChange])
        let (answer, use) = try Self.replay(log)
        #expect(use == .incremental)
        #expect(answer == (try Self.reference(log)))
        #expect(answer.contains("lateToggle"))
    }

    @Test func unchangedLogUsesTheCheckpoint() throws {
        let log = try Log()
        _ = try Self.replay(log)
        let (answer, use) = try Self.replay(log)
        #expect(use == .incremental)
        #expect(answer == (try Self.reference(log)))
    }

    @Test(arguments: ["garbage", "truncated", "flipped", "empty"])
    func corruptCheckpointMeansFullReplay(damage: String) throws {
        let log = try Log()
        _ = try Self.replay(log)
        var bytes = try Data(contentsOf: log.checkpoint)
        switch damage {
        case "garbage": bytes = Data("not a checkpoint".utf8)
        case "truncated": bytes = bytes.prefix(bytes.count / 2)
        case "flipped": bytes[bytes.count - 10] ^= 0x01
        default: bytes = Data()
        }
        try bytes.write(to: log.checkpoint)
        try log.write("2031/01/late.jsonl", [Self.lateCreate])
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
    }

    /// A segment whose bytes changed under the checkpoint (same size: only the content hash
    /// can tell) must not be trusted.
    @Test func rewrittenSegmentMeansFullReplay() throws {
        let log = try Log()
        let (before, _) = try Self.replay(log)
        let segment = log.url.appendingPathComponent(try log.ledger.reader.segments()[0].relativePath)
        var text = try String(contentsOf: segment, encoding: .utf8)
        // Same length, different content: the first actor's first letter changes.
        let marker = text.range(of: "\"actor\":\"")!
        let replacement = text[marker.upperBound] == "Q" ? "R" : "Q"
        text.replaceSubrange(marker.upperBound...marker.upperBound, with: replacement)
        try Data(text.utf8).write(to: segment)
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
        #expect(answer != before)
    }

    /// Same bytes, new file (a fresh clone, a restored CI cache): the hash proves it unchanged.
    @Test func copiedLogKeepsUsingTheCheckpoint() throws {
        let log = try Log()
        _ = try Self.replay(log)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-copy-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: log.url, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        for segment in try Ledger(directory: copy.path).reader.segments() {
            // New inode and times for every segment.
            let data = try Data(contentsOf: URL(fileURLWithPath: segment.path))
            try FileManager.default.removeItem(atPath: segment.path)
            try data.write(to: URL(fileURLWithPath: segment.path))
        }
        let uses = Uses()
        let replay = try ReplayCheckpoint.$minimumLogBytesOverride.withValue(1) {
            try ReplayCheckpoint.$recorder.withValue({ uses.list.append($0) }) { try Ledger(directory: copy.path).replay() }
        }
        #expect(uses.list.last == .incremental)
        #expect(Self.describe(replay) == (try Self.reference(log)).replacingOccurrences(of: log.path, with: copy.path))
    }

    @Test func removedSegmentMeansFullReplay() throws {
        let log = try Log()
        _ = try Self.replay(log)
        let segments = try log.ledger.reader.segments()
        try FileManager.default.removeItem(atPath: segments[segments.count - 1].path)
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
    }

    /// Replay order is (at, id): an added event that sorts before the checkpoint's last event
    /// (backdated, or merged from another branch) cannot be folded on top of it.
    @Test(arguments: ["backdated", "same instant, smaller id"])
    func addedEventBeforeTheCheckpointEndMeansFullReplay(kind: String) throws {
        let log = try Log()
        _ = try Self.replay(log)
        let last = try log.ledger.replay(observe: { _ in }).summary.lastKey!
        let at = kind == "backdated" ? "2026-01-01T00:00:30Z" : last.at.description
        let id = kind == "backdated" ? "branch-1" : "0"
        try log.write("2026/01/branch.jsonl", [
            Self.line(id, at, #""type":"created","toggle":"branchToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#),
        ])
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
    }

    /// An added event reusing an id the checkpoint covered must be skipped as a full replay
    /// would; the checkpoint does not keep ids, so it replays in full.
    @Test func addedEventWithACoveredIDMeansFullReplay() throws {
        let log = try Log()
        _ = try Self.replay(log)
        var reused: String?
        try log.ledger.reader.read { logged in if reused == nil { reused = logged.event.id } }
        try log.write("2031/01/dup.jsonl", [Self.line(reused!, "2031-01-01T00:00:00Z", #""type":"created","toggle":"dupToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)])
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
        #expect(!answer.contains("dupToggle"))
    }

    @Test func pointInTimeUsesTheCheckpointOnlyWhenItIsCorrect() throws {
        let log = try Log()
        _ = try Self.replay(log)
        let last = try log.ledger.replay(observe: { _ in }).summary.lastEventAt!
        try log.write("2031/01/late.jsonl", [Self.lateCreate, Self.lateChange])
        // Before the checkpoint's end: full replay.
        let early = Timestamp(nanoseconds: last.nanoseconds / 2 + 1_767_225_600_000_000_000 / 2)
        let (earlyAnswer, earlyUse) = try Self.replay(log, until: early)
        #expect(earlyUse == .full)
        #expect(earlyAnswer == (try Self.reference(log, until: early)))
        // Between the checkpoint's end and the added events: incremental, without them.
        let between = Timestamp(rfc3339: "2031-01-01T12:00:00Z")!
        let (betweenAnswer, betweenUse) = try Self.replay(log, until: between)
        #expect(betweenUse == .incremental)
        #expect(betweenAnswer == (try Self.reference(log, until: between)))
    }

    @Test func checkpointOfAnotherLogIsIgnored() throws {
        let log = try Log(seed: 11)
        let other = try Log(seed: 12)
        _ = try Self.replay(other)
        try FileManager.default.copyItem(at: other.checkpoint, to: log.checkpoint)
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
    }

    @Test func noCheckpointWithoutTheLogsGitignore() throws {
        let log = try Log()
        try FileManager.default.removeItem(at: log.url.appendingPathComponent(".gitignore"))
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
        #expect(!FileManager.default.fileExists(atPath: log.checkpoint.path))
    }

    @Test func smallLogsGetNoCheckpoint() throws {
        let log = try Log(events: 50)
        _ = try log.ledger.replay()  // default threshold: megabytes
        #expect(!FileManager.default.fileExists(atPath: log.checkpoint.path))
    }

    /// Appending with and without a checkpoint must accept, reject and record the same.
    static func appendOutcome(_ log: Log, _ lines: [String], useCheckpoint: Bool) throws -> (String, ReplayCheckpoint.Use?) {
        let events = try lines.map { try EventCodec.decode(try JSONParser.parse($0)) }
        let uses = Uses()
        if !useCheckpoint { try? FileManager.default.removeItem(at: log.checkpoint) }
        let result: String = ReplayCheckpoint.$minimumLogBytesOverride.withValue(1) {
            ReplayCheckpoint.$recorder.withValue({ uses.list.append($0) }) {
                do {
                    let outcome = try log.ledger.append(events)
                    return "written \(outcome.written.map(\.id)) recorded \(outcome.alreadyRecorded.map(\.id)) segment \(outcome.segment != nil)"
                } catch {
                    return "error \(error)"
                }
            }
        }
        return (result + "\n" + (try reference(log)), uses.list.first)
    }

    @Test(arguments: ["valid", "unknown toggle", "wrong type", "created twice", "already recorded", "id of the added part"])
    func appendWithACheckpointDecidesAsWithout(kind: String) throws {
        let withCheckpoint = try Log()
        let without = try Log()
        _ = try Self.replay(withCheckpoint)
        try withCheckpoint.write("2031/01/late.jsonl", [Self.lateCreate])
        try without.write("2031/01/late.jsonl", [Self.lateCreate])
        var covered: String?
        try without.ledger.reader.read { logged in if covered == nil { covered = logged.event.id } }
        let lines: [String]
        switch kind {
        case "valid": lines = [Self.lateChange]
        case "unknown toggle": lines = [Self.line("n-1", "2031-02-01T00:00:00Z", #""type":"removed","toggle":"nobody","actor":"a""#)]
        case "wrong type": lines = [Self.line("n-2", "2031-02-01T00:00:00Z", #""type":"default-changed","toggle":"lateToggle","actor":"a","default":"text""#)]
        case "created twice": lines = [Self.line("n-3", "2031-02-01T00:00:00Z", #""type":"created","toggle":"lateToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)]
        case "already recorded": lines = [Self.line(covered!, "2031-02-01T00:00:00Z", #""type":"removed","toggle":"lateToggle","actor":"a""#)]
        default: lines = [Self.lateCreate.replacingOccurrences(of: "2031-01-01", with: "2031-03-01")]
        }
        let (fast, use) = try Self.appendOutcome(withCheckpoint, lines, useCheckpoint: true)
        let (full, _) = try Self.appendOutcome(without, lines, useCheckpoint: false)
        #expect(fast == full.replacingOccurrences(of: without.path, with: withCheckpoint.path))
        if kind == "valid" || kind == "unknown toggle" || kind == "wrong type" { #expect(use == .incremental) }
        if kind == "already recorded" { #expect(use != .incremental) }  // the id may be covered: full replay
    }
}
