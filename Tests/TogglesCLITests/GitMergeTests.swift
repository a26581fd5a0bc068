import Foundation
import Testing

/// Two branches append events; plain `git merge` must succeed without conflicts in either
/// direction, and both merges must project to the same state.
@Suite struct GitMergeTests {
    static let environment = TogglesBinary.cleanEnvironment([
        "GIT_AUTHOR_NAME": "Tester", "GIT_AUTHOR_EMAIL": "tester@example.com",
        "GIT_COMMITTER_NAME": "Tester", "GIT_COMMITTER_EMAIL": "tester@example.com",
    ])

    @discardableResult
    func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.environment = Self.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw GitFailure(arguments: arguments, output: text)
        }
        return text
    }

    struct GitFailure: Error, CustomStringConvertible {
        var arguments: [String]
        var output: String
        var description: String { "git \(arguments.joined(separator: " ")) failed:\n\(output)" }
    }

    func toggles(_ arguments: [String], in directory: URL) throws {
        let run = try TogglesBinary.run(arguments, in: directory, environment: Self.environment)
        #expect(run.status == 0, "\(arguments): \(run)")
    }

    @Test func branchesThatAppendMergeWithoutConflictAndAgree() throws {
        let root = try TemporaryDirectory()
        let repository = root.file("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: repository)
        try toggles(["create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-01-01"], in: repository)
        try toggles(["create", "appPrimaryColor", "--kind", "remote", "--type", "string", "--default", "#FBB03B", "--at", "2026-01-01"], in: repository)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-qm", "base"], in: repository)

        try git(["checkout", "-qb", "feature-a"], in: repository)
        try toggles(["publish", "isRoundedAvatar", "--value", "false", "--when", "Chinese users", "device.language in ['zh']", "true", "--at", "2026-02-01"], in: repository)
        try toggles(["change", "appPrimaryColor", "--default", "#36C278", "--at", "2026-02-03"], in: repository)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-qm", "a"], in: repository)

        try git(["checkout", "-q", "main"], in: repository)
        try git(["checkout", "-qb", "feature-b"], in: repository)
        try toggles(["create", "isSwiftUIEnabled", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-02-02"], in: repository)
        // Same toggle, interleaved in time with feature-a's change: order must come from the events.
        try toggles(["change", "appPrimaryColor", "--default", "#000000", "--at", "2026-02-02"], in: repository)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-qm", "b"], in: repository)

        try git(["checkout", "-qb", "b-into-a", "feature-a"], in: repository)
        try git(["merge", "-q", "--no-edit", "feature-b"], in: repository)
        let bIntoA = try TogglesBinary.run(["state", "--at", "2026-12-01", "--format", "json"], in: repository, environment: Self.environment)

        try git(["checkout", "-qb", "a-into-b", "feature-b"], in: repository)
        try git(["merge", "-q", "--no-edit", "feature-a"], in: repository)
        let aIntoB = try TogglesBinary.run(["state", "--at", "2026-12-01", "--format", "json"], in: repository, environment: Self.environment)

        #expect(bIntoA.status == 0 && aIntoB.status == 0)
        #expect(bIntoA.stdout == aIntoB.stdout, "the same state whichever branch was merged into which")
        #expect(bIntoA.stdout.contains(##""default": "#36C278""##), "feature-a's later change wins by time, not by merge order")
        #expect(bIntoA.stdout.contains(#""name": "isSwiftUIEnabled""#))
        #expect(bIntoA.stdout.contains(#""name": "Chinese users""#))
        let audit = try TogglesBinary.run(["audit"], in: repository, environment: Self.environment)
        #expect(audit.status == 0, "\(audit)")
        #expect(audit.stdout.hasPrefix("6 events"), "\(audit)")
        #expect(try git(["status", "--porcelain"], in: repository).isEmpty, "nothing left over")
        let tracked = try git(["ls-files", "events"], in: repository)
        #expect(tracked.contains("events/.gitignore"))
        #expect(!tracked.contains(".lock"), "the lock file never reaches git")
    }
}
