import LedgerCore
/// Pass 2: keys in JSON inside a string literal, as tests and previews carry a server's payload:
/// `let togglesJson = """ [ { "key": "enable_expression_params", "enabled": true } ] """`. A
/// quoted run is a key reference only when it is a JSON member's key or value (a colon after or
/// before it) and exactly a key (a name the log knows, a declared case's key, or a key linked to
/// a property found by shape): other spellings of a name are words in text as often as keys, and
/// code quoted in a literal (`"remoteConfig[\"k\"]"`) is not code.
extension SwiftReferenceScanner {
    /// The runs between pairs of double quotes in a literal's text that are JSON members' keys or
    /// values, each with the offset of its first byte. Only a simple literal has text (one with an escape has none), so no quote is escaped.
    static func quotedRuns(in text: String) -> [(text: String, offset: Int)] {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(UInt8(ascii: "\"")) else { return [] }
            var runs: [(text: String, offset: Int)] = []
            var open: Int?
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\"") {
                if let start = open {
                    if isJSONMember(bytes, open: start, close: index) {
                        runs.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index]), as: UTF8.self), start + 1))
                    }
                    open = nil
                } else {
                    open = index
                }
            }
            return runs
        }
    }

    /// Whether the quoted run between `open` and `close` is a JSON object's key (`"k": …`) or the
    /// value of a member named for keys (`"key": "k"`): a colon after it or before it, past blanks. Code or text
    /// quoted in a literal (`remoteConfig["k"]`, `say "k"`) is not a key.
    private static func isJSONMember(_ bytes: UnsafeBufferPointer<UInt8>, open: Int, close: Int) -> Bool {
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var after = close + 1
        while after < bytes.count, blank(bytes[after]) { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return true }
        var before = open - 1
        while before >= 0, blank(bytes[before]) { before -= 1 }
        guard before >= 0, bytes[before] == UInt8(ascii: ":") else { return false }
        // A value only under a member named for keys (`"key": "k"`, `"flagKey": "k"`):
        // `"action": "sync"` or `"type": "search"` is data that happens to spell a toggle.
        var memberEnd = before - 1
        while memberEnd >= 0, blank(bytes[memberEnd]) { memberEnd -= 1 }
        guard memberEnd >= 0, bytes[memberEnd] == UInt8(ascii: "\"") else { return false }
        var memberStart = memberEnd - 1
        while memberStart >= 0, bytes[memberStart] != UInt8(ascii: "\"") { memberStart -= 1 }
        guard memberStart >= 0 else { return false }
        let member = String(decoding: UnsafeBufferPointer(rebasing: bytes[(memberStart + 1)..<memberEnd]), as: UTF8.self).lowercased()
        return ["key", "flag", "feature", "toggle", "experiment", "param"].contains { member.contains($0) }
    }

    /// The keys quoted in the string literal at `i`, each on its own line of a multi-line literal.
    func quotedKeys(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts) -> RuleOutcome {
        let token = tokens[i]
        let bytes = Array(token.text.utf8)
        var references: [CodeReference] = []
        for run in Self.quotedRuns(in: token.text) {
            guard let key = facts.keyNames.contains(run.text) ? run.text : facts.aliasKeys[run.text] else { continue }
            // The literal's text starts on the token's line; each newline before the run moves it down.
            var line = token.line
            var lineStart = -1
            for index in 0..<run.offset where bytes[index] == 0x0A {
                line += 1
                lineStart = index
            }
            let column = lineStart < 0 ? token.column : run.offset - 1 - lineStart
            var reference = CodeReference(toggle: key, kind: .stringKey, file: file, line: line, column: column, symbol: "\"\(run.text)\" quoted in a string literal")
            reference.form = "quoted key"
            references.append(reference)
        }
        return references.isEmpty ? .notApplicable : .references(references)
    }
}
