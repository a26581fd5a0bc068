import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

@Suite struct GitIgnoreTests {
    @Test(arguments: [
        // pattern, path, isDirectory, ignored
        ("*.generated.swift", "Sources/App/Toggles.generated.swift", false, true),
        ("*.generated.swift", "Toggles.swift", false, false),
        ("Pods/", "Pods", true, true),
        ("Pods/", "Pods", false, false),
        ("Pods/", "App/Pods", true, true),
        ("/Generated", "Generated", true, true),
        ("/Generated", "App/Generated", true, false),
        ("App/Generated", "App/Generated", true, true),
        ("App/Generated", "Other/App/Generated", true, false),
        ("**/Fixtures", "Tests/Deep/Fixtures", true, true),
        ("Tests/**", "Tests/A/B.swift", false, true),
        ("Tests/**", "Tests", true, false),
        ("a/**/b", "a/b", true, true),
        ("a/**/b", "a/x/y/b", true, true),
        ("a/**/b", "a/x/y/c", true, false),
        ("Mock?.swift", "MockA.swift", false, true),
        ("Mock?.swift", "MockAB.swift", false, false),
        ("[Mm]ocks", "mocks", true, true),
        ("[!M]ocks", "Mocks", true, false),
        ("[a-c]x", "bx", false, true),
        ("\\#notacomment", "#notacomment", false, true),
        ("# a comment", "# a comment", false, false),
        ("", "anything", false, false),
    ])
    func patterns(pattern: String, path: String, isDirectory: Bool, ignored: Bool) {
        var ignore = GitIgnore()
        ignore.add(pattern, base: "")
        #expect(ignore.isIgnored(path, isDirectory: isDirectory) == ignored)
    }

    /// `isIgnored` takes shortcuts (components as slices of one array; `**/name` decided by
    /// the last component alone): on random patterns and paths it says what the general
    /// matcher says for each rule, the last matching rule winning.
    @Test func shortcutsAgreeWithTheGeneralMatcher() {
        var generator = SeededGenerator(seed: 83)
        let names = ["a", "b", "ab", "*", "a*", "*b", "?", "[ab]", "[!a]", "**", "x.swift", "*.swift", "Pods", "\\*", "é"]
        let pathNames = ["a", "b", "ab", "aab", "x.swift", "y.swift", "Pods", "*", "é", "ba"]
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                var line = Bool.random(using: &generator) ? "!" : ""
                if Int.random(in: 0..<4, using: &generator) == 0 { line += "/" }
                line += (0..<Int.random(in: 1...3, using: &generator)).map { _ in names.randomElement(using: &generator)! }.joined(separator: "/")
                if Int.random(in: 0..<4, using: &generator) == 0 { line += "/" }
                text += line + "\n"
            }
            let base = ["", "", "a", "a/b"].randomElement(using: &generator)!
            var ignore = GitIgnore()
            ignore.add(text, base: base)
            for _ in 0..<20 {
                let components = (0..<Int.random(in: 1...4, using: &generator)).map { _ in pathNames.randomElement(using: &generator)! }
                let isDirectory = Bool.random(using: &generator)
                var expected = false
                for rule in ignore.rules where !(rule.directoryOnly && !isDirectory) {
                    let baseComponents = rule.base.split(separator: "/").map(String.init)
                    guard components.count > baseComponents.count, Array(components.prefix(baseComponents.count)) == baseComponents else { continue }
                    if GitIgnore.match(rule.segments[...], components.dropFirst(baseComponents.count)) { expected = !rule.negated }
                }
                #expect(ignore.isIgnored(components.joined(separator: "/"), isDirectory: isDirectory) == expected, "\(text.debugDescription) base \(base) path \(components)")
            }
        }
    }

    @Test func negationAndLastMatchWins() {
        var ignore = GitIgnore()
        ignore.add("*.swift\n!Keep.swift\n", base: "")
        #expect(ignore.isIgnored("Drop.swift", isDirectory: false))
        #expect(!ignore.isIgnored("Keep.swift", isDirectory: false))
        ignore.add("Keep.swift\n", base: "")
        #expect(ignore.isIgnored("Keep.swift", isDirectory: false))
    }

    @Test func nestedIgnoreFilesApplyBelowTheirDirectory() {
        var ignore = GitIgnore()
        ignore.add("/Mocks\n", base: "App")
        #expect(ignore.isIgnored("App/Mocks", isDirectory: true))
        #expect(!ignore.isIgnored("Mocks", isDirectory: true))
        #expect(!ignore.isIgnored("Other/Mocks", isDirectory: true))
    }

    @Test func walkSkipsBuildGitAndIgnoredPaths() throws {
        let root = try TemporaryDirectory("swift-scan")
        let source = "enum RemoteToggle: ToggleType { case isFoo }\nlet a = RemoteToggle.isFoo\n"
        for path in [
            "App/A.swift", "App/Generated/G.swift", "App/Keep.generated.swift", "App/Drop.generated.swift",
            ".build/checkouts/X.swift", "Vendor/V.swift", "Vendor/Inner/I.swift", "App/readme.txt",
        ] {
            try root.write(path, source)
        }
        try root.write(".gitignore", "/Vendor/\n*.generated.swift\n!Keep.generated.swift\n# comment\n")
        try root.write("App/.gitignore", "Generated/\n")
        let result = try SwiftSourceScan().run(paths: ["."], currentDirectory: root.path)
        #expect(Set(result.references.map(\.file)) == ["App/A.swift", "App/Keep.generated.swift"])
        #expect(result.fileCount == 2)

        // A path inside the tree picks up the ignore files above it (up to the git root).
        try root.write(".git/HEAD", "ref: refs/heads/main\n")
        let inner = try SwiftSourceScan().run(paths: ["App"], currentDirectory: root.path)
        #expect(Set(inner.references.map(\.file)) == ["App/A.swift", "App/Keep.generated.swift"])
        let atRoot = try SwiftSourceScan().run(paths: [root.path], currentDirectory: "/")
        #expect(atRoot.fileCount == 2)
        // A file named explicitly is scanned even if ignored.
        let named = try SwiftSourceScan().run(paths: ["Vendor/V.swift"], currentDirectory: root.path)
        #expect(named.fileCount == 1)
        #expect(throws: CodeScanError.self) { try SwiftSourceScan().run(paths: ["Missing"], currentDirectory: root.path) }
    }
}
