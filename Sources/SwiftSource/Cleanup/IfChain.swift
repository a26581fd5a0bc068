/// The shape of an `if`/`else if`/`else` chain and the text of a branch moved out of it.
struct IfChain {
    let source: CleanupSource
    private var tokens: [SwiftToken] { source.tokens }

    /// The closing brace of the whole chain whose clause body closes at `close`.
    func end(fromClose close: Int) -> Int {
        var last = close
        while source.isIdentifier(last + 1, "else") {
            let next = last + 2
            if source.isPunctuation(next, "{"), source.partner[next] > next { return source.partner[next] }
            guard source.isIdentifier(next, "if") else { return last }
            var open = next + 1
            while open < tokens.count, !tokens[open].isPunctuation("{") {
                if tokens[open].kind == .punctuation, tokens[open].text == "(" || tokens[open].text == "[", source.partner[open] > open { open = source.partner[open] }
                open += 1
            }
            guard open < tokens.count, source.partner[open] > open else { return last }
            last = source.partner[open]
        }
        return last
    }

    /// The statements of the block `open...close`, moved to where the statement at
    /// `statement` starts: one indentation level less, the first line unindented (it takes the
    /// statement's place). Nil when the block is empty. `laterFrom` is where the code that
    /// stays after the statement starts (nil when it all goes).
    func unnested(open: Int, close: Int, statement: Int, chainEnd: Int, keepsLater: Bool = true) throws(BooleanFolding.Refusal) -> String? {
        try unnested(bytes: (source.start(open) + 1)..<source.start(close), tokens: open..<close, statement: statement, laterFrom: keepsLater ? chainEnd + 1 : nil)
    }

    /// The statements in `inner` (bytes), whose tokens are `between` (exclusive of its lower
    /// bound: the `{` or `:` before them), moved to where `statement` starts.
    func unnested(bytes inner: Range<Int>, tokens between: Range<Int>, statement: Int, laterFrom: Int?) throws(BooleanFolding.Refusal) -> String? {
        if source.bytes[inner].allSatisfy({ source.isSpace($0) || $0 == 0x0A }) { return nil }
        try checkMovable(open: between.lowerBound, close: between.upperBound, laterFrom: laterFrom)
        if !source.bytes[inner].contains(0x0A) {
            return source.text(inner).trimmingSpaces()
        }
        let target = source.indentation(at: source.start(statement))
        var lines = source.text(inner).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // What follows `{` on its line and precedes `}` on its line: usually nothing.
        if lines.first?.trimmingSpaces().isEmpty == true { lines.removeFirst() }
        if lines.last?.trimmingSpaces().isEmpty == true { lines.removeLast() }
        guard let firstLine = lines.first(where: { !$0.trimmingSpaces().isEmpty }) else { return nil }
        let bodyIndent = String(firstLine.prefix { $0 == " " || $0 == "\t" })
        let targetIndent = String(decoding: target, as: UTF8.self)
        let extra = max(0, bodyIndent.count - targetIndent.count)
        let moved = lines.map { line -> String in
            if line.trimmingSpaces().isEmpty { return "" }
            if line.hasPrefix(bodyIndent) { return targetIndent + line.dropFirst(bodyIndent.count) }
            var rest = Substring(line)
            var removed = 0
            while removed < extra, let first = rest.first, first == " " || first == "\t" { rest = rest.dropFirst(); removed += 1 }
            return String(rest)
        }
        var text = moved.joined(separator: "\n")
        if text.hasPrefix(targetIndent) { text.removeFirst(targetIndent.count) }
        return text
    }

    /// Refuses a block whose statements would mean something else one level out: a `defer`
    /// (it would run at the end of the enclosing scope), a declaration whose name later code
    /// uses (it would shadow it), a multi-line string (re-indenting changes its text).
    private func checkMovable(open: Int, close: Int, laterFrom: Int?) throws(BooleanFolding.Refusal) {
        // A multi-line string's lines are its text: re-indenting would change it (a `"""` in a
        // comment refuses too, the safe direction).
        if SwiftSourceScan.contains(Array(source.bytes[source.start(open)..<source.start(close)]), "\"\"\"") {
            throw .init(reason: "the branch holds a multi-line string, whose text re-indenting would change")
        }
        var declared: Set<String> = []
        var depth = 0
        for index in (open + 1)..<close {
            let token = tokens[index]
            if token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation("}") { depth -= 1 }
            guard depth == 0, token.kind == .identifier else { continue }
            if token.text == "defer" { throw .init(reason: "the branch has a defer, which would run at the end of the enclosing scope instead") }
            if ["let", "var", "func", "struct", "class", "enum"].contains(token.text), index + 1 < close, tokens[index + 1].kind == .identifier {
                declared.insert(tokens[index + 1].text)
            }
        }
        guard !declared.isEmpty, let laterFrom else { return }
        // Later code in the enclosing block that names one of them.
        var depthAfter = 0
        var index = laterFrom
        while index < tokens.count {
            if tokens[index].isPunctuation("{") { depthAfter += 1 }
            if tokens[index].isPunctuation("}") { depthAfter -= 1; if depthAfter < 0 { break } }
            if tokens[index].kind == .identifier, declared.contains(tokens[index].text) {
                throw .init(reason: "the branch declares \(tokens[index].text), which code after it also names; un-nesting would change what it refers to")
            }
            index += 1
        }
    }

    /// When the `if` at `keyword` (closing at `close`) is all an `else { … }` holds, the range
    /// from the end of the `}` before that `else` to the end of the else's `}`.
    func emptiedElse(removing keyword: Int, close: Int) -> Range<Int>? {
        guard source.isPunctuation(keyword - 1, "{"), source.isPunctuation(close + 1, "}"), source.partner[keyword - 1] == close + 1,
            source.isIdentifier(keyword - 2, "else"), source.isPunctuation(keyword - 3, "}")
        else { return nil }
        return source.end(keyword - 3)!..<source.end(close + 1)!
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
