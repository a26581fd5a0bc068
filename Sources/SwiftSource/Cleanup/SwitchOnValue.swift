/// A `switch` on the toggle's value whose labels are the literals `true`/`false` (or
/// `default`): the body of the label that matches the kept value takes the switch's place.
struct SwitchOnValue {
    let source: CleanupSource
    private var tokens: [SwiftToken] { source.tokens }
    typealias Refusal = BooleanFolding.Refusal

    /// Rewrites `switch <value> { … }` whose `switch` keyword is at `keyword` and `{` at `open`.
    func keep(_ value: Bool, keyword: Int, open: Int) throws(Refusal) -> ReadRewriter.Outcome {
        let close = source.partner[open]
        guard close > open else { throw Refusal(reason: "a switch body the cleanup cannot find") }
        let labels = try self.labels(open: open, close: close)
        // Swift takes the first label that matches; `default` only when none does.
        let wanted = value ? "true" : "false"
        guard let chosen = labels.first(where: { $0.patterns.contains(wanted) }) ?? labels.first(where: { $0.patterns.isEmpty }) else {
            throw Refusal(reason: "a switch on the toggle's value with no label for \(wanted)")
        }
        let bodyTokens = chosen.colon..<chosen.end
        // `break` leaves the switch and `fallthrough` runs the next label: once un-nested, either
        // would mean something else.
        for index in (chosen.colon + 1)..<chosen.end where source.isIdentifier(index, "fallthrough") || source.isIdentifier(index, "break") {
            let onlyBreak = source.isIdentifier(index, "break") && index == chosen.colon + 1 && index + 1 == chosen.end
            if !onlyBreak {
                throw Refusal(reason: "the matching case of a switch on the toggle's value holds \(tokens[index].text), which would mean something else once un-nested")
            }
        }
        let statement = source.start(keyword)..<source.end(close)!
        let onlyBreak = chosen.colon + 2 == chosen.end && source.isIdentifier(chosen.colon + 1, "break")
        if chosen.colon + 1 == chosen.end || onlyBreak {
            return ReadRewriter.Outcome(edits: [source.removal(statement)], rule: "switch on the toggle's value: the matching case does nothing, switch removed")
        }
        // The body's bytes: after the `:` to the next label's line (or the `}` on the same line).
        let bodyStart = source.end(chosen.colon)!
        let endOffset = source.start(chosen.end)
        let inner: Range<Int>
        if tokens[chosen.colon].line == tokens[chosen.end].line {
            inner = bodyStart..<endOffset
        } else {
            guard source.onlySpaceBefore(endOffset) else { throw Refusal(reason: "a switch case the cleanup cannot place") }
            inner = bodyStart..<source.lineStart(endOffset)
        }
        let chain = IfChain(source: source)
        let tail = BlockTail(source: source)
        if tail.exits(open: bodyTokens.lowerBound, close: bodyTokens.upperBound), try tail.boundary(after: close) > close + 1 {
            guard let body = try chain.unnested(bytes: inner, tokens: bodyTokens, statement: keyword, laterFrom: nil) else {
                throw Refusal(reason: "a switch case the cleanup cannot place")
            }
            return ReadRewriter.Outcome(
                edits: [try tail.replacingRest(from: keyword, endingAt: close, with: body)],
                rule: "switch on the toggle's value: the matching case kept, un-nested; the code after it, which could no longer run, removed")
        }
        guard let body = try chain.unnested(bytes: inner, tokens: bodyTokens, statement: keyword, laterFrom: close + 1) else {
            return ReadRewriter.Outcome(edits: [source.removal(statement)], rule: "switch on the toggle's value: the matching case does nothing, switch removed")
        }
        return ReadRewriter.Outcome(edits: [CleanupEdit(statement, body)], rule: "switch on the toggle's value: the matching case kept, un-nested")
    }

    struct Label {
        /// `true`/`false` for each pattern; empty for `default`.
        var patterns: [String]
        var colon: Int
        /// The next label's first token, or the switch's `}`.
        var end: Int
    }

    /// The labels of the switch `open...close`; refused unless each is `case true`, `case false`,
    /// a list of them, or `default`.
    private func labels(open: Int, close: Int) throws(Refusal) -> [Label] {
        var starts: [Int] = []
        var index = open + 1
        while index < close {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" || token.text == "{", source.partner[index] > index {
                index = source.partner[index] + 1
                continue
            }
            let previous = tokens[index - 1]
            let startsStatement = index == open + 1 || previous.line < token.line || previous.isPunctuation(";")
            if token.kind == .identifier, token.text == "case" || token.text == "default", startsStatement,
                !(previous.isPunctuation(",") || ["if", "guard", "while", "for"].contains(where: { source.isIdentifier(index - 1, $0) }))
            {
                starts.append(index)
            }
            if token.isPunctuation("@") || token.isPunctuation("#") {
                throw Refusal(reason: "a switch on the toggle's value with \(token.text)\(index + 1 < close ? tokens[index + 1].text : "") inside")
            }
            index += 1
        }
        guard starts.first == open + 1 else { throw Refusal(reason: "a switch on the toggle's value the cleanup cannot read") }
        var labels: [Label] = []
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] : close
            var patterns: [String] = []
            var colon = start + 1
            if source.isIdentifier(start, "case") {
                while colon < end, !tokens[colon].isPunctuation(":") {
                    let text = tokens[colon].text
                    if tokens[colon].kind == .identifier, text == "true" || text == "false" {
                        patterns.append(text)
                    } else if !tokens[colon].isPunctuation(",") {
                        throw Refusal(reason: "a switch on the toggle's value with a label other than the literals true and false (\(text))")
                    }
                    colon += 1
                }
            }
            guard source.isPunctuation(colon, ":") else { throw Refusal(reason: "a switch on the toggle's value the cleanup cannot read") }
            labels.append(Label(patterns: patterns, colon: colon, end: end))
        }
        return labels
    }
}
