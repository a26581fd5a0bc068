/// Folds the literal a toggle read became into the expression around it: `!`, `&&`, `||`,
/// `==`/`!=`, parentheses and the ternary. Only the literals the cleanup wrote are folded (a
/// developer's own `if false` stays), and an operand that calls something is never dropped
/// unless Swift's short-circuit would not have evaluated it either.
struct BooleanFolding {
    let source: CleanupSource
    /// Token ranges (first...last) of the toggle's reads.
    let reads: [ClosedRange<Int>]
    let keep: Bool

    indirect enum Folded {
        case constant(Bool)
        /// Code that stays: its text, whether evaluating it has no effect, its precedence, and
        /// whether it differs from the source.
        case code(String, pure: Bool, precedence: Int, changed: Bool)
    }

    struct Refusal: Error { var reason: String }

    static let ternaryLevel = 1, orLevel = 2, andLevel = 3, compareLevel = 4, prefixLevel = 5, primaryLevel = 6

    func fold(_ first: Int, _ last: Int) throws(Refusal) -> Folded {
        guard first <= last else { throw Refusal(reason: "an empty expression") }
        guard source.isPlaceable(first, last) else { throw Refusal(reason: "the expression holds a string the lexer did not keep whole (escapes or interpolation)") }
        // The ternary: the first top-level `?` and its `:`.
        if let question = topLevel(first, last, where: { source.tokens[$0].kind == .operator && source.tokens[$0].text == "?" && source.tokens[$0].spaceBefore }) {
            guard let colon = ternaryColon(after: question, last) else { throw Refusal(reason: "a ternary whose ':' the cleanup cannot find") }
            let condition = try fold(first, question - 1)
            switch condition {
            case .constant(let value):
                let chosen = value ? (question + 1, colon - 1) : (colon + 1, last)
                let other = value ? (colon + 1, last) : (question + 1, colon - 1)
                try checkBranches(chosen, other)
                let folded = try fold(chosen.0, chosen.1)
                if case .code(let text, let pure, _, _) = folded { return .code(text, pure: pure, precedence: Self.ternaryLevel, changed: true) }
                return folded
            case .code(let text, let pure, _, let changed):
                let whenTrue = try fold(question + 1, colon - 1)
                let whenFalse = try fold(colon + 1, last)
                if !changed, !isChanged(whenTrue), !isChanged(whenFalse) { return original(first, last, Self.ternaryLevel) }
                let rebuilt = text + " ? " + render(whenTrue, above: Self.ternaryLevel) + " : " + render(whenFalse, above: Self.ternaryLevel - 1)
                return .code(rebuilt, pure: pure && isPure(whenTrue) && isPure(whenFalse), precedence: Self.ternaryLevel, changed: true)
            }
        }
        if let parts = split(first, last, "||") { return try junction(parts, isAnd: false, first, last) }
        if let parts = split(first, last, "&&") { return try junction(parts, isAnd: true, first, last) }
        let comparisons = topLevelAll(first, last) { source.tokens[$0].kind == .operator && (source.tokens[$0].text == "==" || source.tokens[$0].text == "!=") }
        if comparisons.count == 1 {
            let op = comparisons[0]
            // A literal compared with the read is folded too (`read == false`), a developer's own comparison is not.
            func holdsRead(_ a: Int, _ b: Int) -> Bool { reads.contains { $0.lowerBound >= a && $0.upperBound <= b } }
            let left: Folded, right: Folded
            if holdsRead(op + 1, last), let value = literal(first, op - 1) { left = value } else { left = try fold(first, op - 1) }
            if holdsRead(first, op - 1), let value = literal(op + 1, last) { right = value } else { right = try fold(op + 1, last) }
            let equal = source.tokens[op].text == "=="
            switch (left, right) {
            case (.constant(let a), .constant(let b)): return .constant((a == b) == equal)
            case (.constant(let value), .code(let text, let pure, let level, _)), (.code(let text, let pure, let level, _), .constant(let value)):
                // `x == true` is x; `x == false` is !x (x is a Bool: it is compared with one).
                if value == equal { return .code(text, pure: pure, precedence: level, changed: true) }
                return .code(negated(text, level), pure: pure, precedence: Self.prefixLevel, changed: true)
            default:
                if !isChanged(left) && !isChanged(right) { return original(first, last, Self.compareLevel) }
                return .code(
                    render(left, above: Self.compareLevel) + " " + source.tokens[op].text + " " + render(right, above: Self.compareLevel),
                    pure: isPure(left) && isPure(right), precedence: Self.compareLevel, changed: true)
            }
        }
        if comparisons.count > 1 { return try opaque(first, last) }
        if source.isOperator(first, "!") && first < last {
            let operand = try fold(first + 1, last)
            switch operand {
            case .constant(let value): return .constant(!value)
            case .code(let text, let pure, let level, let changed):
                if !changed { return original(first, last, Self.prefixLevel) }
                return .code(negated(text, level), pure: pure, precedence: Self.prefixLevel, changed: true)
            }
        }
        if source.isPunctuation(first, "("), source.partner[first] == last {
            let inner = try fold(first + 1, last - 1)
            switch inner {
            case .constant: return inner
            case .code(let text, let pure, let level, let changed):
                if !changed { return original(first, last, Self.primaryLevel) }
                return level == Self.primaryLevel || level == Self.prefixLevel
                    ? .code(text, pure: pure, precedence: level, changed: true)
                    : .code("(" + text + ")", pure: pure, precedence: Self.primaryLevel, changed: true)
            }
        }
        if reads.contains(where: { $0.lowerBound == first && $0.upperBound == last }) { return .constant(keep) }
        return try opaque(first, last)
    }

    /// `true` or `false` alone.
    private func literal(_ first: Int, _ last: Int) -> Folded? {
        guard first == last, source.tokens[first].kind == .identifier else { return nil }
        switch source.tokens[first].text {
        case "true": return .constant(true)
        case "false": return .constant(false)
        default: return nil
        }
    }

    /// Tokens the folding does not look into: kept as written, with any read inside replaced
    /// by the literal (still the toggle's value, never the toggle).
    private func opaque(_ first: Int, _ last: Int) throws(Refusal) -> Folded {
        let inside = reads.filter { $0.lowerBound >= first && $0.upperBound <= last }
        guard let stop = source.end(last) else { throw Refusal(reason: "the expression ends in a string the lexer did not keep whole") }
        var text = ""
        var position = source.start(first)
        for read in inside.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            text += source.text(position..<source.start(read.lowerBound)) + (keep ? "true" : "false")
            position = source.end(read.upperBound)!
        }
        text += source.text(position..<stop)
        let level = first == last || (source.isPunctuation(first, "(") && source.partner[first] == last) ? Self.primaryLevel : Self.compareLevel + 1
        return .code(text, pure: isPure(first, last), precedence: level, changed: !inside.isEmpty)
    }

    private func junction(_ parts: [(Int, Int)], isAnd: Bool, _ first: Int, _ last: Int) throws(Refusal) -> Folded {
        let level = isAnd ? Self.andLevel : Self.orLevel
        var kept: [Folded] = []
        var changed = false
        for part in parts {
            let folded = try fold(part.0, part.1)
            switch folded {
            case .constant(let value) where value == isAnd:
                // `true &&` and `false ||` are the other operand.
                changed = true
            case .constant:
                // `false &&`, `true ||`: what follows is never evaluated; what came before is
                // evaluated first, so it stays when it does something.
                changed = true
                if kept.allSatisfy(isPure) { return .constant(!isAnd) }
                kept.append(folded)
                return .code(kept.map { render($0, above: level) }.joined(separator: isAnd ? " && " : " || "), pure: false, precedence: level, changed: true)
            case .code(_, _, _, let partChanged):
                changed = changed || partChanged
                kept.append(folded)
            }
        }
        if !changed { return original(first, last, level) }
        if kept.isEmpty { return .constant(isAnd) }
        if kept.count == 1, case .code(let text, let pure, let precedence, _) = kept[0] {
            // What is left of the junction differs from the source even when the operand does not.
            return .code(text, pure: pure, precedence: precedence, changed: true)
        }
        return .code(
            kept.map { render($0, above: level) }.joined(separator: isAnd ? " && " : " || "),
            pure: kept.allSatisfy(isPure), precedence: level, changed: true)
    }

    /// A ternary's kept branch must have the type the whole had: not a bare `nil`, and not a
    /// literal of another kind than the other branch (`flag ? 2 : 2.5` is a Double).
    private func checkBranches(_ chosen: (Int, Int), _ other: (Int, Int)) throws(Refusal) {
        func literalKind(_ range: (Int, Int)) -> String? {
            guard range.0 == range.1 else { return nil }
            let token = source.tokens[range.0]
            if token.kind == .identifier && token.text == "nil" { return "nil" }
            if token.kind == .number { return token.text.contains(".") || token.text.contains("e") && !token.text.hasPrefix("0x") ? "float" : "integer" }
            if token.kind == .string { return "string" }
            return nil
        }
        let kept = literalKind(chosen), dropped = literalKind(other)
        if kept == "nil" || dropped == "nil" {
            throw Refusal(reason: "a ternary with a nil branch: its type comes from both branches, and the kept branch alone would change it")
        }
        if let kept, let dropped, kept != dropped {
            throw Refusal(reason: "a ternary whose branches are a \(kept) and a \(dropped) literal: the kept one alone would change the type")
        }
    }

    private func isChanged(_ folded: Folded) -> Bool {
        if case .code(_, _, _, let changed) = folded { return changed }
        return true
    }

    private func isPure(_ folded: Folded) -> Bool {
        if case .code(_, let pure, _, _) = folded { return pure }
        return true
    }

    func render(_ folded: Folded, above level: Int) -> String {
        switch folded {
        case .constant(let value): return value ? "true" : "false"
        case .code(let text, _, let precedence, _): return wrap(text, precedence, above: level)
        }
    }

    /// `!` before `text`; `!(!a)`, never `!!a`, which Swift lexes as one undefined operator.
    private func negated(_ text: String, _ precedence: Int) -> String {
        text.hasPrefix("!") ? "!(" + text + ")" : "!" + wrap(text, precedence, above: Self.prefixLevel - 1)
    }

    private func wrap(_ text: String, _ precedence: Int, above level: Int) -> String {
        precedence > level ? text : "(" + text + ")"
    }

    private func original(_ first: Int, _ last: Int, _ level: Int) -> Folded {
        .code(source.text(tokens: first, last) ?? "", pure: isPure(first, last), precedence: level, changed: false)
    }

    /// Whether evaluating tokens `first...last` does nothing but read: no call (a read of the
    /// toggle is replaced, so it does not count), no `try`/`await`, no assignment.
    func isPure(_ first: Int, _ last: Int) -> Bool {
        guard first <= last else { return true }
        var index = first
        while index <= last {
            if let read = reads.first(where: { $0.lowerBound == index }), read.upperBound <= last {
                index = read.upperBound + 1
                continue
            }
            let token = source.tokens[index]
            if token.kind == .identifier && ["try", "await"].contains(token.text) { return false }
            if token.kind == .operator && (token.text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(token.text) || token.text == "++" || token.text == "--") {
                return false
            }
            if token.isPunctuation("("), index > first, Self.callsBefore(source.tokens[index - 1]) { return false }
            if token.isPunctuation("{") { return false }
            index += 1
        }
        return true
    }

    /// Whether a `(` after `token` is a call's.
    static func callsBefore(_ token: SwiftToken) -> Bool {
        switch token.kind {
        case .identifier: return !SwiftReferenceScanner.prefixKeywords.contains(token.text)
        case .punctuation: return token.text == ")" || token.text == "]" || token.text == ">"
        case .operator: return (token.text == "?" || token.text == "!") && !token.spaceBefore
        default: return false
        }
    }

    private func topLevel(_ first: Int, _ last: Int, where matches: (Int) -> Bool) -> Int? {
        topLevelAll(first, last, where: matches).first
    }

    /// The indices in `first...last` outside brackets where `matches` holds.
    func topLevelAll(_ first: Int, _ last: Int, where matches: (Int) -> Bool) -> [Int] {
        var found: [Int] = []
        var index = first
        while index <= last {
            let token = source.tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" || token.text == "{", source.partner[index] > index {
                index = source.partner[index] + 1
                continue
            }
            if matches(index) { found.append(index) }
            index += 1
        }
        return found
    }

    private func split(_ first: Int, _ last: Int, _ op: String) -> [(Int, Int)]? {
        let positions = topLevelAll(first, last) { source.tokens[$0].kind == .operator && source.tokens[$0].text == op }
        guard !positions.isEmpty else { return nil }
        var parts: [(Int, Int)] = []
        var begin = first
        for position in positions {
            parts.append((begin, position - 1))
            begin = position + 1
        }
        parts.append((begin, last))
        return parts
    }

    private func ternaryColon(after question: Int, _ last: Int) -> Int? {
        var depth = 0
        for index in topLevelAll(
            question + 1, last,
            where: { source.tokens[$0].isPunctuation(":") || (source.tokens[$0].kind == .operator && source.tokens[$0].text == "?" && source.tokens[$0].spaceBefore) })
        {
            if source.tokens[index].kind == .operator { depth += 1; continue }
            if depth == 0 { return index }
            depth -= 1
        }
        return nil
    }
}
