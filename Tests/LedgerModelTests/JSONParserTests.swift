import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

@Suite struct JSONParserTests {
    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        (" false ", .bool(false)),
        ("-0.5e+10", .number("-0.5e+10")),
        ("123456789012345678901234567890", .number("123456789012345678901234567890")),
        (#""a\"b\\c\/\n\u00e9\ud83d\ude00""#, .string("a\"b\\c/\né😀")),
        ("[1,[],{}]", .array([.number("1"), .array([]), .object(JSONObject())])),
        (#"{"b":1,"a":2}"#, .object(JSONObject([.init("b", .number("1")), .init("a", .number("2"))]))),
    ])
    func parsesValidJSON(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test(arguments: [
        ("[1,]", "expected a value"),
        (#"{"a":1,}"#, "expected a string key"),
        ("01", "leading zeros"),
        ("NaN", "expected a value"),
        ("1.", "digit after '.'"),
        ("\"a\u{01}\"", "unescaped control character"),
        (#""\ud800""#, "lone high surrogate"),
        (#""\udc00""#, "lone low surrogate"),
        (#"{"a":1,"a":2}"#, "duplicate key"),
        ("[1] 2", "after the JSON value"),
        (#""\x""#, "invalid escape"),
        ("", "unexpected end of input"),
    ])
    func rejectsWhatTheRFCRejects(text: String, reason: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONError)?.reason.contains(reason) == true
        }
    }

    @Test func rejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22]] {
            #expect(throws: JSONError.self) { try JSONParser.parse(bytes) }
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONError)?.reason.contains("nesting deeper") == true
        }
    }

    @Test func writerRoundTripsWhatTheParserReads() throws {
        let text = #"{"s":"tab\there \"q\" \u001b[2J é","n":-1.50,"a":[true,null,{"k":[]}]}"#
        let value = try JSONParser.parse(text)
        #expect(try JSONParser.parse(JSONWriter.string(value)) == value)
        #expect(JSONWriter.string(value).contains(#"\u001b"#), "control characters stay escaped")
        #expect(try JSONParser.parse(JSONWriter.pretty(value)) == value)
    }
}
