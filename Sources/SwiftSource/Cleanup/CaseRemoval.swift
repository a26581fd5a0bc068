/// Removes the toggle's enum case and the switch labels that name it: from a list
/// (`case .a, .x:` → `case .a:`, `case a, x` → `case a`), or the whole label with its body
/// (the whole `case x` line) when it names only the toggle.
struct CaseRemoval {
    let source: CleanupSource
    private var tokens: [SwiftToken] { source.tokens }
    typealias Refusal = BooleanFolding.Refusal

    func removeLabel(_ pattern: ClosedRange<Int>) throws(Refusal) -> ReadRewriter.Outcome {
        // Back to `case`, forward to `:`.
        var caseToken = pattern.lowerBound - 1
        while caseToken >= 0, !source.isIdentifier(caseToken, "case") { caseToken -= 1 }
        var colon = pattern.upperBound + 1
        while colon < tokens.count, !tokens[colon].isPunctuation(":") {
            if tokens[colon].kind == .punctuation, tokens[colon].text == "(" || tokens[colon].text == "[", source.partner[colon] > colon { colon = source.partner[colon] }
            if source.isIdentifier(colon, "where") { throw Refusal(reason: "a case label with a where clause") }
            colon += 1
        }
        guard caseToken >= 0, colon < tokens.count else { throw Refusal(reason: "a case label the cleanup cannot place") }
        let patterns = items(from: caseToken + 1, to: colon - 1)
        guard let position = patterns.firstIndex(where: { $0.0 == pattern.lowerBound }) else { throw Refusal(reason: "a case label the cleanup cannot place") }
        if patterns.count > 1 { return try dropping(position, of: patterns, rule: "pattern removed from a multi-pattern case label") }
        if caseToken > 0, source.isIdentifier(caseToken - 1, "fallthrough") {
            throw Refusal(reason: "the case before this label falls through into it")
        }
        // The label and its body, up to the next label or the switch's closing brace.
        var next = colon + 1
        while next < tokens.count {
            let token = tokens[next]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" || token.text == "{", source.partner[next] > next { next = source.partner[next] + 1; continue }
            if token.isPunctuation("}") { break }
            if token.kind == .identifier, token.text == "case" || token.text == "default", tokens[next - 1].line < token.line || tokens[next - 1].isPunctuation(";") { break }
            if token.isPunctuation("@"), source.isIdentifier(next + 1, "unknown") { break }
            next += 1
        }
        guard let stop = source.end(next - 1), source.isPlaceable(caseToken, next - 1) else { throw Refusal(reason: "a case body the cleanup cannot place") }
        return ReadRewriter.Outcome(edits: [source.removal(source.start(caseToken)..<stop)], rule: "case label naming only the toggle removed with its body")
    }

    func removeDeclaration(_ name: Int) throws(Refusal) -> ReadRewriter.Outcome {
        var caseToken = name - 1
        while caseToken >= 0, !source.isIdentifier(caseToken, "case") {
            if tokens[caseToken].isPunctuation("{") || tokens[caseToken].isPunctuation("}") { throw Refusal(reason: "an enum case the cleanup cannot place") }
            caseToken -= 1
        }
        // The case list's items: `name`, `name(…)`, `name = value`.
        var entries: [(Int, Int)] = []
        var item = caseToken + 1
        while item < tokens.count, tokens[item].kind == .identifier {
            let begin = item
            item += 1
            if source.isPunctuation(item, "("), source.partner[item] > item { item = source.partner[item] + 1 }
            if source.isOperator(item, "=") { item += 2 }
            entries.append((begin, item - 1))
            guard source.isPunctuation(item, ",") else { break }
            item += 1
        }
        guard let position = entries.firstIndex(where: { $0.0 == name }), let stop = source.end(entries[entries.count - 1].1) else {
            throw Refusal(reason: "an enum case the cleanup cannot place")
        }
        if entries.count > 1 { return try dropping(position, of: entries, rule: "enum case removed from its case list") }
        try checkNotLastCase(caseToken)
        return ReadRewriter.Outcome(edits: [source.removal(source.start(caseToken)..<stop)], rule: "enum case declaration removed")
    }

    /// Swift rejects an enum with a raw type and no cases: the last case of one is refused.
    private func checkNotLastCase(_ caseToken: Int) throws(Refusal) {
        guard let open = source.enclosingBrace(of: caseToken) else { throw Refusal(reason: "an enum case the cleanup cannot place") }
        var enumToken = open - 1
        while enumToken >= 0, !source.isIdentifier(enumToken, "enum"), !tokens[enumToken].isPunctuation("}"), !tokens[enumToken].isPunctuation("{") { enumToken -= 1 }
        guard enumToken >= 0, source.isIdentifier(enumToken, "enum") else { return }
        let hasRawType = source.isPunctuation(enumToken + 2, ":")
        var depthInside = 0
        for index in (open + 1)..<source.partner[open] {
            if tokens[index].isPunctuation("{") { depthInside += 1 }
            if tokens[index].isPunctuation("}") { depthInside -= 1 }
            if depthInside == 0, index != caseToken, source.isIdentifier(index, "case") { return }
        }
        if hasRawType {
            throw Refusal(reason: "the last case of \(tokens[enumToken + 1].text), whose raw type Swift rejects on an enum without cases; remove the enum by hand")
        }
    }

    /// Removes `Flag.x.rawValue: value` from a dictionary literal (`[:]` when it was the only entry).
    func removeEntry(key: Int, colon: Int) throws(Refusal) -> ReadRewriter.Outcome {
        var open = key - 1
        while open >= 0, !tokens[open].isPunctuation("[") {
            if tokens[open].kind == .punctuation, tokens[open].text == ")" || tokens[open].text == "]", source.partner[open] >= 0 { open = source.partner[open] }
            open -= 1
        }
        guard open >= 0, source.partner[open] > colon else { throw Refusal(reason: "a dictionary entry the cleanup cannot place") }
        let entries = items(from: open + 1, to: source.partner[open] - 1).filter { $0.0 <= $0.1 }
        guard let position = entries.firstIndex(where: { $0.0 == key }) else { throw Refusal(reason: "a dictionary entry the cleanup cannot place") }
        let value = (colon + 1, entries[position].1)
        guard value.0 <= value.1, BooleanFolding(source: source, reads: [], keep: true).isPure(value.0, value.1) else {
            throw Refusal(reason: "the dictionary entry's value calls something, which would no longer run")
        }
        if entries.count == 1 {
            return ReadRewriter.Outcome(
                edits: [CleanupEdit((source.start(open) + 1)..<source.start(source.partner[open]), ":")], rule: "the only entry of a defaults dictionary removed")
        }
        return try dropping(position, of: entries, rule: "entry keyed by the toggle removed from a dictionary")
    }

    /// Splits tokens `first...last` at top-level commas.
    private func items(from first: Int, to last: Int) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        var begin = first
        var index = first
        while index <= last {
            if tokens[index].kind == .punctuation, tokens[index].text == "(" || tokens[index].text == "[", source.partner[index] > index {
                index = source.partner[index] + 1; continue
            }
            if tokens[index].isPunctuation(",") { found.append((begin, index - 1)); begin = index + 1 }
            index += 1
        }
        found.append((begin, last))
        return found
    }

    /// Removes entry `position` of a comma list with the comma that joins it.
    private func dropping(_ position: Int, of entries: [(Int, Int)], rule: String) throws(Refusal) -> ReadRewriter.Outcome {
        // A string with escapes or interpolation has no end the cleanup can place.
        guard let first = entries.first, let last = entries.last, source.isPlaceable(first.0, last.1) else {
            throw Refusal(reason: "a list holding a string the cleanup cannot place (escapes or interpolation)")
        }
        let range: Range<Int>
        if position + 1 < entries.count {
            range = source.start(entries[position].0)..<source.start(entries[position + 1].0)
        } else {
            range = source.end(entries[position - 1].1)!..<source.end(entries[position].1)!
        }
        return ReadRewriter.Outcome(edits: [CleanupEdit(range, "")], rule: rule)
    }
}
