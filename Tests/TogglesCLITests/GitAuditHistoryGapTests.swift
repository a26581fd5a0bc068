import Foundation
import Testing
import TestSupport

/// `audit --git` where the history hides a deletion: merges that drop the other side's
/// events, shallow clones, no git at all. Real repositories, real git.
extension GitAuditTests {
    /// main: isA created. feature: isA removed (a segment of its own). Back on main.
    func repositoryWithARemovalOnABranch() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("toggles-git-gap")
        try Git.run(["init", "-q", "-b", "main"], in: directory)
        try #require(try toggles(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01", "--id", "a1"], in: directory).status == 0)
        try commitAll("create isA", in: directory)
        try Git.run(["checkout", "-q", "-b", "feature"], in: directory)
        try #require(try toggles(["remove", "isA", "--reason", "launched", "--at", "2026-01-05", "--id", "a2"], in: directory).status == 0)
        try commitAll("remove isA", in: directory)
        try Git.run(["checkout", "-q", "main"], in: directory)
        return directory
    }

    @Test func mergeWithStrategyOursThatDropsAnEventIsADeletion() throws {
        let directory = try repositoryWithARemovalOnABranch()
        try Git.run(["merge", "-q", "-s", "ours", "--no-edit", "feature"], in: directory)
        let merge = try Git.run(["rev-parse", "HEAD"], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        let audit = try toggles(["audit", "--git"], in: directory)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stdout.contains("-isA-") && audit.stdout.contains(".jsonl:1: event line deleted with its segment in commit \(merge)"), "\(audit)")
        #expect(audit.stdout.contains(#""id":"a2""#), "\(audit)")
        #expect(audit.stdout.contains("INVALID (1 error)"), "\(audit)")
    }

    @Test func mergeResolvedByRemovingTheOtherSidesSegmentIsADeletion() throws {
        let directory = try repositoryWithARemovalOnABranch()
        try Git.run(["merge", "-q", "--no-commit", "--no-ff", "feature"], in: directory)
        let segment = try #require(directory.segments().first { (try? directory.read($0).contains(#""id":"a2""#)) == true })
        try Git.run(["rm", "-q", "-f", segment], in: directory)
        try Git.run(["commit", "-q", "-m", "merge feature, keeping isA"], in: directory)
        let audit = try toggles(["audit", "--git", "--format", "json"], in: directory)
        #expect(audit.status == 2, "\(audit)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        #expect(document["valid"] as? Bool == false)
        let findings = try #require((document["git"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.count == 1, "\(audit)")
        #expect(findings.first?["location"] as? String == "\(segment):1")
        #expect(findings.first?["subject"] as? String == "merge feature, keeping isA")
    }

    @Test func aDeletionOnOneSideIsReportedOnceAtItsCommitNotAgainAtTheMerge() throws {
        let directory = try repositoryWithARemovalOnABranch()
        // main deletes its own segment's line; the merge keeps main's version.
        let created = try #require(directory.segments().first)
        try directory.write(created, "")
        try commitAll("empty the creation", in: directory)
        let deleting = try Git.run(["rev-parse", "HEAD"], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        try Git.run(["merge", "-q", "--no-edit", "feature"], in: directory)
        let audit = try toggles(["audit", "--git"], in: directory)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stdout.contains("\(created):1: event line deleted in commit \(deleting)"), "\(audit)")
        #expect(audit.stdout.contains("1 event line edited or deleted"), "\(audit)")
    }

    @Test func aShallowCloneIsNotValidAndSaysHowToFetchTheHistory() throws {
        let origin = try repositoryWithARemovalOnABranch()
        try Git.run(["merge", "-q", "--no-edit", "feature"], in: origin)
        let parent = try TemporaryDirectory("toggles-git-shallow")
        try Git.run(["clone", "-q", "--depth", "1", "file://" + origin.path, "clone"], in: parent)
        let clone = parent.file("clone")
        let shallow = try Git.run(["rev-parse", "--is-shallow-repository"], in: clone)
        #expect(shallow.trimmingCharacters(in: .whitespacesAndNewlines) == "true")
        let audit = try TogglesBinary.run(["audit", "--git"], in: clone, environment: Self.environment)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stdout.contains("error: the repository is a shallow clone"), "\(audit)")
        #expect(audit.stdout.contains("git fetch --unshallow") && audit.stdout.contains("fetch-depth: 0"), "\(audit)")
        #expect(!audit.stdout.hasSuffix(": valid\n"), "\(audit)")
        let json = try TogglesBinary.run(["audit", "--git", "--format", "json"], in: clone, environment: Self.environment)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["valid"] as? Bool == false)
        #expect((document["git"] as? [String: Any])?["shallow"] as? Bool == true)
        // The whole history fetched, the same audit passes.
        try Git.run(["fetch", "-q", "--unshallow"], in: clone)
        let full = try TogglesBinary.run(["audit", "--git"], in: clone, environment: Self.environment)
        #expect(full.status == 0, "\(full)")
    }

    @Test func auditGitWithoutGitOnThePathSaysSo() throws {
        let directory = try repositoryWithARemovalOnABranch()
        let emptyBin = try TemporaryDirectory("toggles-no-git")
        var environment = Self.environment
        environment["PATH"] = emptyBin.path
        let audit = try TogglesBinary.run(["audit", "--git"], in: directory.url, environment: environment)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stderr.contains("git is not installed or not on PATH"), "\(audit)")
        #expect(!audit.stderr.contains("not inside a git repository"), "\(audit)")
    }
}
