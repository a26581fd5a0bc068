/// The feature-flag sections of a file, for ``ToggleTypeDiscovery``: `// MARK: - Feature Flags`
/// is how a settings type groups its toggles among its other properties (Xcode shows the MARK
/// in its outline), so the section is the toggles' declaration when no type is named for them.
/// The lexer drops comments; this reads the bytes of the files pass 1 lexes, and only those
/// holding `MARK:`.
extension ToggleTypeDiscovery {
    /// The line ranges under a `// MARK:` comment whose title names flags, toggles or
    /// experiments, each up to the line before the next MARK (or the end of the file).
    static func toggleSections(_ bytes: UnsafeBufferPointer<UInt8>) -> [ClosedRange<Int>] {
        guard SwiftSourceScan.contains(bytes, "MARK:") else { return [] }
        var marks: [(line: Int, namesToggles: Bool)] = []
        var line = 1
        var lineStart = 0
        var position = 0
        // A `// MARK:` line inside a block comment or a multi-line string is text, not the
        // outline's MARK: Xcode does not show it, and its "flags" title names no section.
        var commentDepth = 0
        var multilineStringHashes: Int?
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
                position += 1
                continue
            }
            if commentDepth > 0 {
                if starts(bytes, position, "/*") {
                    commentDepth += 1
                    position += 2
                } else if starts(bytes, position, "*/") {
                    commentDepth -= 1
                    position += 2
                } else {
                    position += 1
                }
                continue
            }
            if let hashes = multilineStringHashes {
                if byte == UInt8(ascii: "\\"), hashes == 0, isEscaping(bytes, position) {
                    position += 2
                } else if starts(bytes, position, "\"\"\""), closes(bytes, position + 3, hashes: hashes) {
                    multilineStringHashes = nil
                    position += 3 + hashes
                } else {
                    position += 1
                }
                continue
            }
            if starts(bytes, position, "//") {
                var end = position + 2
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if isBlank(bytes, from: lineStart, to: position), let mark = markTitle(bytes, from: position + 2, to: end) {
                    marks.append((line, mark.contains("flag") || mark.contains("toggle") || mark.contains("experiment")))
                }
                position = end
            } else if starts(bytes, position, "/*") {
                commentDepth = 1
                position += 2
            } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
                var hashes = 0
                while position + hashes < bytes.count, bytes[position + hashes] == UInt8(ascii: "#") { hashes += 1 }
                let quote = position + hashes
                if starts(bytes, quote, "\"\"\"") {
                    multilineStringHashes = hashes
                    position = quote + 3
                } else if quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") {
                    position = endOfSingleLineString(bytes, from: quote + 1, hashes: hashes)
                } else {
                    position = quote
                }
            } else {
                position += 1
            }
        }
        var sections: [ClosedRange<Int>] = []
        for (index, mark) in marks.enumerated() where mark.namesToggles {
            let last = index + 1 < marks.count ? marks[index + 1].line - 1 : Int.max
            if last >= mark.line { sections.append(mark.line...last) }
        }
        return sections
    }

    /// The lower-cased title after `MARK:` in the comment text from `start` to `end`, if it holds one.
    private static func markTitle(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
        var position = start
        while position + 5 <= end {
            if starts(bytes, position, "MARK:") {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 5)..<end]), as: UTF8.self).lowercased()
            }
            position += 1
        }
        return nil
    }

    /// Past the closing quote (and its `#`s) of a one-line string whose text starts at `start`,
    /// or the line's end: a string never spans a line break, so a stray quote costs one line.
    private static func endOfSingleLineString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, hashes: Int) -> Int {
        var position = start
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
            if bytes[position] == UInt8(ascii: "\\"), hashes == 0, isEscaping(bytes, position) {
                position += 2
            } else if bytes[position] == UInt8(ascii: "\""), closes(bytes, position + 1, hashes: hashes) {
                return position + 1 + hashes
            } else {
                position += 1
            }
        }
        return min(position, bytes.count)
    }

    /// Whether the backslash at `position` escapes the next byte on its line (not a line
    /// continuation, whose line break must still be counted).
    private static func isEscaping(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int) -> Bool {
        position + 1 < bytes.count && bytes[position + 1] != UInt8(ascii: "\n")
    }

    /// Whether `hashes` `#`s follow at `position`: what closes a raw string opened with as many.
    private static func closes(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int, hashes: Int) -> Bool {
        guard position + hashes <= bytes.count else { return false }
        for offset in 0..<hashes where bytes[position + offset] != UInt8(ascii: "#") { return false }
        return true
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position >= 0, position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// Whether the bytes from `start` to `end` on a line are blanks only.
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var i = start
        while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return i == end
    }
}
