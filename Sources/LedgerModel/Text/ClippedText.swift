/// Text from the log or a template shown inside a message or a table: a condition's
/// expression may be hundreds of kilobytes, and a warning that quotes it whole buries what it
/// says. The start is kept, with the length of what was cut.
package enum ClippedText {
    /// Characters kept of a longer text.
    package static let maximum = 240

    /// `text`, or its first ``maximum`` characters and `… (N more characters)`.
    package static func clip(_ text: String, maximum: Int = Self.maximum) -> String {
        // Counting UTF-8 first: most texts are short, and counting characters is slower.
        guard text.utf8.count > maximum else { return text }
        var index = text.startIndex
        var kept = 0
        while kept < maximum, index < text.endIndex {
            index = text.index(after: index)
            kept += 1
        }
        guard index < text.endIndex else { return text }
        let rest = text[index...].count
        return String(text[..<index]) + "… (\(rest) more character\(rest == 1 ? "" : "s"))"
    }
}
