import Testing
@testable import SwiftSource
import TestSupport

/// Issue 27 (speed): pass 1 decides which files to lex in one pass over their bytes, where it
/// made three (`enum`, `static`, then the declarations whose names hold a toggle word).
@Suite struct DeclarationPrefilterTests {
    /// The three searches it replaces, written plainly, byte by byte: the oracle shares no code
    /// with the vector pass it checks, only the name test both call.
    static func threePasses(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            SwiftSourceScan.contains(buffer, "enum") || SwiftSourceScan.contains(buffer, "static") || declarationByBytes(buffer)
                || boolQueryByBytes(buffer)
        }
    }

    /// `Feature) -> Bool`: a Bool query taking a type whose name holds a toggle word.
    static func boolQueryByBytes(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let arrow = Array("-> Bool".utf8)
        for position in buffer.indices
        where position + arrow.count <= buffer.count
            && buffer[position..<(position + arrow.count)].elementsEqual(arrow)
        {
            var close = position - 1
            while close >= 0, buffer[close] == UInt8(ascii: " ") || buffer[close] == UInt8(ascii: "\t") { close -= 1 }
            guard close >= 0, buffer[close] == UInt8(ascii: ")") else { continue }
            var start = close
            while start > 0, SwiftLexer.isIdentifierByte(buffer[start - 1]) { start -= 1 }
            if start < close, ToggleTypeDiscovery.nameHoldsToggleWord(buffer, from: start, afterKeyword: false) { return true }
        }
        return false
    }

    static func declarationByBytes(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let words = ["struct", "class", "protocol", "extension", "actor", "@"].map { Array($0.utf8) }
        for position in buffer.indices {
            for word in words
            where position + word.count <= buffer.count
                && buffer[position..<(position + word.count)].elementsEqual(word)
            {
                let isAttribute = word.count == 1
                if !isAttribute, position > 0, SwiftLexer.isIdentifierByte(buffer[position - 1]) { continue }
                if ToggleTypeDiscovery.nameHoldsToggleWord(buffer, from: position + word.count, afterKeyword: !isAttribute) { return true }
            }
        }
        return false
    }

    /// Random text with words and near misses planted at every offset, near the 16-byte blocks'
    /// edges and the end: the one pass answers as the three did.
    @Test func answersAsTheThreeSearchesDid() {
        var generator = SeededGenerator(seed: 27)
        let alphabet = Array("ab xyz\n\t{}().:_1".utf8)
        let planted = [
            "enum", "enu", "static", "stati", "struct Flags", "struct Flag", "struct Point", "xstruct Flags", "class FeatureX",
            "class Feature", "protocol Toggles", "extension ExperimentKit", "extension Kit", "actor Switches", "actor Actor",
            "@Feature", "@propertyWrapper", "@objc", "@", "struct\tToggle", "structFlag", "eNum", "Static",
            "(Feature) -> Bool", "(_ f: Flags)\t-> Bool", "(Point) -> Bool", "(Flag) -> Int", "Toggle)-> Bool", ") -> Bool", "-> Boo",
        ]
        var seen = (yes: 0, no: 0)
        for _ in 0..<4000 {
            var bytes = (0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let word = Array(planted.randomElement(using: &generator)!.utf8)
                let at = Int.random(in: 0...bytes.count, using: &generator)
                bytes.insert(contentsOf: word, at: at)
            }
            let expected = Self.threePasses(bytes)
            if expected { seen.yes += 1 } else { seen.no += 1 }
            #expect(bytes.withUnsafeBufferPointer { SwiftSourceScan.mayDeclare($0) } == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        #expect(seen.yes > 500 && seen.no > 500, "both answers are tried: \(seen)")
        for word in ["enum", "static", "struct Flags {", "@Feature var", "(Feature) -> Bool"] {
            for offset in 0..<40 {
                let bytes = Array(repeating: UInt8(ascii: " "), count: offset) + Array(word.utf8) + Array(repeating: UInt8(ascii: " "), count: 40 - offset)
                #expect(bytes.withUnsafeBufferPointer { SwiftSourceScan.mayDeclare($0) }, "\(word) at \(offset)")
                #expect(
                    bytes.withUnsafeBufferPointer { SwiftSourceScan.mayDeclare(UnsafeBufferPointer(rebasing: $0[..<(offset + 3)])) }
                        == Self.threePasses(Array(bytes[..<(offset + 3)])))
            }
        }
    }
}
