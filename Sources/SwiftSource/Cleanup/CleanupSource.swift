/// One Swift file as the cleanup edits it: its bytes, the tokens ``SwiftLexer`` makes of them,
/// and where each token starts and ends in the bytes (the lexer gives lines and columns).
struct CleanupSource {
    var bytes: [UInt8]
    var tokens: [SwiftToken]
    /// The byte offset of each line's first byte.
    var lineStarts: [Int]
    /// For each bracket token, the index of its partner (-1 when unmatched or not a bracket).
    var partner: [Int]

    /// Throws for a file denser than ``SwiftLexer/maximumTokens(forBytes:)`` allows (memory).
    init(_ bytes: [UInt8]) throws(SwiftTokenLimitExceeded) {
        self.bytes = bytes
        tokens = try SwiftLexer.tokenizeFile(bytes)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
        partner = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for index in tokens.indices where tokens[index].kind == .punctuation {
            switch tokens[index].symbol {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): open.append(index)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let last = open.popLast() {
                    partner[last] = index
                    partner[index] = last
                }
            default: break
            }
        }
    }

    /// Byte offset of token `index`'s first byte.
    func start(_ index: Int) -> Int { lineStarts[tokens[index].line - 1] + tokens[index].column - 1 }

    /// Byte offset just past token `index`; nil for a string the lexer did not keep whole
    /// (escapes, interpolation, regex), whose end the cleanup cannot place.
    func end(_ index: Int) -> Int? {
        let token = tokens[index]
        let begin = start(index)
        switch token.kind {
        case .string:
            guard token.name >= 0, !token.interpolated else { return nil }
            var pounds = 0
            while begin + pounds < bytes.count && bytes[begin + pounds] == UInt8(ascii: "#") { pounds += 1 }
            let quotes = begin + pounds + 2 < bytes.count && bytes[begin + pounds + 1] == UInt8(ascii: "\"") && bytes[begin + pounds + 2] == UInt8(ascii: "\"") ? 3 : 1
            return begin + 2 * (pounds + quotes) + token.text.utf8.count
        case .identifier:
            return begin + token.text.utf8.count + (bytes[begin] == UInt8(ascii: "`") ? 2 : 0)
        default:
            return begin + token.text.utf8.count
        }
    }

    /// The `{` of the innermost braces around token `index`, or nil when there is none or its
    /// `}` is missing: the body a declaration stands in, searched backwards over nested blocks.
    func enclosingBrace(of index: Int) -> Int? {
        var open = index - 1
        var depth = 0
        while open >= 0 {
            if tokens[open].isPunctuation("}") { depth += 1 }
            if tokens[open].isPunctuation("{") {
                if depth == 0 { break }
                depth -= 1
            }
            open -= 1
        }
        guard open >= 0, partner[open] > open else { return nil }
        return open
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The source text of tokens `first...last`, or nil when a token's end is unknown.
    func text(tokens first: Int, _ last: Int) -> String? {
        guard let stop = end(last), isPlaceable(first, last) else { return nil }
        return text(start(first)..<stop)
    }

    /// Whether tokens `first...last` lie in source order with known ends (no interpolated
    /// string, whose code the lexer emits before the string token itself).
    func isPlaceable(_ first: Int, _ last: Int) -> Bool {
        guard first <= last else { return true }
        for index in first...last where tokens[index].kind == .string && end(index) == nil { return false }
        return true
    }

    func lineStart(_ offset: Int) -> Int {
        var position = offset
        while position > 0 && bytes[position - 1] != 0x0A { position -= 1 }
        return position
    }

    /// The offset of the line's `\n` (or the end of the file).
    func lineEnd(_ offset: Int) -> Int {
        var position = offset
        while position < bytes.count && bytes[position] != 0x0A { position += 1 }
        return position
    }

    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// Whether only spaces come between the line's start and `offset`.
    func onlySpaceBefore(_ offset: Int) -> Bool {
        bytes[lineStart(offset)..<offset].allSatisfy(isSpace)
    }

    /// Whether only spaces or a line comment come between `offset` and the line's end.
    func onlySpaceOrCommentAfter(_ offset: Int) -> Bool {
        var position = offset
        while position < bytes.count && isSpace(bytes[position]) { position += 1 }
        if position >= bytes.count || bytes[position] == 0x0A { return true }
        return position + 1 < bytes.count && bytes[position] == UInt8(ascii: "/") && bytes[position + 1] == UInt8(ascii: "/")
    }

    /// The leading spaces of the line holding `offset`.
    func indentation(at offset: Int) -> [UInt8] {
        let begin = lineStart(offset)
        var position = begin
        while position < bytes.count && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
        return Array(bytes[begin..<position])
    }

    func isBlankLine(from begin: Int) -> Bool {
        bytes[begin..<lineEnd(begin)].allSatisfy(isSpace)
    }

    /// Whether the line starting at `begin` holds only a `//` comment.
    func isCommentLine(from begin: Int) -> Bool {
        var position = begin
        while position < bytes.count && isSpace(bytes[position]) { position += 1 }
        return position + 1 < bytes.count && bytes[position] == UInt8(ascii: "/") && bytes[position + 1] == UInt8(ascii: "/")
    }

    /// Whether the line starting at `begin` is a section heading, `// MARK: - Flags` (Xcode's
    /// jump-bar mark; `// MARK -` too).
    func isMarkLine(from begin: Int) -> Bool {
        var position = begin
        while position < bytes.count && isSpace(bytes[position]) { position += 1 }
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: "/") else { return false }
        position += 2
        while position < bytes.count && isSpace(bytes[position]) { position += 1 }
        return bytes[position..<min(position + 4, bytes.count)].elementsEqual("MARK".utf8)
    }

    func isIdentifier(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier && tokens[index].text == text
    }

    func isOperator(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .operator && tokens[index].text == text
    }

    func isPunctuation(_ index: Int, _ mark: Unicode.Scalar) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].isPunctuation(mark)
    }
}

/// A replacement of `range` of a file's bytes by `text`.
struct CleanupEdit {
    var range: Range<Int>
    var text: [UInt8]

    init(_ range: Range<Int>, _ text: String) {
        self.range = range
        self.text = Array(text.utf8)
    }
}

extension CleanupSource {
    /// The bytes with `edits` applied (they must not overlap).
    func applying(_ edits: [CleanupEdit]) -> [UInt8]? {
        let sorted = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for edit in sorted {
            guard edit.range.lowerBound >= position else { return nil }
            result += bytes[position..<edit.range.lowerBound]
            result += edit.text
            position = edit.range.upperBound
        }
        result += bytes[position...]
        return result
    }

    /// Removes `range` as whole lines when it fills them (with a comment ending its last
    /// line and the comment lines right above it), then the blank line the removal would
    /// leave doubled or next to a brace.
    func removal(_ range: Range<Int>, withCommentsAbove: Bool = true) -> CleanupEdit {
        guard onlySpaceBefore(range.lowerBound), onlySpaceOrCommentAfter(range.upperBound) else {
            return inlineRemoval(range)
        }
        var begin = lineStart(range.lowerBound)
        var stop = min(lineEnd(range.upperBound) + 1, bytes.count)
        if withCommentsAbove {
            while begin > 0 {
                let previous = lineStart(begin - 1)
                // A `// MARK:` line heads the section the declaration sits in, not the declaration.
                guard isCommentLine(from: previous), !isMarkLine(from: previous) else { break }
                begin = previous
            }
        }
        // Blank-line debris: a blank line above and one below (or a brace next to one).
        let aboveBlank = begin > 0 && isBlankLine(from: lineStart(begin - 1))
        let belowBlank = stop < bytes.count && isBlankLine(from: stop)
        let aboveOpens = begin > 0 && lastCodeByte(before: begin - 1) == UInt8(ascii: "{")
        let belowCloses = stop < bytes.count && firstCodeByte(from: stop) == UInt8(ascii: "}")
        if belowBlank && (aboveBlank || aboveOpens) {
            stop = min(lineEnd(stop) + 1, bytes.count)
        } else if aboveBlank && (belowCloses || stop >= bytes.count) {
            begin = lineStart(begin - 1)
        }
        return CleanupEdit(begin..<stop, "")
    }

    /// Removes `range` from inside a line with the separator that belonged to it, so neither
    /// an empty statement nor a doubled space is left: `X; b` → `b`, `a; X }` → `a }`,
    /// `{ X }` → `{}`, `a X b` → `a b`.
    private func inlineRemoval(_ range: Range<Int>) -> CleanupEdit {
        var lower = range.lowerBound
        var upper = range.upperBound
        var spaceBefore = lower
        while spaceBefore > 0 && isSpace(bytes[spaceBefore - 1]) { spaceBefore -= 1 }
        let spaceAfter = firstNonSpace(from: upper)
        let before = spaceBefore > 0 ? bytes[spaceBefore - 1] : nil
        let after = spaceAfter < bytes.count ? bytes[spaceAfter] : nil
        if after == UInt8(ascii: ";") {
            upper = firstNonSpace(from: spaceAfter + 1)
        } else if before == UInt8(ascii: ";") {
            lower = spaceBefore - 1
        } else if before == UInt8(ascii: "{") && after == UInt8(ascii: "}") {
            lower = spaceBefore
            upper = spaceAfter
        } else if lower > spaceBefore {
            upper = spaceAfter
        }
        return CleanupEdit(lower..<upper, "")
    }

    private func firstNonSpace(from offset: Int) -> Int {
        var position = offset
        while position < bytes.count && isSpace(bytes[position]) { position += 1 }
        return position
    }

    private func lastCodeByte(before offset: Int) -> UInt8? {
        let line = bytes[lineStart(offset)..<offset]
        return line.last { !isSpace($0) }
    }

    private func firstCodeByte(from offset: Int) -> UInt8? {
        let position = firstNonSpace(from: offset)
        return position < bytes.count ? bytes[position] : nil
    }
}
