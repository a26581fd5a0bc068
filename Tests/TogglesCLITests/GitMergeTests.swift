import Foundation
import Testing
import TestSupport

/// Two branches append events; plain `git merge` must succeed without conflicts in either
/// direction, and both merges must project to the same state.
@Suite(.tags(.git)) struct GitMergeTests {
    static let environment = TogglesBinary.cleanEnvironment([
        "GIT_AUTHOR_NAME": "Tester", "GIT_AUTHOR_EMAIL": "tester@example.com",
        "GIT_COMMITTER_NAME": "Tester", "GIT_COMMITTER_EMAIL": "tester@example.com",
    ])

    func toggles(_ arguments: [String], in directory: URL) throws {
        let run = try TogglesBinary.run(arguments, in: directory, environment: Self.environment)
        #expect(run.status == 0, "\(arguments): \(run)")
    }

    @Test func branchesThatAppendMergeWithoutConflictAndAgree() throws {
        let root = try TemporaryDirectory()
        let repository = root.file("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Git.run(["init", "-q", "-b", "main"], in: repository, environment: Self.environment)
        try toggles(["create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-01-01"], in: repository)
        try toggles(["create", "appPrimaryColor", "--kind", "remote", "--type", "string", "--default", "#FBB03B", "--at", "2026-01-01"], in: repository)
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "base"], in: repository, environment: Self.environment)

        try Git.run(["checkout", "-qb", "feature-a"], in: repository, environment: Self.environment)
        try toggles(["publish", "isRoundedAvatar", "--value", "false", "--when", "Chinese users", "device.language in ['zh']", "true", "--at", "2026-02-01"], in: repository)
        try toggles(["change", "appPrimaryColor", "--default", "#36C278", "--at", "2026-02-03"], in: repository)
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "a"], in: repository, environment: Self.environment)

        try Git.run(["checkout", "-q", "main"], in: repository, environment: Self.environment)
        try Git.run(["checkout", "-qb", "feature-b"], in: repository, environment: Self.environment)
        try toggles(["create", "isSwiftUIEnabled", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-02-02"], in: repository)
        // Same toggle, interleaved in time with feature-a's change: order must come from the events.
        try toggles(["change", "appPrimaryColor", "--default", "#000000", "--at", "2026-02-02"], in: repository)
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "b"], in: repository, environment: Self.environment)

        try Git.run(["checkout", "-qb", "b-into-a", "feature-a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "feature-b"], in: repository, environment: Self.environment)
        let bIntoA = try TogglesBinary.run(["state", "--at", "2026-12-01", "--format", "json"], in: repository, environment: Self.environment)

        try Git.run(["checkout", "-qb", "a-into-b", "feature-b"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "feature-a"], in: repository, environment: Self.environment)
        let aIntoB = try TogglesBinary.run(["state", "--at", "2026-12-01", "--format", "json"], in: repository, environment: Self.environment)

        #expect(bIntoA.status == 0 && aIntoB.status == 0)
        #expect(bIntoA.stdout == aIntoB.stdout, "the same state whichever branch was merged into which")
        #expect(bIntoA.stdout.contains(##""default": "#36C278""##), "feature-a's later change wins by time, not by merge order")
        #expect(bIntoA.stdout.contains(#""name": "isSwiftUIEnabled""#))
        #expect(bIntoA.stdout.contains(#""name": "Chinese users""#))
        let audit = try TogglesBinary.run(["audit"], in: repository, environment: Self.environment)
        #expect(audit.status == 0, "\(audit)")
        #expect(audit.stdout.hasPrefix("6 events"), "\(audit)")
        #expect(try Git.run(["status", "--porcelain"], in: repository, environment: Self.environment).isEmpty, "nothing left over")
        let tracked = try Git.run(["ls-files", "events"], in: repository, environment: Self.environment)
        #expect(tracked.contains("events/.gitignore"))
        #expect(!tracked.contains(".lock"), "the lock file never reaches git")
    }
}
