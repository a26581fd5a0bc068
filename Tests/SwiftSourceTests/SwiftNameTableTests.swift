import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The scan lexes each thread's files with one ``SwiftNameTable`` and remembers the rules'
/// lookups per name (``SwiftReferenceScanner/NameMemo``): neither may change a token or a
/// reference. Checked on the real-shaped fixture sources and on seeded random inputs.
@Suite struct SwiftNameTableTests {
    /// Every `.swift` file under Fixtures (shapes from published apps), in a fixed order.
    static func fixtureSources() throws -> [[UInt8]] {
        let root = SwiftReferenceScannerTests.fixtures
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.map { Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + $0))) }
    }

    /// Swift-like text with many distinct names (some longer than 16 bytes, some alike in their
    /// first 16 bytes), strings with NUL and non-ASCII bytes, and stray bytes that are not UTF-8.
    static func randomSources(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = [
            " ", "\n", ".", "(", ")", "{", "}", "[", "]", ",", ":", "=", "==", "?", "!", "..<", "/", "//c\n", "/* x */",
            "\"s\"", "\"\"", "\"a\u{0}\"", "\"é\"", "\"\\(x)\"", "#\"r\"#", "\"\"\"\nm\n\"\"\"", "`case`", "12.5", "0x1F",
            "enum", "case", "RemoteToggle", "abcdefghijklmnop", "abcdefghijklmnopA", "abcdefghijklmnopB", "Zürich", "$0",
        ].map { Array($0.utf8) }
        return (0..<count).map { _ in
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 50...400, using: &generator) {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: bytes += Array("name\(Int.random(in: 0..<3000, using: &generator))".utf8)
                case 1: bytes += Array("aVeryLongIdentifierNumber\(Int.random(in: 0..<50, using: &generator))".utf8)
                case 2: bytes.append(UInt8.random(in: 0x80...0xFF, using: &generator))
                default: bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                }
            }
            return bytes
        }
    }

    struct Shape: Equatable {
        var kind: SwiftToken.Kind, text: String, line: Int, column: Int, spaceBefore: Bool, interpolated: Bool, symbol: UInt8
        init(_ token: SwiftToken) {
            (kind, text, line, column) = (token.kind, token.text, token.line, token.column)
            (spaceBefore, interpolated, symbol) = (token.spaceBefore, token.interpolated, token.symbol)
        }
    }

    /// A table that has seen other files (and grown past its first 1,024 slots) gives each
    /// token the text a fresh table gives; one id is one text, an identifier's text is its
    /// bytes, decoded, and its id is its spelling's.
    @Test func aSharedTableLexesAsAFreshOne() throws {
        let sources = try Self.fixtureSources() + Self.randomSources(count: 300, seed: 17)
        var shared = SwiftNameTable()
        var textOfID: [Int32: String] = [:]
        var spellingOfID: [Int32: [UInt8]] = [:]
        var idOfSpelling: [[UInt8]: Int32] = [:]
        for bytes in sources {
            let tokens = SwiftLexer.tokenize(bytes, names: &shared)
            #expect(tokens.map(Shape.init) == SwiftLexer.tokenize(bytes).map(Shape.init))
            let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
            for token in tokens {
                if token.name >= 0 {
                    #expect(textOfID[token.name, default: token.text] == token.text)
                    textOfID[token.name] = token.text
                }
                let start = lineStarts[token.line - 1] + token.column - 1
                guard token.kind == .identifier, bytes[start] != UInt8(ascii: "`") else { continue }
                var end = start
                while end < bytes.count && SwiftLexer.isIdentifierByte(bytes[end]) { end += 1 }
                #expect(token.text == String(decoding: bytes[start..<end], as: UTF8.self))
                // One spelling, one id (texts may coincide: bytes that are not UTF-8 all decode to U+FFFD).
                let spelling = Array(bytes[start..<end])
                #expect(spellingOfID[token.name, default: spelling] == spelling && idOfSpelling[spelling, default: token.name] == token.name)
                (spellingOfID[token.name], idOfSpelling[spelling]) = (spelling, token.name)
            }
        }
        #expect(shared.count > 2_000)
    }

    /// The memo never skips a candidate the rules would report: wherever `Name.member` or
    /// `.member` gives references, the memo lets it through (one memo over every file, as a
    /// scan thread keeps it).
    @Test func theMemoSkipsOnlyWhatCannotBeAReference() throws {
        let sources = try Self.fixtureSources() + Self.randomSources(count: 100, seed: 5)
        let known: Set<String> = ["isRoundedAvatar", "isStoriesEnabled", "name7", "is_dark_mode_forced", "abcdefghijklmnopA"]
        let scanner = SwiftReferenceScanner(knownToggles: known)
        var names = SwiftNameTable()
        let files = sources.enumerated().map { SwiftReferenceScanner.LexedFile(path: "F\($0.offset).swift", tokens: SwiftLexer.tokenize($0.element, names: &names)) }
        let facts = scanner.collectFacts(fileCount: files.count) { files[$0] }
        var memo = SwiftReferenceScanner.NameMemo()
        var checked = 0
        for file in files {
            let tokens = file.tokens
            for i in tokens.indices {
                if tokens[i].kind == .identifier, i + 2 < tokens.count, tokens[i + 1].isPunctuation("."),
                    case .references = scanner.qualifiedMember(tokens, at: i, file: file.path, facts: facts)
                {
                    let admitted = memo.holds(.mayQualify, tokens[i], scanner: scanner, facts: facts)
                    #expect(admitted, "\(file.path): \(tokens[i].text).")
                    checked += 1
                }
                if tokens[i].isPunctuation("."), case .references = scanner.implicitMember(tokens, at: i, file: file.path, facts: facts) {
                    let admitted = scanner.couldBeImplicitMember(tokens, dot: i, facts: facts, memo: &memo)
                    #expect(admitted, "\(file.path): .\(tokens[i + 1].text)")
                    checked += 1
                }
            }
        }
        #expect(checked > 20)
    }

    /// A token is plain data (copying one retains nothing) that keeps its text after the table
    /// that lexed it is gone; texts are told apart by their bytes, so `café` in NFC and in NFD
    /// stay two spellings, and a name past 16 bytes that differs only in its last word is its own.
    @Test func tokensArePlainDataThatKeepTheirTextsSpelledAsWritten() {
        #expect(_isPOD(SwiftToken.self))
        #expect(MemoryLayout<SwiftToken>.stride == 24)
        let source = "let caf\u{E9} = \"cafe\u{301}\"; isRemoteFeature14Enabled + isRemoteFeature14Enablee + aVeryLongIdentifierNumber7"
        let tokens = SwiftLexer.tokenize(source)
        let texts = tokens.map(\.text)
        #expect(texts == ["let", "caf\u{E9}", "=", "cafe\u{301}", ";", "isRemoteFeature14Enabled", "+", "isRemoteFeature14Enablee", "+", "aVeryLongIdentifierNumber7"])
        #expect(Array(tokens[1].text.utf8) == Array("caf\u{E9}".utf8) && Array(tokens[3].text.utf8) == Array("cafe\u{301}".utf8))
        #expect(tokens[5].name != tokens[7].name)
        // Equal tokens by canonical equivalence, as when a token held its `String`.
        #expect(
            SwiftToken(kind: .string, text: "caf\u{E9}", line: 1, column: 1, spaceBefore: true)
                == SwiftToken(kind: .string, text: "cafe\u{301}", line: 1, column: 1, spaceBefore: true))
    }
}
