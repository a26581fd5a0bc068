import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The checkpoint is only a cache: every way it can be missing, stale or wrong must give
/// the answer of a full replay.
@Suite struct ReplayCheckpointTests {
    /// A generated log in a temporary directory, with helpers to replay it.
    final class Log {
        let url: URL
        var path: String { url.path }
        var ledger: Ledger { Ledger(directory: path) }
        /// A ledger that writes a checkpoint for any log (a 1-byte threshold), or at `minimumLogBytes`.
        func checkpointing(minimumLogBytes: Int64 = 1) -> Ledger {
            Ledger(directory: path, options: ReplayOptions.checkpointing(minimumLogBytes: minimumLogBytes))
        }

        init(events: Int = 600, seed: UInt64 = 11) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID().uuidString)")
            try EventLogGenerator.writeLog(EventLogGenerator.lines(count: events, seed: seed), to: url, seed: seed)
            try Data(LogWriter.gitignore.utf8).write(to: url.appendingPathComponent(".gitignore"))
        }

        deinit {
            try? FileManager.default.removeItem(at: checkpoint)
            try? FileManager.default.removeItem(at: url)
        }

        /// Its checkpoint, in the tests' checkpoint folder (never in the log).
        var checkpoint: URL { TestCheckpoints.file(forLog: path) }

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
        text +=
            "segments \(summary.segmentCount) events \(summary.eventCount) duplicates \(summary.duplicateCount) last \(summary.lastEventAt.map(\.description) ?? "-") events \(projection.eventCount)\n"
        text += summary.warnings.map(\.description).sorted().joined(separator: "\n")
        return text
    }

    /// A replay that never touches a checkpoint (an observer forces the full path).
    static func reference(_ log: Log, until: Timestamp? = nil) throws -> String {
        describe(try log.ledger.replay(until: until, observe: { _ in }))
    }

    /// How a replay used the checkpoint, from its ``ReplayPath``.
    enum Use: Equatable {
        case incremental, full
        init(_ path: ReplayPath) { self = path == .checkpoint ? .incremental : .full }
    }

    /// Replays through the checkpoint path with a 1-byte threshold; returns the answer and
    /// how the checkpoint was used.
    static func replay(_ log: Log, until: Timestamp? = nil) throws -> (String, Use?) {
        let replay = try log.checkpointing().replay(until: until)
        return (describe(replay), Use(replay.path))
    }

    /// Everything a snapshot answers, in the words of ``describe(_:)-(Replay)``.
    static func describe(_ snapshot: ReplaySnapshot) -> String {
        var text = StateRenderer.json(snapshot.toggles, asOf: Timestamp(secondsSince1970: 0))
        text += snapshot.violations.map { "\($0.location.map(\.description) ?? "-") \($0.violation)" }.joined(separator: "\n") + "\n"
        text += snapshot.unknownTypes.map { "\($0.location.map(\.description) ?? "-") \(EventCodec.encode($0.event))" }.joined(separator: "\n") + "\n"
        let summary = snapshot.summary
        text +=
            "segments \(summary.segmentCount) events \(summary.eventCount) duplicates \(summary.duplicateCount) last \(summary.lastEventAt.map(\.description) ?? "-") events \(snapshot.eventCount)\n"
        text += summary.warnings.map(\.description).sorted().joined(separator: "\n")
        text += "\nsites " + zip(snapshot.toggles, snapshot.creationSites).map { "\($0.name)@\($1?.description ?? "-")" }.joined(separator: " ")
        return text
    }

    /// ``describe(_:)-(ReplaySnapshot)`` of a replay that never touches a checkpoint.
    static func referenceSnapshot(_ log: Log, until: Timestamp? = nil) throws -> String {
        describe(ReplaySnapshot(try log.ledger.replay(until: until, observe: { _ in })))
    }

    /// A snapshot through the checkpoint path with a 1-byte threshold, and how it used the checkpoint.
    static func snapshot(
        _ log: Log, until: Timestamp? = nil, includingRemoved: Bool = true, minimumLogBytes: Int64 = 1
    ) throws -> (String, Use?) {
        let snapshot = try log.checkpointing(minimumLogBytes: minimumLogBytes).snapshot(until: until, includingRemoved: includingRemoved)
        return (describe(snapshot), Use(snapshot.path))
    }

    /// ``referenceSnapshot(_:until:)`` of live toggles only.
    static func referenceLiveSnapshot(_ log: Log, until: Timestamp? = nil) throws -> String {
        var snapshot = ReplaySnapshot(try log.ledger.replay(until: until, observe: { _ in }))
        let live = snapshot.toggles.indices.filter { snapshot.toggles[$0].isLive }
        snapshot.creationSites = live.map { snapshot.creationSites[$0] }
        snapshot.toggles = live.map { snapshot.toggles[$0] }
        return describe(snapshot)
    }

    static func line(_ id: String, _ at: String, _ rest: String) -> String {
        #"{"schema":1,"id":"\#(id)","at":"\#(at)",\#(rest)}"#
    }

    static let lateCreate = line(
        "late-1", "2031-01-01T00:00:00Z", #""type":"created","toggle":"lateToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
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
        let copy = try Self.copyWithNewIdentities(log)
        defer { try? FileManager.default.removeItem(at: copy) }
        let replay = try Ledger(directory: copy.path, options: ReplayOptions.checkpointing(minimumLogBytes: 1)).replay()
        #expect(Use(replay.path) == .incremental)
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
        try log.write(
            "2026/01/branch.jsonl",
            [
                Self.line(id, at, #""type":"created","toggle":"branchToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
            ])
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
    }

    /// An added event reusing an id the checkpoint covered must be skipped as a full replay
    /// would; the checkpoint does not keep which event came first, so it replays in full.
    @Test func addedEventWithACoveredIDMeansFullReplay() throws {
        let log = try Log()
        _ = try Self.replay(log)
        var reused: String?
        try log.ledger.reader.read { logged in if reused == nil { reused = logged.event.id } }
        try log.write(
            "2031/01/dup.jsonl",
            [
                Self.line(
                    reused!, "2031-01-01T00:00:00Z", #""type":"created","toggle":"dupToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
            ])
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
        #expect(!answer.contains("dupToggle"))
    }

    /// Added events with fresh ids that the checkpoint's filter may have seen: the covered
    /// bytes prove them fresh, so the checkpoint still serves (replay and snapshot).
    @Test func addedIDsTheFilterMayHaveSeenAreLookedUp() throws {
        let log = try Log()
        _ = try Self.replay(log)
        let checkpoint = try #require(ReplayCheckpoint.load(from: TestCheckpoints.store(forLog: log.path), displayName: log.path, logBytes: 1 << 40))
        let lookSeen = Array((0..<1_000_000).lazy.map { "added-\($0)" }.filter { checkpoint.ids.mayContain($0) }.prefix(5))
        #expect(lookSeen.count == 5)
        try log.write(
            "2031/01/look-seen.jsonl",
            lookSeen.enumerated().map { number, id in
                Self.line(
                    id, "2031-01-01T00:00:0\(number)Z",
                    #""type":"created","toggle":"lookSeen\#(number)","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
            })
        let (answer, use) = try Self.replay(log)
        #expect(use == .incremental)
        #expect(answer == (try Self.reference(log)))
        #expect(answer.contains("lookSeen4"))
        let (snapshot, snapshotUse) = try Self.snapshot(log)
        #expect(snapshotUse == .incremental)
        #expect(snapshot == (try Self.referenceSnapshot(log)))
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

    /// The checkpoint lives in the checkpoint folder, so a read leaves nothing in the log
    /// directory, with or without the log's own .gitignore.
    @Test func theCheckpointIsNeverWrittenInTheLogDirectory() throws {
        let log = try Log()
        try FileManager.default.removeItem(at: log.url.appendingPathComponent(".gitignore"))
        let before = try FileManager.default.contentsOfDirectory(atPath: log.path).sorted()
        let (answer, use) = try Self.replay(log)
        #expect(use == .full)
        #expect(answer == (try Self.reference(log)))
        #expect(FileManager.default.fileExists(atPath: log.checkpoint.path))
        #expect(!log.checkpoint.path.hasPrefix(log.path + "/"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: log.path).sorted() == before)
    }

    @Test func smallLogsGetNoCheckpoint() throws {
        let log = try Log(events: 50)
        _ = try log.ledger.replay()  // default threshold: megabytes
        #expect(!FileManager.default.fileExists(atPath: log.checkpoint.path))
    }

    /// Appending with and without a checkpoint must accept, reject and record the same.
    static func appendOutcome(_ log: Log, _ lines: [String], useCheckpoint: Bool) throws -> (String, Use?) {
        let events = try lines.map { try EventCodec.decode(try JSONParser.parse($0)) }
        if !useCheckpoint { try? FileManager.default.removeItem(at: log.checkpoint) }
        var use: Use?
        let result: String
        do {
            let outcome = try log.checkpointing().append(events)
            use = Use(outcome.historyPath)
            result = "written \(outcome.written.map(\.id)) recorded \(outcome.alreadyRecorded.map(\.id)) segment \(outcome.segment != nil)"
        } catch {
            result = "error \(error)"
            // A rejected append returns no outcome: whether the checkpoint could serve its
            // validation is asked of the same step the append takes first.
            var whyNot = FullReplayReason.noCheckpoint
            let probe = Dictionary(events.map { ($0.id, 0) }, uniquingKeysWith: { first, _ in first })
            if try log.checkpointing().replayForAppend(probing: probe, whyNot: &whyNot) != nil { use = .incremental }
        }
        return (result + "\n" + (try reference(log)), use)
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
        case "created twice":
            lines = [
                Self.line(
                    "n-3", "2031-02-01T00:00:00Z", #""type":"created","toggle":"lateToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
            ]
        case "already recorded": lines = [Self.line(covered!, "2031-02-01T00:00:00Z", #""type":"removed","toggle":"lateToggle","actor":"a""#)]
        default: lines = [Self.lateCreate.replacingOccurrences(of: "2031-01-01", with: "2031-03-01")]
        }
        let (fast, use) = try Self.appendOutcome(withCheckpoint, lines, useCheckpoint: true)
        let (full, _) = try Self.appendOutcome(without, lines, useCheckpoint: false)
        #expect(fast == full.replacingOccurrences(of: without.path, with: withCheckpoint.path))
        #expect(use == .incremental)  // an id the checkpoint covers is found by CoveredIDSearch
    }

    /// A batch of thousands of fresh ids always has some that the checkpoint's filter may
    /// have seen; they are looked up in the covered bytes, not by a full replay.
    @Test(arguments: ["fresh", "retried with changes"])
    func bigBatchWithACheckpointDecidesAsWithout(kind: String) throws {
        let withCheckpoint = try Log()
        let without = try Log()
        _ = try Self.replay(withCheckpoint)
        let checkpoint = try #require(ReplayCheckpoint.load(from: TestCheckpoints.store(forLog: withCheckpoint.path), displayName: withCheckpoint.path, logBytes: 1 << 40))
        // This small log's filter is sparse: pick fresh ids it may have seen on purpose.
        let lookSeen = (0..<1_000_000).lazy.map { "batch-\($0)" }.filter { checkpoint.ids.mayContain($0) }.prefix(20)
        #expect(lookSeen.count == 20)
        var lines = (Array(lookSeen) + (0..<3_000).map { "fresh-\($0)" }).enumerated().map { number, id in
            Self.line(id, "2031-01-01T00:00:00Z", #""type":"created","toggle":"batch\#(number)","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
        }
        if kind == "retried with changes" {
            // Every 50th covered event again: as recorded, or its id on another toggle (rejected).
            var covered: [Event] = []
            _ = try without.ledger.reader.read { covered.append($0.event) }
            for (number, event) in covered.enumerated() where number % 50 == 0 {
                var again = event
                if number % 100 == 0 { again.toggle = "someoneElse" }
                lines.append(EventCodec.encode(again))
            }
        }
        let (fast, use) = try Self.appendOutcome(withCheckpoint, lines, useCheckpoint: true)
        let (full, _) = try Self.appendOutcome(without, lines, useCheckpoint: false)
        #expect(fast == full.replacingOccurrences(of: without.path, with: withCheckpoint.path))
        #expect(fast.hasPrefix(kind == "fresh" ? "written" : "error"))
        #expect(use == .incremental)
    }

    /// Two covered events with one id: which one a replay kept depends on replay order, so
    /// an append that names that id replays in full.
    @Test func coveredDuplicateIDMeansFullReplayForAppend() throws {
        let withCheckpoint = try Log()
        let without = try Log()
        let twice = Self.line(
            "twice", "2020-01-01T00:00:00Z", #""type":"created","toggle":"twiceMade","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
        for log in [withCheckpoint, without] {
            try log.write("2020/01/first.jsonl", [twice])
            try log.write("2020/01/second.jsonl", [twice])
        }
        _ = try Self.replay(withCheckpoint)
        let lines = [Self.line("twice", "2031-01-01T00:00:00Z", #""type":"removed","toggle":"twiceMade","actor":"a""#)]
        let (fast, use) = try Self.appendOutcome(withCheckpoint, lines, useCheckpoint: true)
        let (full, _) = try Self.appendOutcome(without, lines, useCheckpoint: false)
        #expect(fast == full.replacingOccurrences(of: without.path, with: withCheckpoint.path))
        #expect(use != .incremental)
    }

    // MARK: Snapshots (what `state`, `report` and `check` read)

    /// A snapshot restored from the checkpoint answers what a full replay answers, whatever
    /// happened to the log since the checkpoint was written.
    @Test(arguments: [
        "unchanged", "appended", "appended: changes, violations, unknown types", "corrupt", "rewritten", "removed",
        "backdated", "covered id", "until before the end", "until between",
    ])
    func snapshotAnswersAsAFullReplay(change: String) throws {
        let (log, until, expected) = try Self.prepare(change)
        let (answer, use) = try Self.snapshot(log, until: until)
        #expect(use == expected)
        #expect(answer == (try Self.referenceSnapshot(log, until: until)))
        // Live toggles only (what a report reads), restored stepping over removed ones: on a
        // log prepared the same way, as the first replay wrote a fresh checkpoint.
        let (other, _, _) = try Self.prepare(change)
        let (liveAnswer, liveUse) = try Self.snapshot(other, until: until, includingRemoved: false)
        #expect(liveUse == expected)
        #expect(liveAnswer == (try Self.referenceLiveSnapshot(other, until: until)))
        // The replay path agrees too.
        let (replayAnswer, _) = try Self.replay(other, until: until)
        #expect(replayAnswer == (try Self.reference(other, until: until)))
    }

    /// A log with a checkpoint, then `change` made to it: the instant to replay to and how
    /// the checkpoint should be used.
    static func prepare(_ change: String) throws -> (Log, Timestamp?, Use) {
        let log = try Log()
        _ = try replay(log)
        var until: Timestamp?
        var expected: Use = .incremental
        let toggles = try log.ledger.replay(observe: { _ in }).projection.sortedToggles
        let live = toggles.first { $0.isLive }!.name
        let removed = try #require(toggles.first { !$0.isLive }?.name)
        switch change {
        case "unchanged": break
        case "appended": try log.write("2031/01/late.jsonl", [lateCreate, lateChange])
        case "appended: changes, violations, unknown types":
            try log.write(
                "2031/01/late.jsonl",
                [
                    lateCreate,
                    line("late-3", "2031-01-01T00:00:01Z", #""type":"removed","toggle":"\#(live)","actor":"a""#),
                    line("late-4", "2031-01-01T00:00:02Z", #""type":"removed","toggle":"\#(live)","actor":"a""#),
                    line("late-4b", "2031-01-01T00:00:02Z", #""type":"default-changed","toggle":"\#(removed)","actor":"a","default":false"#),
                    line(
                        "late-5", "2031-01-01T00:00:03Z", #""type":"created","toggle":"\#(removed)","actor":"a","kind":"local","valueType":"bool","default":true,"category":"ops""#),
                    line("late-6", "2031-01-01T00:00:04Z", #""type":"renamed","toggle":"lateToggle","actor":"a""#),
                    line("late-7", "2031-01-01T00:00:05Z", #""type":"default-changed","toggle":"nobody","actor":"a","default":false"#),
                    line(
                        "late-8", "2031-01-01T00:00:06Z", #""type":"created","toggle":"aaaFirst","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#
                    ),
                    line(
                        "late-9", "2031-01-01T00:00:07Z", #""type":"created","toggle":"zzzLast","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#),
                ])
            try log.write("2031/02/more.jsonl", [line("late-10", "2031-02-01T00:00:00Z", #""type":"default-changed","toggle":"aaaFirst","actor":"a","default":false"#)])
        case "corrupt":
            var bytes = try Data(contentsOf: log.checkpoint)
            bytes[bytes.count / 2] ^= 0x01
            try bytes.write(to: log.checkpoint)
            expected = .full
        case "rewritten":
            let segment = log.url.appendingPathComponent(try log.ledger.reader.segments()[0].relativePath)
            var text = try String(contentsOf: segment, encoding: .utf8)
            let marker = text.range(of: "\"actor\":\"")!
            text.replaceSubrange(marker.upperBound...marker.upperBound, with: text[marker.upperBound] == "Q" ? "R" : "Q")
            try Data(text.utf8).write(to: segment)
            expected = .full
        case "removed":
            try FileManager.default.removeItem(atPath: try log.ledger.reader.segments().last!.path)
            expected = .full
        case "backdated":
            try log.write(
                "2026/01/branch.jsonl",
                [
                    line(
                        "branch-1", "2026-01-01T00:00:30Z",
                        #""type":"created","toggle":"branchToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)
                ])
            expected = .full
        case "covered id":
            var reused: String?
            try log.ledger.reader.read { logged in if reused == nil { reused = logged.event.id } }
            try log.write(
                "2031/01/dup.jsonl",
                [line(reused!, "2031-01-01T00:00:00Z", #""type":"created","toggle":"dupToggle","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#)]
            )
            expected = .full
        case "until before the end":
            let last = try log.ledger.replay(observe: { _ in }).summary.lastEventAt!
            until = Timestamp(nanoseconds: last.nanoseconds - 86_400_000_000_000)
            expected = .full
        default:
            try log.write("2031/01/late.jsonl", [lateCreate, lateChange])
            until = Timestamp(rfc3339: "2031-01-01T12:00:00Z")!
        }
        return (log, until, expected)
    }

    /// Past a bound, added events are folded onto the projection instead: same answer.
    @Test func snapshotFarBehindStillAnswersAsAFullReplay() throws {
        let log = try Log()
        _ = try Self.replay(log)
        var lines: [String] = []
        for number in 0..<(ReplayCheckpoint.maximumSnapshotEvents + 1) {
            lines.append(
                Self.line(
                    "bulk-\(number)", "2031-01-01T00:00:00Z",
                    #""type":"created","toggle":"bulk\#(number)","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#))
        }
        try log.write("2031/01/bulk.jsonl", lines.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let (answer, _) = try Self.snapshot(log, minimumLogBytes: 1 << 40)
        #expect(answer == (try Self.referenceSnapshot(log)))
    }
}
