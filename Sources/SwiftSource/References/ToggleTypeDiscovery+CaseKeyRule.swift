import LedgerCore

/// A toggle enum's keys spelled in its own body: `var keyName: String { switch self { case
/// .drawings: "flags.features.map_drawings" … } }` (the key a store reads a case by, when it is
/// not the case's raw value). Pass 1 reads the branches of a `String` property named for keys
/// (`key`, `remoteKey`, `keyName`) switching over `self`, in the body or an extension of an enum
/// named for toggles; pass 2 reports each branch's string literal as its case's key, marked as
/// in the declaring type's body. It needs no log: the switch says which case the key is.
extension ToggleTypeDiscovery {
    /// `var <…key…>: String[?] {` at `binding` (`var`) in the enum `owner`: records each
    /// `case .x[, .y]: [return] [condition ?] "key"` of its `switch self`.
    static func readCaseKeys(_ tokens: [SwiftToken], binding: Int, owner: String, path: String, into discovery: inout ToggleTypeDiscovery) {
        guard tokens[binding].text == "var", binding + 4 < tokens.count, SwiftReferenceScanner.containsIgnoringCase(tokens[binding + 1].text, "key"),
            tokens[binding + 2].isPunctuation(":"), tokens[binding + 3].text == "String"
        else { return }
        var open = binding + 4
        if tokens[open].kind == .operator && tokens[open].text == "?" { open += 1 }
        guard open + 3 < tokens.count, tokens[open].isPunctuation("{"), tokens[open + 1].text == "switch", tokens[open + 2].text == "self",
            tokens[open + 3].isPunctuation("{")
        else { return }
        var depth = 0
        var branch: String?
        var j = open + 3
        while j < tokens.count {
            let token = tokens[j]
            if token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation("}") {
                depth -= 1
                if depth == 0 { return }
            }
            if depth == 1, token.kind == .identifier, token.text == "case" || token.text == "default" {
                // `case .x, .y:` names the branch by its first case; `default:` by none.
                branch =
                    token.text == "case" && j + 2 < tokens.count && tokens[j + 1].isPunctuation(".") && tokens[j + 2].kind == .identifier
                    ? tokens[j + 2].text : nil
            } else if depth == 1, let branch, token.kind == .string, !token.interpolated, j > 0,
                tokens[j - 1].isPunctuation(":") || tokens[j - 1].text == "return" || (tokens[j - 1].kind == .operator && tokens[j - 1].text == "?")
            {
                discovery.branchKeys[Position(file: path, line: token.line, column: token.column)] = (owner, branch)
            }
            j += 1
        }
    }
}

extension SwiftReferenceScanner {
    /// The string literal at `i` in a toggle enum's body, when pass 1 read it as a case's key.
    func caseKey(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts) -> RuleOutcome {
        let string = tokens[i]
        guard let branch = facts.discovery.branchKeys[ToggleTypeDiscovery.Position(file: file, line: string.line, column: string.column)],
            let declaration = facts.toggleCases[branch.enumName]?[branch.caseName]
        else { return .notApplicable }
        var reference = CodeReference(
            toggle: declaration.key, kind: .stringKey, file: file, line: string.line, column: string.column,
            symbol: "case .\(branch.caseName): \"\(string.text)\"", enumName: branch.enumName)
        // No form: like a raw value, it belongs to the declaring type's body, which removing the toggle touches.
        reference.ownBody = true
        return .references([reference])
    }
}
