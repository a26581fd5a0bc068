import LedgerCore
/// Pass 1: key getters, the convention of apps whose toggles are keys of a configuration
/// dictionary read through a computed property: `var discussionsEnabled: Bool { return
/// bool(forKey: "DISCUSSIONS_ENABLED") }` in a configuration type or its extension. The key is
/// the log's name; the getter's name is how the code reads it (`environment.config.discussionsEnabled`),
/// so the getter is a declaration of the toggle and every `x.discussionsEnabled` a reference.
extension SwiftReferenceScanner {
    /// Tokens of a getter's body looked through for its key: a getter is a line or two.
    private static let keyGetterBodyLimit = 96

    /// `var name: Bool {` (or `Bool?`) at `binding`, in the body of `owner`, whose body passes a
    /// string literal the log knows in some spelling to a call: a key getter of that toggle.
    func recordKeyGetter(_ tokens: [SwiftToken], binding: Int, owner: String, into facts: inout EnumFacts) {
        guard tokens[binding].text == "var", binding + 4 < tokens.count,
            tokens[binding + 2].isPunctuation(":"), tokens[binding + 3].text == "Bool"
        else { return }
        var open = binding + 4
        if tokens[open].kind == .operator && tokens[open].text == "?" { open += 1 }
        guard open < tokens.count, tokens[open].isPunctuation("{") else { return }
        var depth = 0
        var j = open
        // Without a log, the literals are kept for the names discovery may find (DiscoveredToggleNames.swift).
        var literals: [String] = []
        defer {
            if !literals.isEmpty { facts.naming.getters.append((tokens[binding + 1].text, owner, literals)) }
        }
        while j < tokens.count && j - open < Self.keyGetterBodyLimit {
            let token = tokens[j]
            if token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation("}") {
                depth -= 1
                if depth == 0 { return }
            }
            if spellings.isEmpty {
                if token.kind == .string, !token.interpolated, tokens[j - 1].isPunctuation("(") || (tokens[j - 1].isPunctuation(":") && tokens[j - 2].kind == .identifier) {
                    literals.append(token.text)
                }
                j += 1
                continue
            }
            // A key is a call's argument (`bool(forKey: "K")`, `flag("K")`), not a case label's pattern
            // (`switch rawValue { case "k": true }` is a toggle enum's own lookup).
            if token.kind == .string, !token.interpolated, tokens[j - 1].isPunctuation("(") || (tokens[j - 1].isPunctuation(":") && tokens[j - 2].kind == .identifier),
                let key = spellings[token.text]
            {
                let name = tokens[binding + 1].text
                if facts.keyGetters[name] == nil { facts.keyGetters[name] = key }
                facts.keyGetterOwners[name, default: []].insert(owner)
                return
            }
            j += 1
        }
    }
}
