import Foundation
import Testing
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// CODEOWNERS as GitHub reads it. The fixture is the example file of GitHub's documentation
/// ("About code owners"), whose comments say who owns what.
@Suite struct CodeOwnersTests {
    static let example: CodeOwners = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/codeOwners/github-docs-example")
        return CodeOwners(String(decoding: try! Data(contentsOf: url), as: UTF8.self), file: ".github/CODEOWNERS")
    }()

    @Test(arguments: [
        ("README.md", ["@global-owner1", "@global-owner2"]),
        ("src/app.js", ["@js-owner"]),
        ("main.go", ["docs@example.com"]),
        ("internal/pkg/file.go", ["docs@example.com"]),
        ("notes/todo.txt", ["@octo-org/octocats"]),
        // `/build/logs/` is overridden by the later `**/logs`.
        ("build/logs/today.log", ["@octocat"]),
        ("build/other/today.log", ["@global-owner1", "@global-owner2"]),
        ("docs/getting-started.md", ["@doctocat"]),
        ("docs/build-app/troubleshooting.md", ["@doctocat"]),
        ("web/apps/index.html", ["@octocat"]),
        ("scripts/deploy.sh", ["@doctocat", "@octocat"]),
        ("scripts/logs/out.log", ["@octocat"]),
        ("deeply/nested/logs/x.log", ["@octocat"]),
        ("apps/github/main.rb", ["@doctocat"]),
        ("apps/other/main.rb", ["@octocat"]),
        ("./apps/other/main.rb", ["@octocat"]),
    ])
    func theDocumentationsExampleOwnsWhatItsCommentsSay(path: String, owners: [String]) {
        #expect(Self.example.problems.isEmpty)
        #expect(Self.example.rule(for: path)?.owners == owners)
    }

    @Test func theLastMatchingLineWinsEvenWithoutOwners() throws {
        let file = CodeOwners("* @everyone\n/vendor/\n/apps/ @octocat\n/apps/github\n", file: "CODEOWNERS")
        let vendor = try #require(file.rule(for: "vendor/lib/a.swift"))
        #expect(vendor.owners.isEmpty && vendor.line == 2)
        #expect(file.rule(for: "apps/github/x.swift")?.owners == [])
        #expect(file.rule(for: "apps/other/x.swift")?.line == 3)
    }

    @Test(arguments: [
        ("docs/* @d", "docs/a.md", true),
        ("docs/* @d", "docs/sub/a.md", false),
        ("stacks/prod @p", "stacks/prod/vpc/main.tf", true),
        ("stacks/prod @p", "other/stacks/prod/main.tf", false),
        ("logs @l", "a/b/logs/x", true),
        ("Makefile @m", "sub/Makefile", true),
        ("apps/ @a", "apps", false),
        ("apps/ @a", "x/apps/y/z", true),
        ("a/**/b @x", "a/b", true),
        ("a/**/b @x", "a/1/2/b/c", true),
        ("a/** @x", "a/1/2", true),
        ("**/prod/** @x", "stacks/prod/vpc/main.tf", true),
        ("file?.swift @q", "dir/file1.swift", true),
        ("file?.swift @q", "dir/file12.swift", false),
        ("stacks/*/vpc @s", "stacks/prod/vpc/main.tf", true),
        ("stacks/*/vpc @s", "stacks/prod/eu/vpc/main.tf", false),
        ("my\\ dir/ @s", "my dir/file", true),
        ("/Docs/ @d", "docs/a.md", false),
        ("*.swift @t", "mainswift", false),
        ("*.swift\t@t", "Sources/main.swift", true),
        ("*.swift @t\r", "Sources/main.swift", true),
    ])
    func patternsFollowGitignoreWithGitHubsExceptions(line: String, path: String, matches: Bool) {
        let file = CodeOwners(line, file: "CODEOWNERS")
        #expect(file.problems.isEmpty)
        #expect((file.rule(for: path) != nil) == matches, "\(line) on \(path)")
    }

    @Test func linesGitHubRejectsAreSkippedAndNamedByLine() {
        let text = [
            "* @everyone", "!negated @x", "[ab].swift @x", "/ @root", "*.swift not-an-owner", "*.md @", "*.sh @org/",
            "*.py @org/team/extra", "*.rb nobody@", "*.ts @acme/web user@example.com", "   # indented comment", "",
        ]
        let file = CodeOwners(text.joined(separator: "\n"), file: "docs/CODEOWNERS")
        #expect(file.problems.map { $0.prefix { $0 != " " } } == (2...9).map { "docs/CODEOWNERS:\($0):" })
        #expect(file.problems[0] == "docs/CODEOWNERS:2: '!negated': negation with ! is not supported in CODEOWNERS")
        #expect(file.problems[3] == "docs/CODEOWNERS:5: 'not-an-owner' is not an owner; expected @user, @org/team or an e-mail address")
        #expect(file.rules.map(\.line) == [1, 10])
        #expect(file.rule(for: "src/a.ts")?.owners == ["@acme/web", "user@example.com"])
        #expect(file.rule(for: "negated")?.owners == ["@everyone"])
    }

    @Test func theFirstLocationGitHubLooksAtWins() throws {
        let scratch = try TemporaryDirectory("codeowners")
        let root = scratch.url
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        #expect(try CodeOwners.load(repositoryRoot: root.path) == nil)
        try write("docs/CODEOWNERS", "* @docs\n")
        #expect(try CodeOwners.load(repositoryRoot: root.path)?.file == "docs/CODEOWNERS")
        try write("CODEOWNERS", "* @root\n")
        #expect(try CodeOwners.load(repositoryRoot: root.path)?.rule(for: "a")?.owners == ["@root"])
        try write(".github/CODEOWNERS", "* @github\n")
        let found = try #require(try CodeOwners.load(repositoryRoot: root.path))
        #expect(found.file == ".github/CODEOWNERS" && found.rule(for: "a")?.owners == ["@github"])
    }
}
