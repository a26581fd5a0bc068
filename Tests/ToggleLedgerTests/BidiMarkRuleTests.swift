import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// One rule for the characters that reorder or hide text (bidi overrides, isolates and
/// marks, C1 controls): text, JSON, Markdown, HTML and generated Swift all escape the same set.
@Suite struct BidiMarkRuleTests {
    static let marks: [(Unicode.Scalar, String)] = [
        ("\u{200E}", "200E"), ("\u{200F}", "200F"), ("\u{061C}", "61C"), ("\u{FEFF}", "FEFF"), ("\u{202E}", "202E"), ("\u{2066}", "2066"), ("\u{9B}", "9B"),
    ]

    @Test func everyOutputEscapesTheMarks() throws {
        for (scalar, hex) in Self.marks {
            let owner = "ops\(scalar)team"
            #expect(TerminalText.sanitize(owner) == "ops\\u{\(hex)}team")
            #expect(HTMLText.escape(owner) == "ops\\u{\(hex)}team")
            #expect(StaleMarkdownRenderer.escape(owner) == "ops\\\\u{\(hex)}team")
            #expect(StaleMarkdownRenderer.codeSpan(owner) == "`ops\\u{\(hex)}team`")
            let json = JSONWriter.quoted(owner)
            let padded = String(repeating: "0", count: 4 - hex.count) + hex.lowercased()
            #expect(json == "\"ops\\u\(padded)team\"", "\(json)")
            #expect(try JSONParser.parse(json) == .string(owner))
            // The log's encoder, at every place in its 8-byte words.
            for padding in 0..<9 {
                let text = String(repeating: "p", count: padding) + owner
                var buffer = OutputBuffer()
                buffer.appendJSONString(text)
                #expect(String(decoding: buffer.array, as: UTF8.self) == JSONWriter.quoted(text))
            }
            #expect(SwiftToggleGenerator.swiftString(owner) == "\"ops\\u{\(hex)}team\"")
            #expect(SwiftToggleGenerator.comment(owner) == "ops\\u{\(hex)}team")
        }
    }

    /// Random strings over the hostile characters and plain ones: no output keeps one raw,
    /// and JSON reads back what was written.
    @Test func randomTextKeepsNoMarkRaw() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = Self.marks.map(\.0) + ["a", "é", "中", "\u{2028}", "\u{1B}", "@", "."]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<12, using: &generator) { text.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
            for output in [
                TerminalText.sanitize(text), StaleMarkdownRenderer.escape(text), HTMLText.escape(text), JSONWriter.quoted(text),
                SwiftToggleGenerator.swiftString(text), SwiftToggleGenerator.comment(text),
            ] {
                #expect(!output.unicodeScalars.contains(where: TerminalText.isControl), "\(output.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            #expect(try JSONParser.parse(JSONWriter.quoted(text)) == .string(text))
        }
    }
}
