/// Which files pass 1 lexes for ``ToggleTypeDiscovery``, from their bytes: a file without
/// `enum` was not lexed in pass 1 before discovery, and lexing every file there would cost a
/// third of a scan. A file is lexed when a `struct`, `class`, `protocol`, `extension` or `actor`
/// declaration or an `@` attribute is followed by a name holding flag, feature, toggle,
/// experiment or switch (any case): where a toggle type, its Bool query or a wrapped toggle
/// property can be declared.
extension ToggleTypeDiscovery {
    private static let declarationWords: [StaticString] = ["struct", "class", "protocol", "extension", "actor", "@"]

    package static func mayDeclare(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for word in declarationWords where occurs(word, in: bytes, followedByToggleName: true) { return true }
        return false
    }

    /// Whether `word` occurs at a word start in `bytes` followed by a name holding a toggle word:
    /// the word's first and last bytes are compared 16 positions at a time, as
    /// `SwiftSourceScan.contains` does, the rest only where both match.
    private static func occurs(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, followedByToggleName: Bool) -> Bool {
        let count = word.utf8CodeUnitCount
        guard count > 0, bytes.count > count, let base = bytes.baseAddress else { return false }
        let needle = word.utf8Start
        let isAttribute = needle[0] == UInt8(ascii: "@")
        func matches(at position: Int) -> Bool {
            for offset in 0..<count where base[position + offset] != needle[offset] { return false }
            if !isAttribute, position > 0, SwiftLexer.isIdentifierByte(base[position - 1]) { return false }
            return nameHoldsToggleWord(bytes, from: position + count, afterKeyword: !isAttribute)
        }
        let raw = UnsafeRawPointer(base)
        let first = SIMD16<UInt8>(repeating: needle[0])
        let last = SIMD16<UInt8>(repeating: needle[count - 1])
        var start = 0
        while start + 15 + count <= bytes.count {
            let heads = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
            let tails = raw.loadUnaligned(fromByteOffset: start + count - 1, as: SIMD16<UInt8>.self)
            if any((heads .== first) .& (tails .== last)) {
                for position in start..<(start + 16) where matches(at: position) { return true }
            }
            start += 16
        }
        while start + count <= bytes.count {
            if matches(at: start) { return true }
            start += 1
        }
        return false
    }

    /// The name after `position` (after blanks when a keyword precedes it) holds a toggle word.
    private static func nameHoldsToggleWord(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int, afterKeyword: Bool) -> Bool {
        var start = position
        if afterKeyword {
            guard start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 else { return false }
            while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        }
        var end = start
        while end < bytes.count, end - start < 128, SwiftLexer.isIdentifierByte(bytes[end]) { end += 1 }
        guard end > start else { return false }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !afterKeyword, name.elementsEqual("propertyWrapper".utf8) { return true }
        return toggleWordBytes.contains { word in
            guard name.count >= word.count else { return false }
            for offset in 0...(name.count - word.count) {
                var matched = 0
                while matched < word.count, name[offset + matched] | 0x20 == word[matched] { matched += 1 }
                if matched == word.count { return true }
            }
            return false
        }
    }

    private static let toggleWordBytes: [[UInt8]] = toggleWords.map { Array($0.utf8) }
}
