import LedgerCore
/// Pass 2: a flags struct's toggles as argument labels. A struct of stored `Bool`s
/// (`struct FeatureFlags { let netShield: Bool }`) is built through its memberwise or written
/// initialiser, so every toggle is also a label: `init(netShield: Bool, …)` and
/// `self.init(netShield: true, …)` in its own body, `FeatureFlags(netShield: false, …)` and
/// `.init(netShield: false, …)` in tests and mocks. Removing the toggle touches each of them.
extension SwiftReferenceScanner {
    /// `name:` at `label` (after `(` or `,`), the name a toggle the log knows in some spelling:
    /// a reference when the call it labels is a type named for toggles (`FeatureFlags(…)`), or,
    /// inside the body of such a type or of a toggle enum (`ownBody`), an `init` (declared or called)
    /// or `Self(…)`. Another call's label (`makeCell(netShield: …)`) is not.
    /// Without a log, the properties of a flags struct found by shape are the toggles.
    func toggleArgumentLabel(_ tokens: [SwiftToken], label: Int, file: String, facts: EnumFacts, ownBody: Bool) -> RuleOutcome {
        let name = tokens[label].text
        // A key getter's or key alias's name (`enableConfigRefresh`, keyed "enable_config_refresh_v2") is its key's toggle.
        guard let key = spellings[name] ?? knownSpelling(of: name) ?? facts.discovery.propertyKeys[name]?.first ?? facts.keyGetters[name] else { return .notApplicable }
        guard let open = Self.openingParenthesis(tokens, before: label), open >= 1, tokens[open - 1].kind == .identifier else {
            return .notApplicable
        }
        let callee = tokens[open - 1].text
        let byType = Self.startsUppercase(callee) && Self.namesToggleHolder(callee)
        let byOwnInitialiser = ownBody && (callee == "init" || callee == "Self")
        guard byType || byOwnInitialiser else {
            return .rejected("\(name): is a label of \(callee)(…), which is neither a type named for toggles nor, inside one, its init")
        }
        var reference = CodeReference(
            toggle: key, kind: .member, file: file, line: tokens[label].line, column: tokens[label].column,
            symbol: "\(callee)(\(name): …)")
        reference.form = "initializer label"
        reference.ownBody = ownBody
        return .references([reference])
    }

    /// The `(` of the argument or parameter list the token at `index` is in, back over nested
    /// parentheses, brackets and braces (a few hundred tokens at most); nil when it is in none.
    static func openingParenthesis(_ tokens: [SwiftToken], before index: Int) -> Int? {
        var depth = 0
        var j = index - 1
        while j >= 0 && index - j < 512 {
            let token = tokens[j]
            if token.kind == .punctuation {
                switch token.symbol {
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth += 1
                case UInt8(ascii: "("):
                    if depth == 0 { return j }
                    depth -= 1
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if depth == 0 { return nil }
                    depth -= 1
                default: break
                }
            }
            j -= 1
        }
        return nil
    }
}
