import Foundation
import Testing
import TestSupport

/// `toggles audit --git` and `toggles replay` on temporary git repositories, driven through
/// the built binary and plain git.
@Suite(.tags(.git)) struct GitAuditTests {
    static let identity = [
        "GIT_AUTHOR_NAME": "Ann Author", "GIT_AUTHOR_EMAIL": "ann@example.com",
        "GIT_COMMITTER_NAME": "Ann Author", "GIT_COMMITTER_EMAIL": "ann@example.com",
        "GIT_AUTHOR_DATE": "2026-11-22T10:00:00Z", "GIT_COMMITTER_DATE": "2026-11-22T10:00:00Z",
    ]

    static var environment: [String: String] { TogglesBinary.cleanEnvironment(identity) }

    @discardableResult
    func toggles(_ arguments: [String], in directory: TemporaryDirectory) throws -> TogglesBinary.Run {
        try TogglesBinary.run(arguments, in: directory.url, environment: Self.environment)
    }

    func commitAll(_ message: String, in directory: TemporaryDirectory) throws {
        try Git.run(["add", "-A", "events"], in: directory)
        try Git.run(["commit", "-q", "-m", message], in: directory)
    }

    /// main: isA created, then published. feature (from the first commit): isB created and
    /// isA changed, in one batch. Two branches that both only append.
    func repositoryWithTwoBranches() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("toggles-git")
        try Git.run(["init", "-q", "-b", "main"], in: directory)
        try #require(try toggles(["create", "isA", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-01-01", "--id", "a1"], in: directory).status == 0)
        try commitAll("create isA", in: directory)
        try Git.run(["checkout", "-q", "-b", "feature"], in: directory)
        // One batch of two events: one segment with two lines.
        let batch = try TogglesBinary.run(
            ["append"], in: directory.url,
            stdin: """
                {"id":"b1","at":"2026-01-03T00:00:00Z","type":"created","toggle":"isB","actor":"ann","kind":"local","valueType":"number","default":1,"category":"release"}
                {"id":"a2","at":"2026-01-04T00:00:00Z","type":"default-changed","toggle":"isA","actor":"ann","default":true}

                """, environment: Self.environment)
        try #require(batch.status == 0, "\(batch)")
        try commitAll("feature work", in: directory)
        try Git.run(["checkout", "-q", "main"], in: directory)
        try #require(try toggles(["publish", "isA", "--value", "true", "--at", "2026-01-02", "--id", "a3"], in: directory).status == 0)
        try commitAll("publish isA", in: directory)
        return directory
    }

    @Test func mergingAppendingBranchesEitherWayIsCleanAndGivesTheSameState() throws {
        let directory = try repositoryWithTwoBranches()
        try Git.run(["branch", "main-before-merge"], in: directory)
        // main ← feature
        try Git.run(["merge", "-q", "--no-edit", "feature"], in: directory)
        let mainState = try toggles(["state", "--format", "json", "--at", "2026-02-01"], in: directory)
        // feature ← main, on the other branch
        try Git.run(["checkout", "-q", "feature"], in: directory)
        try Git.run(["merge", "-q", "--no-edit", "main-before-merge"], in: directory)
        let featureState = try toggles(["state", "--format", "json", "--at", "2026-02-01"], in: directory)
        #expect(mainState.status == 0 && featureState.status == 0)
        #expect(mainState.stdout == featureState.stdout)
        #expect(mainState.stdout.contains("\"isB\""))
        for branch in ["main", "feature"] {
            try Git.run(["checkout", "-q", branch], in: directory)
            let audit = try toggles(["audit", "--git"], in: directory)
            #expect(audit.status == 0, "\(branch): \(audit)")
            #expect(audit.stdout.contains("0 event lines edited or deleted"), "\(audit)")
        }
        let json = try toggles(["audit", "--git", "--format", "json"], in: directory)
        #expect(json.stdout.contains(#""segmentsAdded": 3"#), "\(json)")
    }

    @Test func editedLineIsReportedWithCommitAuthorAndLine() throws {
        let directory = try repositoryWithTwoBranches()
        try Git.run(["merge", "-q", "--no-edit", "feature"], in: directory)
        let segment = try #require(directory.segments().first { $0.contains("isA") && (try? directory.read($0).contains(#""id":"a1""#)) == true })
        try directory.write(segment, try directory.read(segment).replacingOccurrences(of: #""default":false"#, with: #""default":true"#))
        // Uncommitted, the edit is already reported against HEAD.
        let uncommitted = try toggles(["audit", "--git"], in: directory)
        #expect(uncommitted.status == 2, "\(uncommitted)")
        #expect(uncommitted.stdout.contains("\(segment):1: event line edited in commit working tree"), "\(uncommitted)")
        var environment = Self.environment
        environment["GIT_AUTHOR_NAME"] = "Mallory"
        environment["GIT_AUTHOR_EMAIL"] = "mallory@example.com"
        try Git.run(["commit", "-q", "-am", "tidy defaults"], in: directory, environment: environment)
        let commit = try Git.run(["rev-parse", "HEAD"], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        let audit = try toggles(["audit", "--git"], in: directory)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stdout.contains("error: \(segment):1: event line edited in commit \(commit) by Mallory <mallory@example.com>"), "\(audit)")
        #expect(audit.stdout.contains(#"("tidy defaults"); was: {"schema":1,"id":"a1""#), "\(audit)")
        #expect(audit.stdout.contains(#"now: {"schema":1,"id":"a1""#), "\(audit)")
        let json = try toggles(["audit", "--git", "--format", "json"], in: directory)
        #expect(json.stdout.contains(#""kind": "edited""#) && json.stdout.contains(#""author": "Mallory <mallory@example.com>""#), "\(json)")
    }

    @Test func deletedLinesAndSegmentsAreReported() throws {
        let directory = try repositoryWithTwoBranches()
        try Git.run(["merge", "-q", "--no-edit", "feature"], in: directory)
        let feature = try #require(directory.segments().first { $0.contains("batch-2") })
        // Delete one line of the two-event segment, and a whole other segment.
        let lines = try directory.read(feature).split(separator: "\n")
        try directory.write(feature, lines[0] + "\n")
        let published = try #require(directory.segments().first { (try? directory.read($0).contains(#""id":"a3""#)) == true })
        try FileManager.default.removeItem(at: directory.file(published))
        try commitAll("drop events", in: directory)
        let audit = try toggles(["audit", "--git"], in: directory)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stdout.contains("\(feature):2: event line deleted in commit"), "\(audit)")
        #expect(audit.stdout.contains("\(published):1: event line deleted with its segment in commit"), "\(audit)")
        #expect(audit.stdout.contains("2 event lines edited or deleted"), "\(audit)")
    }

    @Test func tornTailRepairAndMovedSegmentsAreNotFindings() throws {
        let directory = try repositoryWithTwoBranches()
        let segment = try #require(directory.segments().first)
        let original = try directory.read(segment)
        try directory.write(segment, original + #"{"schema":1,"id":"#)
        try commitAll("a foreign writer died", in: directory)
        #expect(try toggles(["change", "isA", "--default", "true", "--at", "2026-01-09"], in: directory).status == 0)
        try commitAll("repair by the next append", in: directory)
        // Moving a segment to another folder deletes and adds the same lines in one commit.
        try FileManager.default.createDirectory(at: directory.file("events/moved"), withIntermediateDirectories: true)
        try Git.run(["mv", segment, "events/moved/x.jsonl"], in: directory)
        try Git.run(["commit", "-q", "-m", "move"], in: directory)
        let audit = try toggles(["audit", "--git"], in: directory)
        #expect(audit.status == 0, "\(audit)")
        #expect(audit.stdout.contains("cut a torn tail from \(segment)"), "\(audit)")
        #expect(audit.stdout.contains("1 torn-tail repairs, 0 event lines edited or deleted"), "\(audit)")
    }

    @Test func auditGitOutsideARepositoryIsAClearError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("events/.keep", "")
        let audit = try toggles(["audit", "--git"], in: directory)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stderr.contains("events is not inside a git repository"), "\(audit)")
    }

    // MARK: replay

    @Test func replayShowsEachStateChangeInReplayOrder() throws {
        let directory = try repositoryWithTwoBranches()
        try Git.run(["merge", "-q", "--no-edit", "feature"], in: directory)
        let replay = try toggles(["replay", "--from", "2026-01-02", "--to", "2026-01-03"], in: directory)
        #expect(replay.status == 0, "\(replay)")
        let lines = replay.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("2026-01-02T00:00:00Z  published isA by") == true, "\(replay)")
        #expect(replay.stdout.contains(#"    remote: — → {"value":true"#), "\(replay)")
        #expect(replay.stdout.contains("2026-01-03T00:00:00Z  created isB"), "\(replay)")
        #expect(replay.stdout.contains("    default: — → 1"), "\(replay)")
        #expect(!replay.stdout.contains("a2)"), "events after --to are not shown")
        #expect(!replay.stdout.contains("(id a1,"), "events before --from build state but are not shown")
        #expect(lines.last == "2 events replayed")

        let json = try toggles(["replay", "--format", "json"], in: directory)
        let steps = try json.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(steps.compactMap { ($0["event"] as? [String: Any])?["id"] as? String } == ["a1", "a3", "b1", "a2"])
        let change = try #require((steps[3]["changes"] as? [[String: Any]])?.first)
        #expect(change["field"] as? String == "default")
        #expect(change["before"] as? Bool == false && change["after"] as? Bool == true)
        #expect(steps.allSatisfy { $0["applied"] as? Bool == true })
    }

    @Test func replayMarksSkippedEventsAndRejectsABackwardRange() throws {
        let directory = try TemporaryDirectory()
        try directory.write("events/2026/01/s.jsonl", #"{"schema":1,"id":"x1","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"isGhost","actor":"a"}"# + "\n")
        let replay = try toggles(["replay"], in: directory)
        #expect(replay.status == 0, "\(replay)")
        #expect(replay.stdout.contains("    skipped: removed isGhost at 2026-01-01T00:00:00Z: no toggle named isGhost exists"), "\(replay)")
        let backwards = try toggles(["replay", "--from", "2026-02-01", "--to", "2026-01-01"], in: directory)
        #expect(backwards.status == 64, "\(backwards)")
    }
}
