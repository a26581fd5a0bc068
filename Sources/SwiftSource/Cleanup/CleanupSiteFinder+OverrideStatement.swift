/// A statement whose only work is to set the toggle for a test or a debug menu:
/// `flagMock.set(.x, value: true)`, `try override(flag: .x, value: true)`,
/// `try FeatureFlagOverrideStore().override(FeatureFlag.x, withValue: remote)`, `reset(flag: .x)`.
/// Once the toggle is gone nothing reads what it sets, so the statement goes; refused when it
/// sets the value that is not kept (the code after it tests the behaviour removed: a person
/// decides) or when something in it other than the setter would run.
extension CleanupSiteFinder {
    static let overrideMethods: Set<String> = ["override", "set", "reset", "setOverride", "removeOverride", "clearOverride", "overrideFlag", "setFlag"]

    /// The site for the toggle at tokens first...last given as the first argument of the call
    /// whose `(` is at `open`, when that call is such a statement; nil otherwise.
    func overrideStatement(_ source: CleanupSource, first: Int, last: Int, open: Int, symbol: String) -> CleanupSite? {
        let tokens = source.tokens
        let method = open - 1
        guard method >= 0, Self.overrideMethods.contains(tokens[method].text), source.partner[open] > open,
            open + 1 == first
                || (open + 3 == first && tokens[open + 1].kind == .identifier && source.isPunctuation(open + 2, ":"))
        else { return nil }
        let close = source.partner[open]
        func refuse(_ reason: String) -> CleanupSite { CleanupSite(token: first, symbol: symbol, kind: .unsupported(reason)) }
        // The receiver: names, and at most a type's initializer without arguments (`Store()`).
        var start = method
        while start >= 2, source.isPunctuation(start - 1, ".") {
            if tokens[start - 2].kind == .identifier { start -= 2; continue }
            if source.isPunctuation(start - 2, ")"), source.partner[start - 2] == start - 3, start >= 4, tokens[start - 4].kind == .identifier,
                SwiftReferenceScanner.startsUppercase(tokens[start - 4].text)
            {
                start -= 4; continue
            }
            return nil
        }
        // Back over `try`, `try?`, `try!` (the lexer's `try` and `?`) and `await`.
        var statement = start
        while statement >= 1 {
            if source.isIdentifier(statement - 1, "try") || source.isIdentifier(statement - 1, "await") { statement -= 1; continue }
            if statement >= 2, source.isOperator(statement - 1, "?") || source.isOperator(statement - 1, "!"), source.isIdentifier(statement - 2, "try") {
                statement -= 2; continue
            }
            break
        }
        // A statement of its own: nothing before it on its line but `{`, `;` or a line break, nothing after it.
        let startsStatement =
            statement == 0 || tokens[statement - 1].line < tokens[statement].line
            || source.isPunctuation(statement - 1, "{") || source.isPunctuation(statement - 1, ";")
        let endsStatement =
            close + 1 >= tokens.count || tokens[close + 1].line > tokens[close].line
            || source.isPunctuation(close + 1, "}") || source.isPunctuation(close + 1, ";")
        guard startsStatement, endsStatement else { return nil }
        let folding = BooleanFolding(source: source, reads: [], keep: target.keep)
        guard last + 1 < close else { return CleanupSite(token: first, symbol: symbol, kind: .removedStatement(statement...close, rule: "statement setting the toggle removed")) }
        guard source.isPunctuation(last + 1, ","), folding.isPure(last + 2, close - 1) else {
            return refuse("\(symbol) is passed to \(tokens[method].text)(…) with an argument that calls something, which would no longer run")
        }
        for index in (last + 2)..<close where tokens[index].kind == .identifier && (tokens[index].text == "true" || tokens[index].text == "false") {
            if (tokens[index].text == "true") != target.keep {
                return refuse(
                    "\(symbol) is set to \(tokens[index].text) by \(tokens[method].text)(…), the value not kept: the code after it runs the behaviour removed, for a person to decide"
                )
            }
        }
        return CleanupSite(token: first, symbol: symbol, kind: .removedStatement(statement...close, rule: "statement setting the toggle removed"))
    }
}
