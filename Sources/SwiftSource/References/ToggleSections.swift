/// The feature-flag sections of a file, for ``ToggleTypeDiscovery``: `// MARK: - Feature Flags`
/// is how a settings type groups its toggles among its other properties (Xcode shows the MARK
/// in its outline), so the section is the toggles' declaration when no type is named for them.
/// The lexer drops comments; this reads the bytes of the files pass 1 lexes, and only those
/// holding `MARK:`.
extension ToggleTypeDiscovery {
    /// The line ranges under a `// MARK:` comment whose title names flags, toggles or
    /// experiments, each up to the line before the next MARK (or the end of the file).
    package static func toggleSections(_ bytes: UnsafeBufferPointer<UInt8>) -> [ClosedRange<Int>] {
        guard SwiftSourceScan.contains(bytes, "MARK:") else { return [] }
        var marks: [(line: Int, namesToggles: Bool)] = []
        var line = 1
        var lineStart = 0
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            } else if byte == UInt8(ascii: "M"), position + 5 <= bytes.count, bytes[position + 1] == UInt8(ascii: "A"),
                      bytes[position + 2] == UInt8(ascii: "R"), bytes[position + 3] == UInt8(ascii: "K"), bytes[position + 4] == UInt8(ascii: ":"),
                      isLineComment(bytes, from: lineStart, to: position) {
                var end = position + 5
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let title = String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 5)..<end]), as: UTF8.self).lowercased()
                marks.append((line, title.contains("flag") || title.contains("toggle") || title.contains("experiment")))
                position = end
                continue
            }
            position += 1
        }
        var sections: [ClosedRange<Int>] = []
        for (index, mark) in marks.enumerated() where mark.namesToggles {
            let last = index + 1 < marks.count ? marks[index + 1].line - 1 : Int.max
            if last >= mark.line { sections.append(mark.line...last) }
        }
        return sections
    }

    /// Whether the bytes from `start` to `end` on a line are blanks then `//` (and anything after).
    private static func isLineComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var i = start
        while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return i + 1 < end && bytes[i] == UInt8(ascii: "/") && bytes[i + 1] == UInt8(ascii: "/")
    }
}
