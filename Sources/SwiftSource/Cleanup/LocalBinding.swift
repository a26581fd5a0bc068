/// A local constant bound to the toggle's value (`let enabled = flags.isOn(.x)`): its reads are
/// the toggle's reads too, so they fold like the toggle's, and the binding goes once none is
/// left. Only a `let` in a function, closure or accessor body whose initializer is the read
/// alone; any use the cleanup cannot tell is a plain read (a label, an assignment, a capture
/// list, a parameter or binding of the same name, string interpolation) leaves the binding as
/// it was rewritten before: `let enabled = true`, correct if not tidy.
struct LocalBinding {
    let source: CleanupSource
    private var tokens: [SwiftToken] { source.tokens }

    /// The `let` token and the reads of the name, when `read` is such a binding's initializer.
    func binding(of read: ClosedRange<Int>, outside regions: [ClosedRange<Int>]) -> (letToken: Int, name: String, uses: [Int])? {
        var index = read.lowerBound - 1
        guard source.isOperator(index, "=") else { return nil }
        index -= 1
        if source.isIdentifier(index, "Bool"), source.isPunctuation(index - 1, ":") { index -= 2 }
        guard index >= 1, tokens[index].kind == .identifier, source.isIdentifier(index - 1, "let") else { return nil }
        let name = tokens[index].text, letToken = index - 1
        guard source.text(tokens: index, index) == name, startsStatement(letToken), endsStatement(read.upperBound),
            let open = enclosingOpen(letToken), isCodeBlock(open)
        else { return nil }
        let close = source.partner[open]
        guard close > open else { return nil }
        var uses: [Int] = []
        for position in (read.upperBound + 1)..<close where tokens[position].kind == .identifier && tokens[position].text == name {
            if source.isPunctuation(position - 1, ".") { continue }
            guard isPlainRead(position, name: name), !regions.contains(where: { $0.contains(position) }) else { return nil }
            uses.append(position)
        }
        return (letToken, name, uses)
    }

    /// Whether the name at `index` is read as a value, not declared, labelled, assigned or captured.
    private func isPlainRead(_ index: Int, name: String) -> Bool {
        guard source.text(tokens: index, index) == name else { return false }
        // In a string's interpolation the lexer emits the code before the string token itself:
        // a later token that starts earlier in the bytes holds it, and its text is not simply the name's.
        let start = source.start(index)
        for later in (index + 1)..<min(tokens.count, index + 64) where source.start(later) < start { return false }
        let previous = tokens[index - 1]
        if previous.kind == .identifier, ["let", "var", "func", "case", "inout", "in"].contains(previous.text) { return false }
        if previous.isPunctuation("[") || previous.isPunctuation("@") || previous.isPunctuation("#") { return false }
        if previous.kind == .operator, previous.text == "&" || previous.text == "\\" || previous.text == "$" { return false }
        guard index + 1 < tokens.count else { return true }
        let next = tokens[index + 1]
        if next.isPunctuation(":") || next.isPunctuation("]") || source.isIdentifier(index + 1, "in") { return false }
        // A closure's or a `for`'s parameters (`{ a, on in`, `for (a, on) in`): names, commas
        // and `)` up to `in`.
        var after = index + 1
        while after < tokens.count, tokens[after].line == tokens[index].line,
            tokens[after].kind == .identifier && tokens[after].text != "in" || tokens[after].isPunctuation(",") || tokens[after].isPunctuation(")")
        { after += 1 }
        if source.isIdentifier(after, "in") { return false }
        if next.kind == .operator, next.text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(next.text) { return false }
        return true
    }

    private func startsStatement(_ index: Int) -> Bool {
        index == 0 || tokens[index - 1].line < tokens[index].line || tokens[index - 1].isPunctuation(";") || tokens[index - 1].isPunctuation("{")
    }

    private func endsStatement(_ index: Int) -> Bool {
        index + 1 >= tokens.count || tokens[index + 1].line > tokens[index].line && !(tokens[index + 1].kind == .operator || tokens[index + 1].isPunctuation("."))
            || tokens[index + 1].isPunctuation(";") || tokens[index + 1].isPunctuation("}")
    }

    /// The `{` of the block holding token `index`.
    private func enclosingOpen(_ index: Int) -> Int? {
        var position = index - 1
        while position >= 0 {
            let token = tokens[position]
            if token.kind == .punctuation, token.text == ")" || token.text == "]" || token.text == "}", source.partner[position] >= 0, source.partner[position] < position {
                position = source.partner[position] - 1
                continue
            }
            if token.isPunctuation("{") { return position }
            position -= 1
        }
        return nil
    }

    /// Whether the block opening at `open` holds statements (a function, closure, accessor or
    /// control-flow body), not a type's members, whose `let` would be a stored property.
    private func isCodeBlock(_ open: Int) -> Bool {
        var position = open - 1
        var header: Set<String> = []
        while position >= 0 {
            let token = tokens[position]
            if token.kind == .punctuation, token.text == ")" || token.text == "]", source.partner[position] >= 0, source.partner[position] < position {
                position = source.partner[position] - 1
                continue
            }
            if token.isPunctuation("{") || token.isPunctuation("}") || token.isPunctuation(";") { break }
            // The header is the line before `{` (brackets spanning lines are jumped over above).
            if position + 1 < open, token.line < tokens[position + 1].line { break }
            if token.kind == .identifier { header.insert(token.text) }
            position -= 1
        }
        let code: Set<String> = [
            "func", "init", "deinit", "subscript", "var", "get", "set", "willSet", "didSet", "if", "else", "guard", "do", "catch",
            "for", "while", "repeat", "defer", "switch", "let", "return",
        ]
        let types: Set<String> = ["struct", "class", "enum", "extension", "protocol", "actor"]
        if !header.isDisjoint(with: code) { return true }
        if !header.isDisjoint(with: types) { return false }
        // A closure: `{` after `(`, `=`, `,` or a call's name (`map {`).
        return true
    }
}
