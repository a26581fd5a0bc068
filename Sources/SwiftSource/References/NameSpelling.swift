/// How one toggle name is spelled across a code base: the log may say `system_messages` while
/// the code declares `case systemMessages = "system-messages"`, or the log says
/// `discussionsEnabled` while a plist key is `DISCUSSIONS_ENABLED`. Every spelling of a name is
/// the same sequence of lower-cased words; the scanner matches a token against the spellings
/// ``variants(of:)`` lists (the reference prefilter searches those very bytes, so a spelling
/// not listed here is never looked for anywhere).
enum NameSpelling {
    /// The words of a name, lower-cased: split at `_` and `-`, before an upper-case letter
    /// that follows a lower-case letter or a digit, and before the last capital of a run of
    /// capitals followed by a lower-case letter (`isURLEnabled` → is, url, enabled).
    package static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, !current.isEmpty, index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current += character.lowercased()
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The form every spelling of a name shares: its words joined by `_` (`systemMessages`,
    /// `system-messages`, `SYSTEM_MESSAGES` → `system_messages`).
    package static func normalized(_ name: String) -> String {
        words(name).joined(separator: "_")
    }

    /// The spellings a name is looked for in: itself, camelCase, snake_case, kebab-case and
    /// SCREAMING_SNAKE_CASE. Not PascalCase: that is how a type is named, not a toggle.
    package static func variants(of name: String) -> [String] {
        let words = words(name)
        guard !words.isEmpty else { return [name] }
        let camel = words.enumerated().map { $0 == 0 ? $1 : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
        let snake = words.joined(separator: "_")
        var result = [name]
        for variant in [camel, snake, words.joined(separator: "-"), snake.uppercased()] where !result.contains(variant) {
            result.append(variant)
        }
        return result
    }
}
