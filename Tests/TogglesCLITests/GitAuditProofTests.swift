import Foundation
import Testing
import TestSupport

/// `audit --git` proofs that used to be fooled (issue 26 §1): no byte in a commit's metadata
/// hides the commit, a log moved into its folder keeps its history, and a checkpoint committed
/// into the log is reported. Real repositories, real git, the built binary.
extension GitAuditTests {
    /// isA created and committed; returns the segment holding its event.
    func repositoryWithOneEvent(_ name: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory(name)
        try Git.run(["init", "-q", "-b", "main"], in: directory)
        try #require(try toggles(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01", "--id", "a1"], in: directory).status == 0)
        try commitAll("create isA", in: directory)
        return (directory, try #require(directory.segments().first))
    }

    /// Edits the event line of `segment` in place (default false → true).
    func editEvent(_ segment: String, in directory: TemporaryDirectory) throws {
        try directory.write(segment, try directory.read(segment).replacingOccurrences(of: #""default":false"#, with: #""default":true"#))
    }

    /// A commit message and an author name of random bytes (unit and record separators, other
    /// controls, invalid UTF-8, newlines): the commit that edits an event is found whatever
    /// they hold, and named in the finding.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func anEditIsFoundWhateverBytesTheCommitsMetadataHolds(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let (directory, segment) = try repositoryWithOneEvent("toggles-git-bytes")
        try editEvent(segment, in: directory)
        try Git.run(["add", "-A", "events"], in: directory)
        // Separators first, so every seed tries them; then any byte but NUL (git refuses it).
        var message: [UInt8] = [0x1F, 0x1E]
        message += (0..<Int.random(in: 1...40, using: &random)).map { _ in UInt8.random(in: 1...255, using: &random) }
        try Data(message).write(to: directory.file("message"))
        var name = "M\u{1F}\u{1E}"
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            // The environment carries text: any scalar but NUL and the ones git strips from names.
            let scalar = Unicode.Scalar(UInt32.random(in: 1...0x2FF, using: &random)).map(Character.init) ?? "x"
            if !"<>\n".contains(scalar) { name.append(scalar) }
        }
        var environment = Self.environment
        environment["GIT_AUTHOR_NAME"] = name + "y"
        try Git.run(["commit", "-q", "--cleanup=verbatim", "-F", directory.file("message").path], in: directory, environment: environment)
        let commit = try Git.run(["rev-parse", "HEAD"], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        let audit = try toggles(["audit", "--git", "--format", "json"], in: directory)
        #expect(audit.status == 2, "seed \(seed): \(audit)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any], "\(audit)")
        let findings = try #require((document["git"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.count == 1, "\(audit)")
        #expect(findings.first?["commit"] as? String == commit)
        #expect(findings.first?["kind"] as? String == "edited")
        #expect((findings.first?["author"] as? String)?.hasPrefix("M\u{1F}\u{1E}") == true, "\(findings)")
    }

    /// `git mv events app/events` after a commit that edited an event: the edit is still
    /// found, in the folder's history before the move.
    @Test func anEditBeforeTheLogWasMovedIsStillFound() throws {
        let (directory, segment) = try repositoryWithOneEvent("toggles-git-moved")
        try editEvent(segment, in: directory)
        try commitAll("tidy defaults", in: directory)
        let editing = try Git.run(["rev-parse", "HEAD"], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.createDirectory(at: directory.file("app"), withIntermediateDirectories: true)
        try Git.run(["mv", "events", "app/events"], in: directory)
        try Git.run(["commit", "-q", "-m", "move the log"], in: directory)
        #expect(try toggles(["change", "isA", "--default", "false", "--at", "2026-02-01", "--log", "app/events"], in: directory).status == 0)
        try Git.run(["add", "-A", "app/events"], in: directory)
        try Git.run(["commit", "-q", "-m", "append after the move"], in: directory)
        let audit = try toggles(["audit", "--git", "--log", "app/events"], in: directory)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stdout.contains("\(segment):1: event line edited in commit \(editing)"), "\(audit)")
        // A move alone, and one that edits while it moves, are judged like any commit.
        let (clean, cleanSegment) = try repositoryWithOneEvent("toggles-git-moved-clean")
        try FileManager.default.createDirectory(at: clean.file("app"), withIntermediateDirectories: true)
        try Git.run(["mv", "events", "app/events"], in: clean)
        try Git.run(["commit", "-q", "-m", "move the log"], in: clean)
        let moved = try toggles(["audit", "--git", "--log", "app/events"], in: clean)
        #expect(moved.status == 0, "\(moved)")
        try Git.run(["mv", "app/events", "logs"], in: clean)
        let movedSegment = "logs/" + cleanSegment.dropFirst("events/".count)
        try editEvent(movedSegment, in: clean)
        try Git.run(["add", "-A", "logs"], in: clean)
        try Git.run(["commit", "-q", "-m", "move and edit"], in: clean)
        let edited = try toggles(["audit", "--git", "--log", "logs"], in: clean)
        #expect(edited.status == 2, "\(edited)")
        #expect(edited.stdout.contains("event line edited in commit"), "\(edited)")
    }

    @Test func aCheckpointCommittedIntoTheLogIsReported() throws {
        let (directory, _) = try repositoryWithOneEvent("toggles-git-checkpoint")
        try directory.write("events/.replay-checkpoint", "TOGGLES-CHECKPOINT-8\nforged")
        try Git.run(["add", "-f", "events/.replay-checkpoint"], in: directory)
        try Git.run(["commit", "-q", "-m", "speed up CI"], in: directory)
        let audit = try toggles(["audit", "--git"], in: directory)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stdout.contains("events/.replay-checkpoint is tracked by git"), "\(audit)")
        let json = try toggles(["audit", "--git", "--format", "json"], in: directory)
        #expect(json.stdout.contains(#""trackedCheckpoints": ["#), "\(json)")
    }
}
