import Foundation
@testable import SwiftSource
import Testing
import ToggleLedger
@testable import TogglesCLI
import TestSupport

/// `toggles cleanup` on the corpus in Fixtures/cleanupCorpus: each folder is one construct
/// (or several combined) with the toggle `inbox` and the value to keep in its name
/// (`if-else.true`). `before.swift` is cleaned in a temporary folder, in-process; the result
/// must equal `after.swift` byte for byte, or, when the folder has `refused.txt`, nothing may
/// be written and the refused sites must be exactly those listed. Every before and after
/// typechecks with `swiftc` against `Stubs.swift`.
@Suite struct CleanupCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/cleanupCorpus")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { !$0.hasSuffix(".swift") }.sorted()
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func cleanup(_ arguments: [String], in directory: URL) -> Run {
        nonisolated(unsafe) var stdout = ""
        nonisolated(unsafe) var stderr = ""
        let context = CommandContext(
            environment: ["TOGGLES_ACTOR": "tester"], currentDirectory: directory.path,
            now: { Timestamp(rfc3339: "2026-11-28T00:00:00Z")! }, outputIsTerminal: false,
            standardInput: { [] }, write: { stdout += $0 }, writeError: { stderr += $0 }, gitEmail: { nil })
        let status = TogglesCLI.run(["cleanup"] + arguments, context: context)
        return Run(status: status, stdout: stdout, stderr: stderr)
    }

    @Test(arguments: names) func corpusCase(_ name: String) throws {
        let folder = Self.corpus.appendingPathComponent(name)
        let before = try Data(contentsOf: folder.appendingPathComponent("before.swift"))
        let directory = try TemporaryDirectory("cleanup-corpus")
        try before.write(to: directory.file("App.swift"))
        let value = name.hasSuffix(".true") ? "true" : "false"
        let run = Self.cleanup(["inbox", "--value", value], in: directory.url)
        let written = try Data(contentsOf: directory.file("App.swift"))
        let expected = folder.appendingPathComponent("after.swift")
        if FileManager.default.fileExists(atPath: expected.path) {
            #expect(run.status == 0, "\(name): \(run.stdout)\(run.stderr)")
            #expect(written == (try Data(contentsOf: expected)), "\(name): the cleaned file differs from after.swift")
            // Nothing names the toggle any more: no `inbox` token, no "inbox" key.
            let tokens = SwiftLexer.tokenize(Array(written))
            #expect(!tokens.contains { $0.text == "inbox" }, "\(name): the cleaned file still names inbox")
        } else {
            let refusals = try String(decoding: Data(contentsOf: folder.appendingPathComponent("refused.txt")), as: UTF8.self)
                .split(separator: "\n").map(String.init)
            #expect(run.status == 65, "\(name): \(run.stdout)")
            #expect(written == before, "\(name): a refused cleanup wrote the file")
            let reported = run.stdout.split(separator: "\n").filter { $0.contains(": refused: ") }
                .map { String($0.drop { $0 != " " }.dropFirst()) }
            #expect(reported == refusals, "\(name)")
            #expect(run.stderr.contains("nothing written"))
        }
    }

    @Test func corpusHasSixtyCasesAndKnownWrongRewritesAsNegatives() {
        let names = Self.names
        #expect(names.count >= 60)
        // Other tools' wrong rewrites: a dropped call, `x ? 2 : nil` → `nil`, `x = x`, `!a.b` read as `(!a).b`.
        for negative in ["and-call-kept.false", "or-call-kept.true", "ternary-nil.false", "self-assignment.false", "not-whole-chain.false"] {
            #expect(names.contains(negative))
        }
    }

    /// One `swiftc` per file would take a minute: the befores are typechecked in one run and
    /// the afters in another, each fixture wrapped in an enum of its own so that their
    /// declarations do not collide (imports are hoisted out of the wrapper).
    @Test(.tags(.swiftToolchain)) func everyBeforeAndAfterTypechecks() throws {
        let directory = try TemporaryDirectory("cleanup-typecheck")
        for side in ["before", "after"] {
            var files = [Self.corpus.appendingPathComponent("Stubs.swift").path]
            for (index, name) in Self.names.enumerated() {
                let source = Self.corpus.appendingPathComponent(name).appendingPathComponent("\(side).swift")
                guard let text = try? String(contentsOf: source, encoding: .utf8) else { continue }
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let imports = lines.filter { $0.hasPrefix("import ") }
                let body = lines.filter { !$0.hasPrefix("import ") }
                let wrapped = imports.joined(separator: "\n") + "\n// \(name)\nenum Fixture\(index) {\n" + body.joined(separator: "\n") + "\n}\n"
                let file = directory.file("\(name)-\(side).swift")
                try Data(wrapped.utf8).write(to: file)
                files.append(file.path)
            }
            let run = try Subprocess.run("/usr/bin/env", ["swiftc", "-typecheck"] + files, in: directory.url)
            #expect(run.status == 0, "\(side) files do not typecheck:\n\(run.stderr)")
        }
    }
}
