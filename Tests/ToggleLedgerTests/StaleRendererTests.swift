import Testing
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
        #expect(StaleMarkdownRenderer.escape("[x](http://e) *b* <i>|</i> & @me") == "\\[x\\](http\\://e) \\*b\\* &lt;i&gt;\\|&lt;/i&gt; &amp; \\@me")
    }

    @Test func jsonOutputEscapesInvisibleCharactersOnlyInsideStrings() throws {
        let raw = JSONWriter.string(.object(JSONObject([.init("k", .string("a\u{9B}b\u{202E}c"))])))
        #expect(JSONSafety.escapeInvisibles(raw) == #"{"k":"a\u009bb\u202ec"}"#)
        #expect(try JSONParser.parse(JSONSafety.escapeInvisibles(raw)) == (try JSONParser.parse(raw)))
    }

    @Test func sarifURIsArePercentEncoded() {
        #expect(StaleSARIFRenderer.uri(forPath: "events/2026/a b.jsonl") == "events/2026/a%20b.jsonl")
        #expect(StaleSARIFRenderer.uri(forPath: "/repo/events/x.jsonl") == "file:///repo/events/x.jsonl")
    }
}
