import Foundation
import Testing
@testable import TogglesCLI
import TestSupport

/// `Formula/toggles.rb`, checked offline: it builds the way Homebrew builds Swift tools
/// (`swift build -c release --disable-sandbox`), installs what exists (the product, the man
/// page), and its completion line asks the tool for what the tool prints. Homebrew itself is
/// not run (no network, no macOS); Ruby checks the syntax when it is installed.
@Suite struct HomebrewFormulaTests {
    static let formula = CIRecipeTests.root.appendingPathComponent("Formula/toggles.rb")

    static func text() throws -> String { try String(contentsOf: formula, encoding: .utf8) }

    /// The formula's lines, comments dropped.
    static func code() throws -> [String] {
        try text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    @Test func itBuildsFromSourceAndInstallsTheBinaryTheManPageAndCompletions() throws {
        let code = try Self.code()
        #expect(code.first == "class Toggles < Formula")
        for field in ["desc \"", "homepage \"https://", "url \"https://", "head \"https://"] {
            #expect(code.contains { $0.hasPrefix(field) }, "the formula has \(field)…")
        }
        let sha = try #require(code.first { $0.hasPrefix("sha256 \"") })
        #expect(sha.wholeMatch(of: /sha256 "[0-9a-f]{64}"/) != nil, "\(sha)")
        // Homebrew takes the version from the archive's tag: the tool's own version.
        let url = try #require(code.first { $0.hasPrefix("url \"") })
        #expect(url.hasSuffix("/archive/refs/tags/\(TogglesCLI.version).tar.gz\""), "\(url)")
        #expect(code.contains("system \"swift\", \"build\", \"-c\", \"release\", \"--disable-sandbox\", \"--product\", \"toggles\""))
        #expect(code.contains("bin.install \".build/release/toggles\""))
        #expect(code.contains("man1.install \"docs/toggles.1\""))
        #expect(FileManager.default.fileExists(atPath: CIRecipeTests.root.appendingPathComponent("docs/toggles.1").path))
        #expect(code.contains("generate_completions_from_executable(bin/\"toggles\", \"--generate-completion-script\")"))
        let manifest = try String(contentsOf: CIRecipeTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".executable(name: \"toggles\""), "the product the formula builds")
        // Blocks close: `class`, `def` and `… do` each have their `end`.
        let opened = code.count(where: { $0.hasPrefix("class ") || $0.hasPrefix("def ") || $0.hasSuffix(" do") })
        #expect(opened == code.count(where: { $0 == "end" }), "\(opened) blocks opened")
        #expect(code.last == "end")
    }

    /// `generate_completions_from_executable` runs the tool with the shell's name after the
    /// flag, for bash, zsh and fish; the test block runs `version`, `create` and `state`.
    @Test(arguments: ["bash", "zsh", "fish"])
    func theCompletionLineGetsAScriptForEachShell(shell: String) throws {
        let directory = try TemporaryDirectory()
        let run = InProcessToggles.run(["--generate-completion-script", shell], in: directory.url)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        #expect(run.stdout.contains("toggles") && run.stdout.count > 200)
    }

    @Test func theFormulasTestBlockRunsAsWritten() throws {
        let text = try Self.text()
        #expect(text.contains("assert_match version.to_s, shell_output(\"#{bin}/toggles version\")"))
        let directory = try TemporaryDirectory()
        let version = InProcessToggles.run(["version"], in: directory.url)
        #expect(version.status == 0 && version.stdout.contains(TogglesCLI.version), "\(version)")
        let create = InProcessToggles.run(
            ["create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--actor", "brew@example.com"], in: directory.url)
        #expect(create.status == 0, "\(create)")
        #expect(text.contains("\"create\", \"isRoundedAvatar\", \"--kind\", \"remote\", \"--type\", \"bool\","))
        let state = InProcessToggles.run(["state"], in: directory.url)
        #expect(state.status == 0 && state.stdout.contains("isRoundedAvatar"), "\(state)")
        #expect(text.contains("assert_match \"isRoundedAvatar\", shell_output(\"#{bin}/toggles state\")"))
    }

    static let ruby: String? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/ruby"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    @Test(.tags(.ruby), .enabled(if: ruby != nil, "Ruby is not installed: the formula's syntax is not checked by `ruby -c` (its shape is, above)"))
    func rubyReadsTheFormula() throws {
        let run = try Subprocess.run(try #require(Self.ruby), ["-c", Self.formula.path], in: CIRecipeTests.root)
        #expect(run.status == 0 && run.stdout.contains("Syntax OK"), "\(run)")
    }
}
