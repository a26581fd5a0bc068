import Foundation
import Testing
import TestSupport

/// The docs as a newcomer follows them: docs/swift.md's complete example compiles against
/// the enums generated from this repository's own log, and every relative link in the docs
/// and the README points at a file in the repository.
@Suite struct DocumentationExampleTests {
    static let root = CIRecipeTests.root

    /// The ```swift blocks of `section` (from its heading to the next `###` or `##`).
    static func swiftBlocks(page: String, section heading: String) throws -> [String] {
        let text = String(decoding: try Data(contentsOf: root.appendingPathComponent(page)), as: UTF8.self)
        let section = try #require(text.components(separatedBy: heading + "\n").dropFirst().first).components(separatedBy: "\n##").first ?? ""
        return section.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    @Test(.tags(.swiftToolchain)) func theCompleteExampleCompilesAgainstThisRepositorysLog() throws {
        let blocks = try Self.swiftBlocks(page: "docs/swift.md", section: "### A complete example")
        // The app code, the Firebase provider (needs the Firebase SDK, not compiled here) and
        // the test-and-preview snippet.
        #expect(blocks.count == 3, "\(blocks.count)")
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("events"), to: directory.file("events"))
        let generated = toggles(["export", "swift", "--output", "Toggles.swift"], in: directory.url)
        try #require(generated.status == 0, "\(generated)")
        try directory.write("Example.swift", blocks[0] + "\n")
        // The snippet is top-level code: main.swift, with the imports the page shows above it.
        try directory.write("main.swift", "import Foundation\nimport ToggleKit\n\n" + blocks[2] + "\n")
        let modules = TogglesBinary.url.deletingLastPathComponent().appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("ToggleKit.swiftmodule").path), "build ToggleKit first")
        let compile = try Subprocess.run("/usr/bin/env", ["swiftc", "-typecheck", "-I", modules.path, "Example.swift", "main.swift", "Toggles.swift"], in: directory.url)
        #expect(compile.status == 0 && !compile.stderr.contains("error:"), "\(compile)")
    }

    /// docs/cleanup.md's worked example starts from this repository's own events/: the log
    /// cannot decide `isRoundedAvatar`'s value, and the command says so as the page shows.
    @Test func theCleanupWorkedExampleRunsAsWrittenAgainstThisRepositorysLog() throws {
        let page = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent("docs/cleanup.md")), as: UTF8.self)
        let prompt = "$ toggles cleanup isRoundedAvatar --log ../events --dry-run\n"
        let shown = try #require(page.components(separatedBy: prompt).dropFirst().first?.components(separatedBy: "\n$ echo $?\n").first)
        let status = try #require(page.components(separatedBy: prompt + shown + "\n$ echo $?\n").dropFirst().first?.prefix { $0 != "\n" })
        let directory = try TemporaryDirectory("cleanup-docs")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("events"), to: directory.file("events"))
        try directory.write("Moments/Toggles.swift", "enum RemoteToggle: String {\n    case isRoundedAvatar\n}\n")
        let run = CleanupCorpusTests.cleanup(["isRoundedAvatar", "--log", "../events", "--dry-run"], in: directory.file("Moments"))
        #expect("\(run.status)" == status)
        #expect(run.stdout + run.stderr == shown + "\n")
    }

    @Test func everyRelativeLinkInTheDocsPointsIntoTheRepository() throws {
        let pages =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path))
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var broken: [String] = []
        for page in pages {
            let text = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent(page)), as: UTF8.self)
            let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
            for piece in text.components(separatedBy: "](").dropFirst() {
                guard let end = piece.firstIndex(of: ")") else { continue }
                let target = String(piece[..<end]).components(separatedBy: "#")[0]
                if target.isEmpty || target.contains("://") || target.hasPrefix("mailto:") || target.contains(" ") { continue }
                let resolved = folder.appendingPathComponent(target).standardizedFileURL
                if !resolved.path.hasPrefix(Self.root.standardizedFileURL.path + "/") || !FileManager.default.fileExists(atPath: resolved.path) {
                    broken.append("\(page): \(target)")
                }
            }
        }
        #expect(broken.isEmpty, "\(broken)")
    }
}
