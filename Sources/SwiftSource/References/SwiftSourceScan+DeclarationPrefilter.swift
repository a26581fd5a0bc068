/// Which files pass 1 lexes, from their bytes, in one pass: those holding `enum` or `static`
/// anywhere (a case, a key constant, another type's static member), a declaration or
/// attribute whose name holds a toggle word (``ToggleTypeDiscovery/nameHoldsToggleWord(_:from:afterKeyword:)``),
/// or a Bool query taking such a type (`(Feature) -> Bool`, `(_ f: Feature) -> Bool`). The three
/// searches were three passes over every file, 11% of a scan of the 5,000-file tree, most of
/// it in files that declare nothing.
extension SwiftSourceScan {
    /// Whether the bytes hold `enum` or `static` anywhere, a declaration word or `@` followed by a name holding a toggle word,
    /// or `Name) -> Bool` where the name holds one.
    ///
    /// 16 positions at a time: each word's first and second bytes and one more are compared as
    /// vectors (`MARK:` M-A-:, `enum` e-n-m, `static` s-t-i, `struct` s-t-t, `class` c-l-s, `protocol` p-r-l,
    /// `extension` e-x-n, `actor` a-c-r, `@`, and `->`), the rest only in the lanes where those match.
    static func mayDeclare(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        func splat(_ character: Unicode.Scalar) -> SIMD16<UInt8> { SIMD16(repeating: UInt8(ascii: character)) }
        let (e, n, m, x) = (splat("e"), splat("n"), splat("m"), splat("x"))
        let (s, t, i, c, l) = (splat("s"), splat("t"), splat("i"), splat("c"), splat("l"))
        let (p, r, a, at) = (splat("p"), splat("r"), splat("a"), splat("@"))
        let (capitalM, capitalA, colon) = (splat("M"), splat("A"), splat(":"))
        let (minus, greater) = (splat("-"), splat(">"))
        var start = 0
        // The farthest byte compared (`extension`'s `n`) is 8 after a word's start.
        while start + 16 + 8 <= bytes.count {
            let h0 = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
            let h1 = raw.loadUnaligned(fromByteOffset: start + 1, as: SIMD16<UInt8>.self)
            let h3 = raw.loadUnaligned(fromByteOffset: start + 3, as: SIMD16<UInt8>.self)
            let h4 = raw.loadUnaligned(fromByteOffset: start + 4, as: SIMD16<UInt8>.self)
            let h5 = raw.loadUnaligned(fromByteOffset: start + 5, as: SIMD16<UInt8>.self)
            let h7 = raw.loadUnaligned(fromByteOffset: start + 7, as: SIMD16<UInt8>.self)
            let h8 = raw.loadUnaligned(fromByteOffset: start + 8, as: SIMD16<UInt8>.self)
            let eWords = (h0 .== e) .& (((h1 .== n) .& (h3 .== m)) .| ((h1 .== x) .& (h8 .== n)))
            let sWords = (h0 .== s) .& (h1 .== t) .& ((h4 .== i) .| (h5 .== t))
            let others =
                ((h0 .== c) .& (h1 .== l) .& (h4 .== s)) .| ((h0 .== p) .& (h1 .== r) .& (h7 .== l))
                .| ((h0 .== a) .& (h1 .== c) .& (h4 .== r)) .| (h0 .== at) .| ((h0 .== capitalM) .& (h1 .== capitalA) .& (h4 .== colon))
                .| ((h0 .== minus) .& (h1 .== greater))
            // The lanes as two words of 0x00/0xFF bytes: `any(_:)` on a mask was a call per block.
            let lanes = unsafeBitCast(eWords .| sWords .| others, to: SIMD2<UInt64>.self)
            for half in 0..<2 {
                var word = lanes[half]
                while word != 0 {
                    let lane = word.trailingZeroBitCount / 8
                    if declares(bytes, at: start + half * 8 + lane) { return true }
                    word &= ~(0xFF << UInt64(lane * 8))
                }
            }
            start += 16
        }
        while start < bytes.count {
            if declares(bytes, at: start) { return true }
            start += 1
        }
        return false
    }

    /// Whether the rest of a MARK line (its first 200 bytes) says flag, toggle or experiment, in any case:
    /// the other MARKs (`// MARK: - Lifecycle`) are in most files and declare nothing.
    private static func markTitleNamesToggles(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var end = start
        while end < bytes.count, end - start < 200, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let title = UnsafeBufferPointer(rebasing: bytes[start..<end])
        return markWords.contains { word in
            guard title.count >= word.count else { return false }
            return (0...(title.count - word.count)).contains { offset in
                word.indices.allSatisfy { title[offset + $0] | 0x20 == word[$0] }
            }
        }
    }

    /// `Feature) -> Bool`: the name just before the `)` ending the parameters (blanks between `)` and `->`) holds a toggle word.
    static func namesToggleTypeBeforeParenthesis(_ bytes: UnsafeBufferPointer<UInt8>, arrow: Int) -> Bool {
        var close = arrow - 1
        while close >= 0, bytes[close] == 0x20 || bytes[close] == 0x09 { close -= 1 }
        guard close > 0, bytes[close] == UInt8(ascii: ")") else { return false }
        var start = close
        while start > 0, close - start < 128, SwiftLexer.isIdentifierByte(bytes[start - 1]) { start -= 1 }
        return start < close && ToggleTypeDiscovery.nameHoldsToggleWord(bytes, from: start, afterKeyword: false)
    }

    private static let markWords: [[UInt8]] = ["flag", "toggle", "experiment"].map { Array($0.utf8) }

    private static let keywords: [StaticString] = ["struct", "class", "protocol", "extension", "actor"]

    /// Whether `enum` or `static` starts at `position`, or a declaration or attribute whose name holds a toggle word.
    private static func declares(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        func spells(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
            return true
        }
        if spells("enum") || spells("static") { return true }
        // `// MARK: - Feature Flags` in any type: its Bools are toggles (ToggleTypeDiscovery+Sections.swift).
        if spells("MARK:") { return markTitleNamesToggles(bytes, from: position + 5) }
        if bytes[position] == UInt8(ascii: "@") { return ToggleTypeDiscovery.nameHoldsToggleWord(bytes, from: position + 1, afterKeyword: false) }
        // `var isFeatureEnabled: (Feature) -> Bool` in a file that declares nothing else: a Bool
        // query taking a type named for toggles (ToggleShapeCollector.swift), wherever that type is.
        if spells("-> Bool") { return namesToggleTypeBeforeParenthesis(bytes, arrow: position) }
        for keyword in keywords where spells(keyword) {
            if position > 0, SwiftLexer.isIdentifierByte(bytes[position - 1]) { return false }
            return ToggleTypeDiscovery.nameHoldsToggleWord(bytes, from: position + keyword.utf8CodeUnitCount, afterKeyword: true)
        }
        return false
    }
}
