import Foundation
import Testing
import TestSupport

/// Concurrent lifecycle edits on two branches, merged with plain git: a conflict the ledger
/// shows and gates on, settled by `toggles resolve`, never an invalid log (issue 25).
extension GitMergeTests {
    /// A repository with one empty commit on main.
    func repositoryWithBase(_ root: TemporaryDirectory) throws -> URL {
        let repository = root.file("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Git.run(["init", "-q", "-b", "main"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-q", "--allow-empty", "-m", "base"], in: repository, environment: Self.environment)
        return repository
    }

    /// Runs `commands` on a new branch from main and commits them.
    func branch(_ name: String, in repository: URL, _ commands: [[String]]) throws {
        try Git.run(["checkout", "-q", "main"], in: repository, environment: Self.environment)
        try Git.run(["checkout", "-qb", name], in: repository, environment: Self.environment)
        for command in commands { try toggles(command, in: repository) }
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", name], in: repository, environment: Self.environment)
    }

    func run(_ arguments: [String], in repository: URL) throws -> TogglesBinary.Run {
        TestSupport.toggles(arguments, in: repository, environment: Self.environment)
    }

    /// The id of the event of `type` in `toggle`'s history (the first one).
    func eventID(_ toggle: String, _ type: String, in repository: URL) throws -> String {
        let history = try run(["history", toggle, "--format", "json"], in: repository).stdout
        let document = try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [String: Any]
        let events = document?["events"] as? [[String: Any]] ?? []
        return events.first { $0["type"] as? String == type }?["id"] as? String ?? "?"
    }

    @Test func theSameToggleCreatedDifferentlyOnTwoBranchesIsAConflictNotAnInvalidLog() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        try branch("a", in: repository, [["create", "isStories", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-03-01T10:00:00Z"]])
        try branch(
            "b", in: repository,
            [
                ["create", "isStories", "--kind", "remote", "--type", "bool", "--default", "true", "--at", "2026-03-01T11:00:00Z"],
                ["publish", "isStories", "--value", "true", "--at", "2026-03-02T11:00:00Z"],
            ])
        try Git.run(["checkout", "-qb", "a-then-b", "main"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        let check = try run(["check", "--now", "2026-03-03"], in: repository)
        #expect(check.status == 1, "a conflict fails the gate, the log is not invalid: \(check)")
        #expect(check.stdout.contains("conflict") && check.stdout.contains("created-twice"), "\(check)")
        let relaxed = try run(["check", "--now", "2026-03-03", "--fail-on", "expired"], in: repository)
        #expect(relaxed.status == 0, "--fail-on can leave conflicts out: \(relaxed)")
        let audit = try run(["audit"], in: repository)
        #expect(audit.status == 0 && audit.stdout.contains("conflict: created isStories"), "\(audit)")
        let stateAB = try run(["state", "--at", "2026-03-03", "--format", "json"], in: repository)
        #expect(stateAB.stdout.contains(#""conflicts""#) && stateAB.stdout.contains(#""kind": "created-twice""#), "\(stateAB)")

        try Git.run(["checkout", "-qb", "b-then-a", "main"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "a"], in: repository, environment: Self.environment)
        let stateBA = try run(["state", "--at", "2026-03-03", "--format", "json"], in: repository)
        #expect(stateAB.stdout == stateBA.stdout, "the same state whichever merge came first")
        #expect(stateBA.stdout.contains(#""kind": "local""#), "the earlier creation stands until resolved")

        let html = try run(["report", "--now", "2026-03-03", "--format", "html"], in: repository)
        let remoteCreation = try eventID("isStories", "created", in: repository)
        #expect(html.status == 0 && html.stdout.contains("created-twice") && html.stdout.contains(remoteCreation), "HTML names the conflict and its events")
        // Stale by a conflict alone: `resolve` settles it, so no removal plan and no "Then: remove".
        try Data("enum FeatureFlag: String { case isStories }\nlet stories = FeatureFlag.isStories\n".utf8)
            .write(to: repository.appendingPathComponent("Flags.swift"))
        let scanned = try run(["check", "--now", "2026-03-03", "--scan", ".", "--format", "markdown"], in: repository)
        #expect(scanned.stdout.contains("created-twice") && !scanned.stdout.contains("To remove from the code"), "\(scanned)")
        let scannedHTML = try run(["report", "--now", "2026-03-03", "--scan", ".", "--format", "html"], in: repository)
        #expect(scannedHTML.status == 0 && !scannedHTML.stdout.contains("Then: <code>toggles remove isStories"), "\(scannedHTML.stderr)")
        let scannedGitHub = try run(["check", "--now", "2026-03-03", "--scan", ".", "--format", "github"], in: repository)
        #expect(scannedGitHub.stdout.contains("created-twice") && !scannedGitHub.stdout.contains("remove it from the code"), "\(scannedGitHub)")

        let history = try run(["history", "isStories"], in: repository)
        #expect(history.stdout.split(separator: "\n").filter { $0.contains(" created ") }.count == 2, "both creations listed: \(history)")
        let jsonHistory = try run(["history", "isStories", "--format", "json"], in: repository).stdout
        let document = try JSONSerialization.jsonObject(with: Data(jsonHistory.utf8)) as? [String: Any]
        let created = (document?["events"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "created" }
        let remote = created.first { $0["kind"] as? String == "remote" }?["id"] as? String ?? "?"
        let resolve = try run(["resolve", "isStories", "--keep", remote, "--reason", "the remote one ships", "--at", "2026-03-02T12:00:00Z"], in: repository)
        #expect(resolve.status == 0, "\(resolve)")
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "resolve"], in: repository, environment: Self.environment)
        let after = try run(["check", "--now", "2026-03-03"], in: repository)
        #expect(after.status == 0, "after the resolution the toggle is normal: \(after)")
        let state = try run(["state", "--format", "json"], in: repository)
        #expect(state.stdout.contains(#""kind": "remote""#) && !state.stdout.contains(#""conflicts""#), "\(state)")
        let gitAudit = try run(["audit", "--git"], in: repository)
        #expect(gitAudit.status == 0, "nothing was deleted: \(gitAudit)")
        let settled = try run(["history", "isStories"], in: repository)
        #expect(settled.stdout.contains("resolved") && settled.stdout.contains("overruled") && settled.stdout.contains("resolved by"), "\(settled)")
    }

    /// `resolve --kind` reads --kind, --type and --default as `create` does (one definition
    /// of the three): the same usage errors, with what `resolve` needs besides, nothing appended.
    @Test func resolveWithAnIncompleteOrInvalidDefinitionIsAUsageError() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        try branch("a", in: repository, [["create", "isStories", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-03-01T10:00:00Z"]])
        try branch("b", in: repository, [["create", "isStories", "--kind", "remote", "--type", "bool", "--default", "true", "--at", "2026-03-01T11:00:00Z"]])
        try Git.run(["checkout", "-qb", "merged", "main"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        let before = try run(["history", "isStories", "--format", "json"], in: repository).stdout
        let missing = try run(["resolve", "isStories", "--kind", "remote", "--default", "true"], in: repository)
        #expect(missing.status == 64, "\(missing)")
        #expect(missing.stderr.contains("toggles: error: missing --type (with --kind, give --type and --default too)"), "\(missing.stderr)")
        let invalid = try run(["resolve", "isStories", "--kind", "server", "--type", "bool", "--default", "true"], in: repository)
        #expect(invalid.status == 64 && invalid.stderr.contains("--kind must be build, local or remote, not 'server'"), "\(invalid)")
        let badType = try run(["resolve", "isStories", "--kind", "remote", "--type", "int", "--default", "1"], in: repository)
        #expect(badType.status == 64 && badType.stderr.contains("--type must be bool, string, number or json, not 'int'"), "\(badType)")
        let badValue = try run(["resolve", "isStories", "--kind", "remote", "--type", "bool", "--default", "yes"], in: repository)
        #expect(badValue.status == 65 && badValue.stderr.contains("--default 'yes' is not a bool value for isStories"), "\(badValue)")
        #expect(try run(["history", "isStories", "--format", "json"], in: repository).stdout == before, "nothing was appended")
    }

    /// Branch b created the toggle remote and published it; a's local creation stands, so b's
    /// creation is a created-twice conflict and its publish a declaration one. Keeping the
    /// publish keeps its own branch's creation: only the events it conflicts with are passed over
    /// (before, every other event of the toggle's conflicts was, leaving no toggle: exit 65).
    @Test func keepingAChangeOverruledByTheOtherDeclarationKeepsTheCreationItWasMadeFor() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        try branch(
            "a", in: repository,
            [["create", "appPrimaryColor", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-03-01T04:00:00Z", "--id", "local-creation"]])
        try branch(
            "b", in: repository,
            [
                ["create", "appPrimaryColor", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-03-01T13:00:00Z", "--id", "remote-creation"],
                ["publish", "appPrimaryColor", "--value", "false", "--at", "2026-03-01T16:00:00Z", "--id", "publish"],
            ])
        try Git.run(["checkout", "-q", "a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        let before = try run(["state", "--at", "2026-03-02", "--format", "json"], in: repository)
        #expect(before.stdout.contains(#""kind": "created-twice""#) && before.stdout.contains(#""kind": "declaration""#), "\(before)")
        let resolve = try run(["resolve", "appPrimaryColor", "--keep", "publish", "--at", "2026-03-02T00:00:00Z"], in: repository)
        #expect(resolve.status == 0, "one resolve settles both conflicts: \(resolve)")
        let after = try run(["state", "--at", "2026-03-03", "--format", "json"], in: repository)
        #expect(after.stdout.contains(#""kind": "remote""#) && !after.stdout.contains(#""conflicts""#), "the publish's side: remote, settled: \(after)")
        #expect(try run(["check", "--now", "2026-03-03"], in: repository).status == 0)
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "resolve"], in: repository, environment: Self.environment)
        let gitAudit = try run(["audit", "--git"], in: repository)
        #expect(gitAudit.status == 0, "\(gitAudit)")
    }

    @Test func identicalCreationsOnTwoBranchesAreOneFact() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        let create = ["create", "isStories", "--kind", "local", "--type", "bool", "--default", "false"]
        try branch("a", in: repository, [create + ["--at", "2026-03-01T10:00:00Z"]])
        try branch("b", in: repository, [create + ["--at", "2026-03-01T11:00:00Z"]])
        try Git.run(["checkout", "-q", "a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        let check = try run(["check", "--now", "2026-03-03"], in: repository)
        #expect(check.status == 0, "\(check)")
        let audit = try run(["audit"], in: repository)
        #expect(audit.status == 0 && !audit.stdout.contains("conflict"), "\(audit)")
    }

    @Test func aChangeOfAToggleAnotherBranchRemovedIsAConflictTheRemovalStands() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        try Git.run(["checkout", "-q", "main"], in: repository, environment: Self.environment)
        try toggles(["create", "isStories", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-03-01"], in: repository)
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "create"], in: repository, environment: Self.environment)
        try branch("a", in: repository, [["remove", "isStories", "--at", "2026-03-02"]])
        try branch("b", in: repository, [["extend", "isStories", "--expires", "2026-06-01", "--reason", "later", "--at", "2026-03-03"]])
        try Git.run(["checkout", "-q", "a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        let report = try run(["report", "--now", "2026-03-04", "--format", "json"], in: repository)
        #expect(report.status == 0 && report.stdout.contains(#""kind": "changed-after-removal""#), "\(report)")
        let check = try run(["check", "--now", "2026-03-04"], in: repository)
        #expect(check.status == 1, "\(check)")
        let removal = try eventID("isStories", "removed", in: repository)
        let resolve = try run(["resolve", "isStories", "--keep", removal, "--at", "2026-03-03T12:00:00Z"], in: repository)
        #expect(resolve.status == 0, "\(resolve)")
        #expect(try run(["check", "--now", "2026-03-04"], in: repository).status == 0)
        let none = try run(["resolve", "isStories", "--keep", removal], in: repository)
        #expect(none.status == 65 && none.stderr.contains("no open conflict"), "\(none)")
    }

    /// One branch voids a creation, the other (which still had it) changes the toggle: merged,
    /// a conflict the second void settles, never an invalid log.
    @Test func aChangeOfAToggleWhoseCreationAnotherBranchVoidedIsAConflict() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        try Git.run(["checkout", "-q", "main"], in: repository, environment: Self.environment)
        try toggles(["create", "isStories", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-03-01", "--id", "creation"], in: repository)
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "create"], in: repository, environment: Self.environment)
        try branch("a", in: repository, [["void", "creation", "--reason", "made by mistake"]])
        try branch("b", in: repository, [["change", "isStories", "--default", "true", "--at", "2026-03-02", "--id", "change"]])
        try Git.run(["checkout", "-q", "a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        let check = try run(["check", "--now", "2026-03-03"], in: repository)
        #expect(check.status == 1 && check.stdout.contains("changed-after-void"), "\(check)")
        #expect(try run(["audit"], in: repository).status == 0)
        let settle = try run(["void", "change", "--reason", "its toggle was a mistake"], in: repository)
        #expect(settle.status == 0, "\(settle)")
        #expect(try run(["check", "--now", "2026-03-03"], in: repository).status == 0)
    }

    @Test func voidIgnoresAnEventAtEveryInstantAndRevShowsTheLedgerBefore() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        try Git.run(["checkout", "-q", "main"], in: repository, environment: Self.environment)
        try toggles(["create", "isStories", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-03-01"], in: repository)
        try toggles(["change", "isStories", "--default", "true", "--at", "2026-03-02"], in: repository)
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "recorded"], in: repository, environment: Self.environment)
        let creation = try eventID("isStories", "created", in: repository)
        let refused = try run(["void", creation, "--reason", "mistake"], in: repository)
        let change = try eventID("isStories", "default-changed", in: repository)
        #expect(refused.status == 65 && refused.stderr.contains(change), "says what to void first: \(refused)")
        let voided = try run(["void", change, "--reason", "recorded on the wrong toggle"], in: repository)
        #expect(voided.status == 0, "\(voided)")
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "void"], in: repository, environment: Self.environment)
        for instant in ["2026-03-02T12:00:00Z", "2026-04-01"] {
            let state = try run(["state", "--at", instant, "--format", "json"], in: repository)
            #expect(state.stdout.contains(#""default": false"#), "ignored at \(instant): \(state)")
        }
        let before = try run(["state", "--rev", "HEAD~1", "--format", "json"], in: repository)
        #expect(before.status == 0 && before.stdout.contains(#""default": true"#), "as committed before the void: \(before)")
        let report = try run(["report", "--rev", "HEAD~1", "--format", "json", "--now", "2026-03-03"], in: repository)
        #expect(report.status == 0, "\(report)")
        let history = try run(["history", "isStories"], in: repository)
        #expect(history.stdout.contains("voided by") && history.stdout.contains("voids \(change)"), "\(history)")
        #expect(try run(["audit", "--git"], in: repository).status == 0)
        let unknown = try run(["void", "nope", "--reason", "x"], in: repository)
        #expect(unknown.status == 64, "\(unknown)")
    }
}
