/// Rewrites one read of the toggle and the code that depended on it: the expression around
/// it is folded (``BooleanFolding``), then an `if`/`guard` whose condition became a literal
/// keeps only the branch that can still run.
struct ReadRewriter {
    let source: CleanupSource
    let reads: [ClosedRange<Int>]
    let keep: Bool
    typealias Refusal = BooleanFolding.Refusal

    struct Outcome {
        var edits: [CleanupEdit]
        var rule: String
    }

    private var folding: BooleanFolding { BooleanFolding(source: source, reads: reads, keep: keep) }
    private var tokens: [SwiftToken] { source.tokens }

    func rewrite(_ read: ClosedRange<Int>) throws(Refusal) -> Outcome {
        let (first, last) = bounds(read)
        if let keyword = conditionKeyword(before: first) {
            return try rewriteCondition(keyword)
        }
        let folded = try folding.fold(first, last)
        if case .constant(let value) = folded, source.isIdentifier(first - 1, "switch"), source.isPunctuation(last + 1, "{") {
            return try SwitchOnValue(source: source).keep(value, keyword: first - 1, open: last + 1)
        }
        let range = source.start(first)..<source.end(last)!
        let text = folding.render(folded, above: 0)
        // `x = cond ? y : x` became `x = x`: Swift rejects assigning a variable to itself, and it does nothing.
        if source.isOperator(first - 1, "="), let statement = statementStart(before: first - 1),
            let target = source.text(tokens: statement, first - 2), target == text
        {
            return Outcome(edits: [source.removal(source.start(statement)..<range.upperBound, withCommentsAbove: false)], rule: "assignment of a variable to itself removed")
        }
        let rule = if case .constant = folded { "read replaced by \(text)" } else { "read folded into the expression" }
        return Outcome(edits: [CleanupEdit(range, text)], rule: rule)
    }

    // MARK: - The expression around a read

    /// The tokens of the expression holding the read: out to the nearest delimiter on each
    /// side (a statement's keyword, `=`, `,`, `:`, a bracket that is not a grouping
    /// parenthesis, a line break that does not continue the expression).
    func bounds(_ read: ClosedRange<Int>) -> (Int, Int) {
        var first = read.lowerBound
        var groups: [Int] = []
        while first > 0 {
            let index = first - 1
            let token = tokens[index]
            if breaksLine(between: index, and: first) { break }
            if token.kind == .punctuation {
                if (token.text == ")" || token.text == "]"), source.partner[index] >= 0, source.partner[index] < index {
                    first = source.partner[index]
                    continue
                }
                if token.text == "." {
                    first = index
                    continue
                }
                if token.text == "(", isGrouping(index), source.partner[index] > read.upperBound {
                    groups.append(source.partner[index])
                    first = index
                    continue
                }
                break
            }
            if token.kind == .operator {
                if isAssignment(token.text) || (token.text == "?" && token.spaceBefore) { break }
                first = index
                continue
            }
            if token.kind == .identifier, Self.stopWords.contains(token.text) { break }
            first = index
        }
        var last = read.upperBound
        var ternaries = 0
        while last + 1 < tokens.count {
            let index = last + 1
            let token = tokens[index]
            if breaksLine(between: last, and: index) { break }
            if token.kind == .punctuation {
                if (token.text == "(" || token.text == "["), source.partner[index] > index {
                    last = source.partner[index]
                    continue
                }
                if token.text == "." || (token.text == ")" && groups.contains(index)) {
                    last = index
                    continue
                }
                if token.text == ":", ternaries > 0 {
                    ternaries -= 1
                    last = index
                    continue
                }
                break
            }
            if token.kind == .operator {
                if isAssignment(token.text) { break }
                if token.text == "?" && token.spaceBefore { ternaries += 1 }
                last = index
                continue
            }
            if token.kind == .identifier, Self.stopWords.contains(token.text) { break }
            last = index
        }
        // A ternary whose `:` lies outside (the read is in its condition only): stop before the `?`.
        while ternaries > 0, let question = (first...last).last(where: { tokens[$0].kind == .operator && tokens[$0].text == "?" && tokens[$0].spaceBefore }) {
            last = question - 1
            ternaries -= 1
        }
        return (first, last)
    }

    static let stopWords: Set<String> = [
        "if", "guard", "while", "return", "else", "case", "where", "in", "let", "var", "throw", "repeat",
        "switch", "try", "await", "defer", "do", "for", "default", "yield", "then",
    ]

    private func isAssignment(_ text: String) -> Bool {
        text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }

    /// Whether the `(` at `index` groups (`!(a && b)`, `if (a)`), rather than opening a call's arguments.
    private func isGrouping(_ index: Int) -> Bool {
        index == 0 || !BooleanFolding.callsBefore(tokens[index - 1])
    }

    /// A line break between two tokens ends the expression unless an infix operator or a
    /// member access continues it.
    private func breaksLine(between before: Int, and after: Int) -> Bool {
        guard tokens[after].line > tokens[before].line else { return false }
        let left = tokens[before], right = tokens[after]
        if left.kind == .operator && left.text != "!" { return false }
        if right.kind == .operator && right.text != "!" { return false }
        if right.isPunctuation(".") { return false }
        return true
    }

    /// The `if`/`guard`/`while` whose condition list holds the expression starting at `first`.
    private func conditionKeyword(before first: Int) -> Int? {
        var index = first - 1
        while index >= 0 {
            let token = tokens[index]
            if token.kind == .punctuation {
                if (token.text == ")" || token.text == "]"), source.partner[index] >= 0, source.partner[index] < index {
                    index = source.partner[index] - 1
                    continue
                }
                if token.text == "," || token.text == ":" { index -= 1; continue }
                return nil
            }
            if token.kind == .identifier, ["if", "guard", "while"].contains(token.text) {
                return source.isPunctuation(index - 1, "#") ? nil : index
            }
            if token.kind == .identifier, ["return", "else", "in", "do", "repeat", "switch", "defer", "throw"].contains(token.text) { return nil }
            index -= 1
        }
        return nil
    }

    /// The first token of the statement that ends with the token before `index`.
    private func statementStart(before index: Int) -> Int? {
        var first = index
        while first > 0 {
            let previous = first - 1
            if tokens[previous].line < tokens[first].line || tokens[previous].isPunctuation(";") || tokens[previous].isPunctuation("{") { break }
            first = previous
        }
        return first < index ? first : nil
    }

    // MARK: - Condition lists

    private func rewriteCondition(_ keyword: Int) throws(Refusal) -> Outcome {
        let kind = tokens[keyword].text
        if kind == "while" { throw Refusal(reason: "a while condition: the loop would run forever or never; rewrite it by hand") }
        if kind == "if", keyword > 0, source.isOperator(keyword - 1, "=") || source.isIdentifier(keyword - 1, "return") || source.isPunctuation(keyword - 1, "(") {
            throw Refusal(reason: "an if expression (its value is used), which the cleanup does not rewrite")
        }
        // The condition runs to the body's `{` (if) or to `else` (guard).
        var end = keyword + 1
        while end < tokens.count {
            if kind == "if", tokens[end].isPunctuation("{") { break }
            if kind == "guard", source.isIdentifier(end, "else") { break }
            if tokens[end].kind == .punctuation, tokens[end].text == "(" || tokens[end].text == "[", source.partner[end] > end { end = source.partner[end] + 1; continue }
            if tokens[end].isPunctuation("}") || tokens[end].isPunctuation("{") { throw Refusal(reason: "a \(kind) condition whose end the cleanup cannot find") }
            end += 1
        }
        guard end < tokens.count, end > keyword + 1 else { throw Refusal(reason: "a \(kind) condition whose end the cleanup cannot find") }
        let commas = folding.topLevelAll(keyword + 1, end - 1) { tokens[$0].isPunctuation(",") }
        var elements: [(Int, Int)] = []
        var begin = keyword + 1
        for comma in commas { elements.append((begin, comma - 1)); begin = comma + 1 }
        elements.append((begin, end - 1))
        var kept: [(range: (Int, Int), text: String)] = []
        var value: Bool? = true
        var changed = false
        for element in elements {
            let hasRead = reads.contains { $0.lowerBound >= element.0 && $0.upperBound <= element.1 }
            let binding = ["let", "var", "case"].contains { source.isIdentifier(element.0, $0) } || source.isPunctuation(element.0, "#")
            if binding {
                if hasRead { throw Refusal(reason: "the toggle is read inside a binding or pattern of the \(kind) condition") }
                kept.append((element, source.text(tokens: element.0, element.1) ?? ""))
                continue
            }
            let folded =
                hasRead
                ? try folding.fold(element.0, element.1)
                : .code(source.text(tokens: element.0, element.1) ?? "", pure: folding.isPure(element.0, element.1), precedence: 1, changed: false)
            switch folded {
            case .constant(true):
                changed = true
            case .constant(false):
                // The conditions before it still run: only pure ones may go.
                if !kept.allSatisfy({ folding.isPure($0.range.0, $0.range.1) }) {
                    throw Refusal(reason: "a condition before the toggle calls something, and it would no longer run")
                }
                value = false
                changed = true
            case .code(let text, _, _, let partChanged):
                changed = changed || partChanged
                kept.append((element, text))
            }
            if value == false { break }
        }
        if value == true, !kept.isEmpty {
            // The condition stays, without the toggle.
            guard changed, let stop = source.end(end - 1) else { throw Refusal(reason: "a \(kind) condition the cleanup cannot place") }
            let text = kept.map(\.text).joined(separator: ", ")
            return Outcome(edits: [CleanupEdit(source.start(keyword + 1)..<stop, text)], rule: "\(kind) condition folded")
        }
        let holds = value == true
        return kind == "guard" ? try guardOutcome(keyword, elseToken: end, holds: holds) : try ifOutcome(keyword, open: end, holds: holds)
    }

    private func guardOutcome(_ keyword: Int, elseToken: Int, holds: Bool) throws(Refusal) -> Outcome {
        guard source.isPunctuation(elseToken + 1, "{"), source.partner[elseToken + 1] > elseToken + 1 else {
            throw Refusal(reason: "a guard whose else block the cleanup cannot find")
        }
        let close = source.partner[elseToken + 1]
        let statement = source.start(keyword)..<source.end(close)!
        if holds { return Outcome(edits: [source.removal(statement)], rule: "guard always passes: removed") }
        // Always fails: its body (which Swift makes exit) takes the place of the guard and of
        // the code after it, which could no longer run.
        let chain = IfChain(source: source)
        guard let body = try chain.unnested(open: elseToken + 1, close: close, statement: keyword, chainEnd: close, keepsLater: false) else {
            throw Refusal(reason: "a guard that would always exit with an empty else block")
        }
        let edit = try BlockTail(source: source).replacingRest(from: keyword, endingAt: close, with: body)
        return Outcome(edits: [edit], rule: "guard always exits: its else body kept, the code after it removed")
    }

    /// The edit that puts `body` (the kept branch `open...close`, un-nested) in place of the
    /// chain `keyword...chainEnd`: when the branch always exits (`return`, `throw`, …), the
    /// code after the chain in its block goes too, as it could no longer run.
    private func keeping(_ open: Int, _ close: Int, of keyword: Int, chainEnd: Int, rule: String, emptyRule: String) throws(Refusal) -> Outcome {
        let chain = IfChain(source: source)
        let tail = BlockTail(source: source)
        let range = source.start(keyword)..<source.end(chainEnd)!
        if tail.exits(open: open, close: close), try tail.boundary(after: chainEnd) > chainEnd + 1 {
            guard let body = try chain.unnested(open: open, close: close, statement: keyword, chainEnd: chainEnd, keepsLater: false) else {
                return Outcome(edits: [source.removal(range)], rule: emptyRule)
            }
            return Outcome(
                edits: [try tail.replacingRest(from: keyword, endingAt: chainEnd, with: body)],
                rule: rule + "; the code after it, which could no longer run, removed")
        }
        let body = try chain.unnested(open: open, close: close, statement: keyword, chainEnd: chainEnd)
        guard let body else { return Outcome(edits: [source.removal(range)], rule: emptyRule) }
        return Outcome(edits: [CleanupEdit(range, body)], rule: rule)
    }

    private func ifOutcome(_ keyword: Int, open: Int, holds: Bool) throws(Refusal) -> Outcome {
        let chain = IfChain(source: source)
        let close = source.partner[open]
        guard close > open else { throw Refusal(reason: "an if body the cleanup cannot find") }
        let afterElse = source.isIdentifier(close + 1, "else")
        let nested = source.isIdentifier(keyword - 1, "else")
        let chainEnd = chain.end(fromClose: close)
        if holds {
            if nested {
                // `} else if toggle { A } …` → `} else { A }`.
                return Outcome(
                    edits: [CleanupEdit(source.start(keyword)..<source.end(chainEnd)!, source.text(source.start(open)..<source.end(close)!))],
                    rule: "else-if condition always holds: it became the else")
            }
            return try keeping(
                open, close, of: keyword, chainEnd: chainEnd,
                rule: "if condition always holds: its body kept, un-nested", emptyRule: "if condition always holds: empty body removed")
        }
        if afterElse {
            let next = close + 2
            if nested {
                // `} else if toggle { A } else …` → `} else …`.
                return Outcome(edits: [CleanupEdit(source.start(keyword - 1)..<source.start(close + 1), "")], rule: "else-if condition never holds: branch removed")
            }
            if source.isIdentifier(next, "if") {
                return Outcome(edits: [CleanupEdit(source.start(keyword)..<source.start(next), "")], rule: "if condition never holds: the else-if chain goes on")
            }
            guard source.isPunctuation(next, "{"), source.partner[next] > next else { throw Refusal(reason: "an else the cleanup cannot place") }
            return try keeping(
                next, source.partner[next], of: keyword, chainEnd: chainEnd,
                rule: "if condition never holds: the else body kept, un-nested", emptyRule: "if condition never holds: removed with its empty else")
        }
        if nested {
            // `} else if toggle { A }` → `}`; an `else { }` left empty goes with it.
            return Outcome(edits: [CleanupEdit(source.end(keyword - 2)!..<source.end(close)!, "")], rule: "else-if condition never holds: branch removed")
        }
        let range = source.start(keyword)..<source.end(close)!
        if let enclosing = chain.emptiedElse(removing: keyword, close: close) {
            return Outcome(edits: [CleanupEdit(enclosing, "")], rule: "if condition never holds: removed, with the else it leaves empty")
        }
        return Outcome(edits: [source.removal(range)], rule: "if condition never holds: removed")
    }
}
