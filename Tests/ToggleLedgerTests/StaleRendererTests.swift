import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

@Suite struct StaleRendererTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("=1+2", "\"'=1+2\""),
        ("+1", "\"'+1\""),
        ("-1", "\"'-1\""),
        ("@SUM(A1)", "\"'@SUM(A1)\""),
        ("\t=1", "\"' =1\""),
        ("two\nlines", "two lines"),
        ("esc\u{1B}[2J", "esc\\u{1B}[2J"),
        ("a=b", "a=b"),
    ])
    func csvCellsAreQuotedAndNeverFormulas(text: String, expected: String) {
        #expect(StaleCSVRenderer.cell(text) == expected)
    }

    @Test(arguments: [
        ("owner@example.com", "`owner@example.com`"),
        ("a`b", "``a`b``"),
        ("`edge`", "`` `edge` ``"),
        ("a|b", "`a\\|b`"),
        ("", "`  `"),
        ("x\ny", "`x y`"),
    ])
    func markdownCodeSpansHoldAnyText(text: String, expected: String) {
        #expect(StaleMarkdownRenderer.codeSpan(text) == expected)
    }

    @Test func markdownTextCannotLinkEmphasiseOrBreakTheTable() {
        #expect(StaleMarkdownRenderer.escape("[x](http://e) *b* <i>|</i> & @me") == "\\[x\\](http\\://e) \\*b\\* &lt;i&gt;\\|&lt;/i&gt; &amp; @<!-- -->me")
    }

    @Test func jsonWriterEscapesInvisibleCharactersAndReadsThemBack() throws {
        let text = "a\u{9B}b\u{202E}c\u{80}\u{9F}\u{A0}\u{2028}\u{2029}\u{202A}\u{2066}\u{2069}\u{206A}\u{2027}é中😀\u{1B}\u{7F}"
        let written = JSONWriter.string(.object(JSONObject([.init("k\u{85}", .string(text))])))
        #expect(written == #"{"k\u0085":"a\u009bb\u202ec\u0080\u009f\#u{A0}\u2028\u2029\u202a\u2066\u2069\#u{206A}\#u{2027}é中😀\u001b\u007f"}"#)
        #expect(try JSONParser.parse(written) == .object(JSONObject([.init("k\u{85}", .string(text))])))
        #expect(JSONWriter.pretty(.string(text)) == JSONWriter.quoted(text))
        // The log's encoder escapes the same, whatever the hostile character's place in its 8-byte words.
        for padding in 0..<9 {
            let padded = String(repeating: "p", count: padding) + text + String(repeating: "é", count: padding)
            var buffer = OutputBuffer()
            buffer.appendJSONString(padded)
            #expect(String(decoding: buffer.array, as: UTF8.self) == JSONWriter.quoted(padded))
        }
    }

    @Test func sarifURIsArePercentEncoded() {
        #expect(StaleSARIFRenderer.uri(forPath: "events/2026/a b.jsonl") == "events/2026/a%20b.jsonl")
        #expect(StaleSARIFRenderer.uri(forPath: "/repo/events/x.jsonl") == "file:///repo/events/x.jsonl")
    }
}
