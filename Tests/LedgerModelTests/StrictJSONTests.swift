import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// The line reader is a strict RFC 8259 parser: every rejection here is something the RFC
/// rejects (or, for duplicate keys, something that would make an event ambiguous).
@Suite struct StrictJSONTests {
    struct Rejection: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        /// A word the error's reason must contain, so the message says what is wrong.
        var reason: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, reason: String) {
            self.init(name, Array(text.utf8), reason: reason)
        }

        init(_ name: String, _ bytes: [UInt8], reason: String) {
            self.name = name
            self.bytes = bytes
            self.reason = reason
        }
    }

    static let rejections: [Rejection] = [
        Rejection("trailing comma in an array", "[1,2,]", reason: "expected a value"),
        Rejection("trailing comma in an object", #"{"a":1,}"#, reason: "expected a string key"),
        Rejection("leading zero", "[01]", reason: "leading zeros"),
        Rejection("leading zero after minus", "-012", reason: "leading zeros"),
        Rejection("unescaped tab in a string", "\"a\tb\"", reason: "unescaped control character U+0009"),
        Rejection("unescaped newline in a string", "\"a\nb\"", reason: "unescaped control character U+000A"),
        Rejection("unescaped NUL in a string", [0x22, 0x61, 0x00, 0x22], reason: "unescaped control character U+0000"),
        Rejection("invalid UTF-8 byte", [0x22, 0xFF, 0x22], reason: "invalid UTF-8"),
        Rejection("overlong UTF-8", [0x22, 0xC0, 0xAF, 0x22], reason: "invalid UTF-8"),
        Rejection("UTF-8 encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], reason: "invalid UTF-8"),
        Rejection("truncated UTF-8", [0x22, 0xE2, 0x82], reason: "UTF-8"),
        Rejection("code point above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], reason: "invalid UTF-8"),
        Rejection("lone high surrogate", #""\uD800""#, reason: "lone high surrogate"),
        Rejection("lone low surrogate", #""\uDC00""#, reason: "lone low surrogate"),
        Rejection("high surrogate before a non-surrogate", #""\uD800\u0041""#, reason: "not followed by a low surrogate"),
        Rejection("NaN", "NaN", reason: "expected a value"),
        Rejection("Infinity", "[Infinity]", reason: "expected a value"),
        Rejection("negative Infinity", "-Infinity", reason: "digit after '-'"),
        Rejection("duplicate key", #"{"id":"a","id":"b"}"#, reason: "duplicate key \"id\""),
        Rejection("duplicate key, nested", #"{"source":{"ci":"x","ci":"y"}}"#, reason: "duplicate key \"ci\""),
        Rejection("single quotes", "'a'", reason: "expected a value"),
        Rejection("unquoted key", "{a:1}", reason: "expected a string key"),
        Rejection("comment", "[1] // note", reason: "after the JSON value"),
        Rejection("two values on one line", #"{"a":1}{"b":2}"#, reason: "after the JSON value"),
        Rejection("hex number", "0x1F", reason: "after the JSON value"),
        Rejection("plus sign", "+1", reason: "expected a value"),
        Rejection("bare decimal point", "1.", reason: "digit after '.'"),
        Rejection("leading decimal point", ".5", reason: "expected a value"),
        Rejection("empty exponent", "1e", reason: "exponent"),
        Rejection("invalid escape", #""\x41""#, reason: "invalid escape"),
        Rejection("short unicode escape", #""\u12""#, reason: "\\u escape"),
        Rejection("non-hex unicode escape", #""\u12G4""#, reason: "hex digit"),
        Rejection("unterminated string", #""abc"#, reason: "unterminated string"),
        Rejection("unterminated array", "[1,2", reason: "expected ',' or ']'"),
        Rejection("unterminated object", #"{"a":1"#, reason: "unexpected end of input, expected ',' or '}'"),
        Rejection("object closed as an array", #"{"a":1]"#, reason: "expected ',' or '}'"),
        Rejection("array closed as an object", "[1}", reason: "expected ',' or ']'"),
        Rejection("capitalised literal", "True", reason: "expected a value"),
        Rejection("empty input", "", reason: "end of input"),
        Rejection("byte-order mark", [0xEF, 0xBB, 0xBF, 0x31], reason: "byte 0xEF"),
    ]

    @Test(arguments: rejections)
    func rejects(_ case_: Rejection) {
        #expect {
            _ = try JSONParser.parse(case_.bytes)
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.reason.contains(case_.reason) && error.offset >= 0 && error.offset <= case_.bytes.count
        }
    }

    @Test(arguments: [
        #"{"a":[1,-0,0.5,1e10,-2.5E-3,true,false,null],"b":"\u00e9\ud83d\ude00\n"}"#,
        "  [ ]  ", "\"\"", "0", "-0.0e+0", #""\/\\\"\b\f\n\r\t""#,
    ])
    func acceptsValidJSON(_ text: String) throws {
        _ = try JSONParser.parse(text)
    }

    @Test func keepsNumbersExactly() throws {
        let digits = "-" + String(repeating: "9", count: 10_000) + ".5e-123"
        #expect(try JSONParser.parse("[\(digits)]") == .array([.number(digits)]))
    }

    @Test func tenThousandDigitSchemaIsAnErrorNotACrash() throws {
        let line = #"{"schema":\#(String(repeating: "7", count: 10_000)),"id":"a"}"#
        let value = try JSONParser.parse(line)
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(value) }
    }

    @Test(arguments: ["[", "{\"a\":"])
    func nestingOneHundredThousandDeepFailsWithAnError(_ opener: String) {
        let text = String(repeating: opener, count: 100_000)
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONError)?.reason.contains("nesting deeper than \(JSONParser.maximumDepth)") == true
        }
    }

    @Test func nestingAtTheLimitIsAccepted() throws {
        let depth = JSONParser.maximumDepth
        _ = try JSONParser.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    }

    @Test func fiftyMegabyteStringIsParsed() throws {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: 50_000_000))
        bytes.append(UInt8(ascii: "\""))
        guard case .string(let text) = try JSONParser.parse(bytes) else {
            Issue.record("expected a string")
            return
        }
        #expect(text.utf8.count == 50_000_000)
    }

    @Test func fiftyMegabyteUnterminatedStringIsAnError() {
        var bytes: [UInt8] = Array(#"{"id":""#.utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "y"), count: 50_000_000))
        #expect(throws: JSONError.self) { try JSONParser.parse(bytes) }
    }
}
