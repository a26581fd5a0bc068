import Foundation
import Testing
import ToggleLedger
import TestSupport

/// `toggles diff` end to end: instants of the log on disk, git revisions, every format, and
/// what it refuses.
@Suite struct DiffCommandTests {
    @discardableResult
    func toggles(_ arguments: [String], in directory: TemporaryDirectory) throws -> TogglesBinary.Run {
        try TogglesBinary.run(arguments, in: directory.url, environment: GitAuditTests.environment)
    }

    /// The clock's instant now, to the millisecond, as `--from`/`--to` take it.
    func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }

    @Test func backToBackCommandsAppearBetweenTheInstantsAroundThem() throws {
        let directory = try TemporaryDirectory()
        let start = now()
        #expect(
            try toggles(
                ["create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--owner", "mei@moments.example", "--expires", "2027-01-31"],
                in: directory
            ).status == 0)
        let created = now()
        #expect(try toggles(["publish", "isRoundedAvatar", "--value", "false", "--when", "Chinese users", "device.language in ['zh']", "true"], in: directory).status == 0)
        #expect(try toggles(["extend", "isRoundedAvatar", "--expires", "2027-03-31", "--reason", "waiting for 2.5"], in: directory).status == 0)
        let everything = try toggles(["diff", "--from", start], in: directory)
        #expect(everything.status == 0, "\(everything)")
        #expect(everything.stdout.contains("isRoundedAvatar  created"), "\(everything.stdout)")
        #expect(everything.stdout.contains("2 changes to 1 toggle from "), "\(everything.stdout)")
        let later = try toggles(["diff", "--from", created, "--format", "json"], in: directory)
        let kinds = try JSONParser.parse(later.stdout).objectValue?["changes"]?.arrayValue?.compactMap { $0.objectValue?["change"]?.stringValue }
        #expect(kinds == ["published", "stage-changed", "expiry-changed"], "\(later.stdout)")
        let none = try toggles(["diff", "--from", created, "--to", created], in: directory)
        #expect(none.stdout.hasPrefix("no toggle changed from "), "\(none.stdout)")
        #expect(try toggles(["remove", "isRoundedAvatar", "--reason", "launched"], in: directory).status == 0)
        let removed = try toggles(["diff", "--from", created, "--format", "markdown"], in: directory)
        #expect(removed.stdout.contains("#### Removed\n\n- `isRoundedAvatar`: launched\n"), "\(removed.stdout)")
    }

    @Test(arguments: ["text", "json", "markdown"])
    func everyFormatMatchesItsGoldenFile(format: String) throws {
        let directory = try directoryWithFixtureLog()
        let run = try toggles(["diff", "--from", "2026-06-15", "--to", fixtureNow, "--format", format], in: directory)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty)
        let ext = ["text": "txt", "json": "json", "markdown": "md"][format]!
        try assertSnapshot(run.stdout, named: "diff.\(ext)")
    }

    /// The segments of a revision come from one `git cat-file --batch`, split by the sizes
    /// git prints: an empty segment, a name with spaces and non-ASCII, a segment with several
    /// lines and one without a final line feed all come back byte for byte.
    @Test func aRevisionsSegmentsComeBackByteForByte() throws {
        let directory = try TemporaryDirectory("toggles-git")
        let audit = GitAuditTests()
        try Git.run(["init", "-q", "-b", "main"], in: directory)
        #expect(try toggles(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false"], in: directory).status == 0)
        #expect(try toggles(["create", "isB", "--kind", "local", "--type", "bool", "--default", "false"], in: directory).status == 0)
        try audit.commitAll("two toggles", in: directory)
        try Git.run(["tag", "v0"], in: directory)
        try directory.write("events/2026/empty.jsonl", "")
        try directory.write(
            "events/2026/with space é.jsonl",
            #"{"schema":1,"id":"01KJQ02CM0XS8Y5NW3R0WHJ4N1","at":"2026-01-02T00:00:00Z","type":"created","toggle":"isC","actor":"a","kind":"local","valueType":"bool","default":false,"category":"release"}"#
                + "\n" + #"{"schema":1,"id":"01KJQ02CM0XS8Y5NW3R0WHJ4N2","at":"2026-01-03T00:00:00Z","type":"default-changed","toggle":"isC","actor":"a","default":true}"#)
        try audit.commitAll("three toggles", in: directory)
        try Git.run(["tag", "v1"], in: directory)
        let added = try toggles(["diff", "--from-rev", "v0", "--to-rev", "v1", "--format", "json"], in: directory)
        #expect(added.status == 0, "\(added)")
        let changes = try #require(try JSONParser.parse(added.stdout).objectValue?["changes"]?.arrayValue)
        #expect(Set(changes.compactMap { $0.objectValue?["toggle"]?.stringValue }) == ["isC"], "\(added.stdout)")
        #expect(changes.compactMap { $0.objectValue?["change"]?.stringValue }.contains("created") == true, "\(added.stdout)")
        #expect(try toggles(["change", "isA", "--default", "true"], in: directory).status == 0)
        // The revision replays exactly as the log on disk did when it was committed.
        let atTag = try toggles(["diff", "--from-rev", "v1", "--format", "json"], in: directory)
        #expect(atTag.status == 0, "\(atTag)")
        let document = try #require(try JSONParser.parse(atTag.stdout).objectValue)
        #expect(document["changes"]?.arrayValue?.compactMap { $0.objectValue?["toggle"]?.stringValue } == ["isA", "isA"], "\(atTag.stdout)")
        let same = try toggles(["diff", "--from-rev", "v1", "--to-rev", "v1"], in: directory)
        #expect(same.status == 0 && same.stdout.hasPrefix("no toggle changed"), "\(same)")
    }

    @Test func twoGitRevisionsOfTheLog() throws {
        let directory = try TemporaryDirectory("toggles-git")
        let audit = GitAuditTests()
        try Git.run(["init", "-q", "-b", "main"], in: directory)
        #expect(try toggles(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false"], in: directory).status == 0)
        try audit.commitAll("create isA", in: directory)
        try Git.run(["tag", "v2.4"], in: directory)
        #expect(try toggles(["change", "isA", "--default", "true"], in: directory).status == 0)
        #expect(try toggles(["create", "isB", "--kind", "remote", "--type", "string", "--default", "blue"], in: directory).status == 0)
        try audit.commitAll("launch isA, create isB", in: directory)
        try Git.run(["tag", "v2.5"], in: directory)
        #expect(try toggles(["remove", "isA", "--reason", "launched"], in: directory).status == 0)  // not committed

        let tags = try toggles(["diff", "--from-rev", "v2.4", "--to-rev", "v2.5"], in: directory)
        #expect(tags.status == 0, "\(tags)")
        let rows = tags.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: " ") }
        #expect(rows.prefix(4) == ["TOGGLE CHANGE", "isA default-changed", "isA stage-changed", "isB created"], "\(tags.stdout)")
        #expect(tags.stdout.contains("from v2.4 ("), "\(tags.stdout)")
        // The later side defaults to the log on disk, uncommitted events included.
        let toDisk = try toggles(["diff", "--from-rev", "v2.5", "--format", "json"], in: directory)
        let document = try #require(try JSONParser.parse(toDisk.stdout).objectValue)
        #expect(document["changes"]?.arrayValue?.compactMap { $0.objectValue?["change"]?.stringValue } == ["removed"])
        #expect(document["from"]?.objectValue?["revision"] == .string("v2.5"))
        #expect(document["from"]?.objectValue?["commit"]?.stringValue?.count == 40)
        #expect(document["to"] == .object(JSONObject([.init("at", .null), .init("revision", .null), .init("commit", .null)])))
        let unknown = try toggles(["diff", "--from-rev", "no-such-tag"], in: directory)
        #expect(unknown.status == 64, "\(unknown)")
        #expect(unknown.stderr.contains("--from-rev: 'no-such-tag' is not a commit of the repository at "), "\(unknown.stderr)")
        #expect(try toggles(["diff", "--from-rev", "--output=x"], in: directory).status == 64)
    }

    @Test(arguments: [
        (["diff"], 64, "give the earlier side: --from TIME, --from-rev REV, or both"),
        (["diff", "--from", "yesterday"], 64, "--from must be an RFC 3339 instant such as"),
        (["diff", "--from", "2026-06-01", "--to", "2026-13-01"], 64, "--to must be an RFC 3339 instant such as"),
        (["diff", "--from", "2026-09-01", "--to", "2026-06-01"], 64, "--from 2026-09-01T00:00:00Z is after --to 2026-06-01T00:00:00Z; the earlier instant comes first"),
        (["diff", "--from", "2026-06-01", "--format", "csv"], 64, "--format must be one of text, json, markdown, not 'csv'"),
        (["diff", "--from-rev", "HEAD"], 2, "is not inside a git repository; --from-rev reads the log at a git revision"),
        (["diff", "--from", "2026-06-01", "--log", "nowhere"], 2, "nowhere"),
    ])
    func hostileInputIsAClearError(arguments: [String], status: Int32, message: String) throws {
        let directory = try directoryWithFixtureLog()
        let run = try toggles(arguments, in: directory)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
