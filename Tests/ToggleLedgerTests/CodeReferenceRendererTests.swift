import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// `toggles scan` writes its text and JSON in parts rendered on every core: joined, they must
/// be what one renderer would write, for any references (hostile strings included).
@Suite struct CodeReferenceRendererTests {
    static let texts = [
        "isRoundedAvatar", "a\"b\\c", "tab\there", "new\nline", "bidi\u{202E}txet", "nul\u{0}", "é Zürich 🚀",
        "\u{7F}del", "", "Sources/App Module/Settings View.swift", "<script>", "\u{2028}sep",
    ]

    static func references(_ count: Int, _ generator: inout SeededGenerator) -> [CodeReference] {
        (0..<count).map { _ in
            var reference = CodeReference(
                toggle: texts.randomElement(using: &generator)!, kind: CodeReference.Kind.allCases.randomElement(using: &generator)!,
                file: texts.randomElement(using: &generator)!, line: Int.random(in: 1...100_000, using: &generator),
                column: Int.random(in: 1...300, using: &generator), symbol: texts.randomElement(using: &generator)!,
                enumName: Bool.random(using: &generator) ? texts.randomElement(using: &generator)! : nil)
            if Int.random(in: 0..<4, using: &generator) == 0 {
                reference.ambiguousWith = (0..<Int.random(in: 1...3, using: &generator)).map { _ in texts.randomElement(using: &generator)! }
            }
            return reference
        }
    }

    /// The JSON parts are the writer's bytes for the tree of values (`JSONWriter`).
    @Test func jsonPartsAreTheWritersBytes() throws {
        var generator = SeededGenerator(seed: 61)
        for count in [0, 1, 2, 4095, 4096, 4097, 9001] {
            let result = ScanResult(
                references: Self.references(count, &generator), declarations: [], fileCount: count / 3,
                problems: count % 2 == 0 ? [] : ["App/Pipe.swift: cannot read \u{1B}[31m it"])
            var object = JSONObject()
            object["files"] = .number(String(result.fileCount))
            object["references"] = .array(result.references.map(CodeReferenceRenderer.json))
            object["problems"] = .array(result.problems.map(JSONValue.string))
            let expected = ReferenceJSONWriter.string(.object(object)) + "\n"
            #expect(CodeReferenceRenderer.json(result) == expected)
            #expect(CodeReferenceRenderer.jsonParts(result).count == (count < 4096 ? 3 : 6))
            #expect(try JSONParser.parse(Array(CodeReferenceRenderer.json(result).utf8)) == .object(object))
        }
    }

    /// The text parts are one line per reference, in order, terminal-safe, then the summary.
    @Test func textPartsAreOneSafeLinePerReferenceInOrder() {
        var generator = SeededGenerator(seed: 67)
        for count in [0, 1, 4095, 4096, 9001] {
            let references = Self.references(count, &generator)
            let result = ScanResult(references: references, declarations: [], fileCount: 7, problems: [])
            let text = CodeReferenceRenderer.text(result)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.removeLast() == "")
            let summary = lines.removeLast()
            let toggles = Set(references.map(\.toggle)).count
            #expect(summary == "\(count) reference\(count == 1 ? "" : "s") to \(toggles) toggle\(toggles == 1 ? "" : "s") in 7 Swift files")
            #expect(lines.count == count)
            for (line, reference) in zip(lines, references) {
                let expected =
                    "\(reference.file):\(reference.line):\(reference.column): \(reference.toggle): \(reference.kind.rawValue) \(reference.symbol)"
                    + (reference.ambiguousWith.isEmpty ? "" : " (ambiguous: or \(reference.ambiguousWith.joined(separator: ", ")))")
                #expect(line == TerminalText.sanitize(expected))
            }
        }
    }
}
