/// Which files pass 1 lexes for ``ToggleTypeDiscovery``, from their bytes: a file without
/// `enum` was not lexed in pass 1 before discovery, and lexing every file there would cost a
/// third of a scan. A file is lexed when a `struct`, `class`, `protocol`, `extension` or `actor`
/// declaration or an `@` attribute is followed by a name holding flag, feature, toggle,
/// experiment or switch (any case): where a toggle type, its Bool query or a wrapped toggle
/// property can be declared.
extension ToggleTypeDiscovery {
    private static let declarationWords: [StaticString] = ["struct", "class", "protocol", "extension", "actor", "@"]

    /// One pass over the bytes for every word at once: 16 positions at a time, each word's first,
    /// second and last bytes compared as vectors (the loads of the first two shared), the rest
    /// only in the lanes where all three match. Six passes of ``SwiftSourceScan/contains(_:_:)``
    /// cost 17% of a scan of files without `enum`.
    package static func mayDeclare(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        func matches(_ word: StaticString, at position: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            let needle = word.utf8Start
            for offset in 0..<count where base[position + offset] != needle[offset] { return false }
            let isAttribute = count == 1
            if !isAttribute, position > 0, SwiftLexer.isIdentifierByte(base[position - 1]) { return false }
            return nameHoldsToggleWord(bytes, from: position + count, afterKeyword: !isAttribute)
        }
        let at = SIMD16<UInt8>(repeating: UInt8(ascii: "@"))
        let s = SIMD16<UInt8>(repeating: UInt8(ascii: "s")), t = SIMD16<UInt8>(repeating: UInt8(ascii: "t"))
        let c = SIMD16<UInt8>(repeating: UInt8(ascii: "c")), l = SIMD16<UInt8>(repeating: UInt8(ascii: "l"))
        let p = SIMD16<UInt8>(repeating: UInt8(ascii: "p")), r = SIMD16<UInt8>(repeating: UInt8(ascii: "r"))
        let e = SIMD16<UInt8>(repeating: UInt8(ascii: "e")), x = SIMD16<UInt8>(repeating: UInt8(ascii: "x"))
        let n = SIMD16<UInt8>(repeating: UInt8(ascii: "n")), a = SIMD16<UInt8>(repeating: UInt8(ascii: "a"))
        var start = 0
        // The longest word (`extension`) ends 8 bytes after its start.
        while start + 16 + 8 <= bytes.count {
            let h0 = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
            let h1 = raw.loadUnaligned(fromByteOffset: start + 1, as: SIMD16<UInt8>.self)
            let h4 = raw.loadUnaligned(fromByteOffset: start + 4, as: SIMD16<UInt8>.self)
            let h5 = raw.loadUnaligned(fromByteOffset: start + 5, as: SIMD16<UInt8>.self)
            let h7 = raw.loadUnaligned(fromByteOffset: start + 7, as: SIMD16<UInt8>.self)
            let h8 = raw.loadUnaligned(fromByteOffset: start + 8, as: SIMD16<UInt8>.self)
            let structs = (h0 .== s) .& (h1 .== t) .& (h5 .== t)
            let classes = (h0 .== c) .& (h1 .== l) .& (h4 .== s)
            let protocols = (h0 .== p) .& (h1 .== r) .& (h7 .== l)
            let extensions = (h0 .== e) .& (h1 .== x) .& (h8 .== n)
            let actors = (h0 .== a) .& (h1 .== c) .& (h4 .== r)
            let attributes = h0 .== at
            let found = structs .| classes .| protocols .| extensions .| actors .| attributes
            if any(found) {
                for lane in 0..<16 where found[lane] {
                    let position = start + lane
                    if (attributes[lane] ? matches("@", at: position)
                        : structs[lane] ? matches("struct", at: position)
                        : classes[lane] ? matches("class", at: position)
                        : protocols[lane] ? matches("protocol", at: position)
                        : extensions[lane] ? matches("extension", at: position)
                        : matches("actor", at: position)) { return true }
                }
            }
            start += 16
        }
        while start < bytes.count {
            for word in declarationWords where matches(word, at: start) { return true }
            start += 1
        }
        return false
    }

    /// The name after `position` (after blanks when a keyword precedes it) holds a toggle word.
    static func nameHoldsToggleWord(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int, afterKeyword: Bool) -> Bool {
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

    /// `config` too: `extension OEXConfig` may declare key getters (KeyGetterRule.swift).
    private static let toggleWordBytes: [[UInt8]] = (toggleWords + ["config"]).map { Array($0.utf8) }
}
