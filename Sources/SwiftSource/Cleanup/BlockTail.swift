/// The statements that follow a statement in its block, up to the block's end: what can no
/// longer run once the statement always exits (an `if` whose kept branch ends in `return`, a
/// `guard` that always fails).
struct BlockTail {
    let source: CleanupSource
    private var tokens: [SwiftToken] { source.tokens }
    typealias Refusal = BooleanFolding.Refusal

    /// Whether the block `open...close` always leaves the enclosing block: a `return`,
    /// `throw`, `break` or `continue` among its own statements (not inside a nested block or
    /// closure). Statements run in order, so one such statement anywhere means the block exits.
    /// A block with a `#if` is not judged (its `return` may be compiled out): the code after
    /// it stays, as before.
    func exits(open: Int, close: Int) -> Bool {
        var depth = 0
        for index in (open + 1)..<close where source.isPunctuation(index, "#") && source.isIdentifier(index + 1, "if") { return false }
        for index in (open + 1)..<close {
            let token = tokens[index]
            if token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation("}") { depth -= 1 }
            if depth == 0, token.kind == .identifier, ["return", "throw", "break", "continue"].contains(token.text) { return true }
        }
        return false
    }

    /// The token that ends the block holding the statement that ends at `last`: the block's
    /// `}`, or in a `switch` case the next label. Refused when the block's end cannot be found
    /// (top-level code), or when the statements after would be cut through a `#if`, or declare
    /// a type or function (which code before could name).
    func boundary(after last: Int) throws(Refusal) -> Int {
        var index = last + 1
        var conditional = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" || token.text == "{", source.partner[index] > index {
                index = source.partner[index] + 1
                continue
            }
            if token.isPunctuation("}") { break }
            if token.kind == .identifier {
                let startsLine = tokens[index - 1].line < token.line || tokens[index - 1].isPunctuation(";")
                if startsLine, token.text == "case" || token.text == "default" { break }
                if ["func", "struct", "class", "enum", "actor", "protocol", "typealias", "extension"].contains(token.text) {
                    throw Refusal(
                        reason: "the code after it, which could no longer run, declares \(token.text) \(index + 1 < tokens.count ? tokens[index + 1].text : ""); remove it by hand")
                }
            }
            if token.isPunctuation("@"), source.isIdentifier(index + 1, "unknown") { break }
            if token.isPunctuation("#"), index + 1 < tokens.count {
                if source.isIdentifier(index + 1, "if") { conditional += 1 }
                if source.isIdentifier(index + 1, "endif") { conditional -= 1 }
                if source.isIdentifier(index + 1, "else") || source.isIdentifier(index + 1, "elseif"), conditional == 0 { conditional = -1 }
                if conditional < 0 { throw Refusal(reason: "the code after it, which could no longer run, ends inside a #if block; remove it by hand") }
            }
            index += 1
        }
        guard index < tokens.count else { throw Refusal(reason: "the code after it could no longer run, and the end of its block cannot be found") }
        if conditional != 0 { throw Refusal(reason: "the code after it, which could no longer run, holds an unfinished #if block; remove it by hand") }
        return index
    }

    /// Replaces the statement `statement` (from its first byte) and everything after it in
    /// its block with `text`: the statement's kept body, which always exits.
    func replacingRest(from statement: Int, endingAt last: Int, with text: String) throws(Refusal) -> CleanupEdit {
        let end = try boundary(after: last)
        let stop = source.start(end)
        if source.onlySpaceBefore(stop) { return CleanupEdit(source.start(statement)..<source.lineStart(stop), text + "\n") }
        return CleanupEdit(source.start(statement)..<stop, text + " ")
    }
}
