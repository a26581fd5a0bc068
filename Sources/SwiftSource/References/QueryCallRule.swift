import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// The query-call rule of pass 2: which call or toggle label an implicit member is the argument
/// of, and the `switch` over a toggle value whose `case` labels name toggles.
extension SwiftReferenceScanner {
    /// The query method (or toggle label) whose argument the implicit member at `dot` is:
    /// `isFeatureOn(.x)`, `isFeatureOn(for: .x)`, `update(toggle: .x)`, a label or variable named
    /// for flags (`withFeatureFlagEnabled: .x`), or an element of an array literal given to one
    /// (`enabledFeatureFlags = [.x, .y]`, `MockFeatureFlagger(enabledFeatureFlags: [.x])`).
    func queryCall(_ tokens: [SwiftToken], dot i: Int) -> String? {
        var labels = SwitchLabelMemo()
        return queryCall(tokens, dot: i, labels: &labels)
    }

    /// The same, with what the earlier dots of the file found about their case labels.
    func queryCall(_ tokens: [SwiftToken], dot i: Int, labels: inout SwitchLabelMemo) -> String? {
        guard i >= 2 else { return nil }
        if let subject = switchOnToggle(tokens, caseLabel: i, labels: &labels) { return subject }
        let previous = tokens[i - 1]
        guard previous.kind == .punctuation || (previous.kind == .operator && previous.text == "=") else { return nil }
        if previous.text == "(", settings.isQueryMethod(tokens[i - 2].text) { return tokens[i - 2].text }
        if previous.text == ":" || previous.text == "=" {
            if Self.namesToggles(tokens[i - 2].text) { return tokens[i - 2].text }
            if previous.text == ":", i >= 4, tokens[i - 3].text == "(", settings.isQueryMethod(tokens[i - 4].text) { return tokens[i - 4].text }
            return nil
        }
        guard previous.text == "[" || previous.text == "," else { return nil }
        // Back to the array literal's `[` (a few elements at most), then what it is given to.
        var j = i - 1
        var depth = 0
        while j > 0 && i - j < 64 {
            let token = tokens[j]
            if token.kind == .punctuation {
                if token.text == ")" || token.text == "]" { depth += 1 }
                if token.text == "(" { if depth == 0 { return nil } else { depth -= 1 } }
                if token.text == "[" {
                    if depth == 0 { break }
                    depth -= 1
                }
            }
            j -= 1
        }
        guard j >= 2, tokens[j].text == "[", tokens[j - 1].text == ":" || tokens[j - 1].text == "=",
            Self.namesToggles(tokens[j - 2].text)
        else { return nil }
        return tokens[j - 2].text
    }

    /// `switch featureFlag { case .inbox, .sync: … }`: when the implicit member at `dot` is a
    /// case label's pattern and the switch's subject is named for flags, `switch featureFlag`
    /// (its cases are the flag's, whatever other enums declare them).
    ///
    /// Both walks back (over the label's earlier patterns to `case`, over the earlier case
    /// bodies to the switch's `{`) stop where the previous dot's walk ended (`labels`), so a
    /// file's dots cost time in proportion to its tokens, however long a label or a switch:
    /// `case .a, .a, …` with 20,000 patterns took 6 s, and a label more than 65,536 tokens
    /// after its `{` was not looked for.
    private func switchOnToggle(_ tokens: [SwiftToken], caseLabel dot: Int, labels: inout SwitchLabelMemo) -> String? {
        guard let caseKeyword = labelKeyword(tokens, dot: dot, labels: &labels),
            let brace = switchBrace(tokens, caseKeyword: caseKeyword, labels: &labels)
        else { return nil }
        // The subject is a variable or property named for flags: `switch featureFlag {`,
        // `switch self.flag {`, `switch (flag) {`; not `switch FeatureFlagRows(rawValue: row) {`,
        // whose cases are another type's.
        guard let start = (max(0, brace - 16)..<brace).last(where: { tokens[$0].kind == .identifier && tokens[$0].text == "switch" }) else { return nil }
        var subject = tokens[(start + 1)..<brace]
        if subject.first?.isPunctuation("(") == true && subject.last?.isPunctuation(")") == true { subject = subject.dropFirst().dropLast() }
        for (offset, token) in subject.enumerated() {
            let isName = token.kind == .identifier && !Self.startsUppercase(token.text)
            guard offset % 2 == 0 ? isName : token.isPunctuation(".") else { return nil }
        }
        guard subject.count % 2 == 1, let last = subject.last, Self.namesToggles(last.text) else { return nil }
        return "switch " + subject.map(\.text).joined()
    }

    /// The `case` keyword of the label whose pattern the dot starts, back over `.a, .b(let x), `;
    /// nil when the dot is not in a case label's pattern list.
    private func labelKeyword(_ tokens: [SwiftToken], dot: Int, labels: inout SwitchLabelMemo) -> Int? {
        var j = dot - 1
        var answer: Int??
        while j >= 3, tokens[j].isPunctuation(",") {
            var k = j - 1
            if tokens[k].isPunctuation(")") {
                var depth = 0
                while k > 0 {
                    labels.steps += 1
                    if tokens[k].isPunctuation(")") { depth += 1 }
                    if tokens[k].isPunctuation("(") { depth -= 1 }
                    k -= 1
                    if depth == 0 { break }
                }
            }
            labels.steps += 1
            guard k >= 2, tokens[k].kind == .identifier, tokens[k - 1].isPunctuation(".") else {
                answer = .some(nil)
                break
            }
            // The previous pattern's dot was walked from already: its label is this one's.
            if labels.lastDot == k - 1 {
                answer = .some(labels.lastDotKeyword)
                break
            }
            j = k - 2
        }
        let keyword: Int? =
            answer
            ?? {
                guard j >= 1, tokens[j].kind == .identifier, tokens[j].text == "case" else { return nil }
                // A label's `case`, not a pattern's: `if case .a = x`, `guard case`, `for case`,
                // `while case` and `if y, case .a = x` match another value than the switch's.
                let before = tokens[j - 1]
                if before.isPunctuation(",") || (before.kind == .identifier && ["if", "guard", "for", "while"].contains(before.text)) { return nil }
                return j
            }()
        labels.lastDot = dot
        labels.lastDotKeyword = keyword
        return keyword
    }

    /// The `{` that opens the body of the switch whose label starts at `caseKeyword`, back over
    /// the earlier case bodies; the walk stops at the previous label's `case` when it was walked from.
    private func switchBrace(_ tokens: [SwiftToken], caseKeyword: Int, labels: inout SwitchLabelMemo) -> Int? {
        if labels.lastKeyword == caseKeyword { return labels.lastKeywordBrace }
        var depth = 0
        var j = caseKeyword - 1
        var answer: Int??
        while j >= 0 {
            labels.steps += 1
            if tokens[j].isPunctuation("}") { depth += 1 }
            if tokens[j].isPunctuation("{") {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0 && j == labels.lastKeyword {
                answer = .some(labels.lastKeywordBrace)
                break
            }
            j -= 1
        }
        let brace = answer ?? (j >= 1 && tokens[j].isPunctuation("{") ? j : nil)
        labels.lastKeyword = caseKeyword
        labels.lastKeywordBrace = brace
        return brace
    }

    /// What the last case-label walks of a file found, where the next ones stop.
    package struct SwitchLabelMemo {
        /// The last dot walked from, and its label's `case` (nil: not in a label).
        var lastDot = -1
        var lastDotKeyword: Int?
        /// The last `case` walked from, and its switch's `{` (nil: none).
        var lastKeyword = -1
        var lastKeywordBrace: Int?
        /// Tokens stepped over, for tests of the walks' cost.
        package var steps = 0

        init() {}
    }
}
