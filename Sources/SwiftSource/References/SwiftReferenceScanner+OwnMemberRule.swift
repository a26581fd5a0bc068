import LedgerCore

/// The reference rule for a toggle property read by its bare name (an implicit `self.`) inside
/// its own type: `"* quickReply: \(quickReply)"` in the flags struct's `debugDescription`,
/// `return quickReply && isPhone` in one of its computed properties. The lexer hands the code
/// inside a string's `\( … )` to the rules as tokens, so interpolated reads are seen like any other.
extension SwiftReferenceScanner {
    /// The bare identifier at `i`, in the body or an extension of a type named for toggles (the
    /// nearest enclosing type in `braces`): a reference marked as in its declaring type when it is
    /// a toggle the log knows in some spelling, or (without a log) a property discovery found in that type.
    func ownMember(_ tokens: [SwiftToken], at i: Int, braces: [Body], file: String, facts: EnumFacts) -> RuleOutcome {
        let token = tokens[i]
        let name = token.text
        // `let x`, `func x`, `case x`, `Type x`: a declaration or a type's name, not a read.
        // A name in a later interpolation (`"\(a) \(x)"`, `"\(a)\(x)"`) has more than a blank between
        // it and the name before: not a declaration.
        if i > 0, tokens[i - 1].kind == .identifier,
            tokens[i - 1].line != token.line || token.column - tokens[i - 1].column - tokens[i - 1].text.utf8.count <= 1,
            tokens[i - 1].text == "case" || !Self.prefixKeywords.contains(tokens[i - 1].text)
        {
            return .notApplicable
        }
        // `(x: …`, `, x: …`: an argument label, the label rule's.
        if i > 0, i + 1 < tokens.count, tokens[i + 1].isPunctuation(":"), tokens[i - 1].isPunctuation("(") || tokens[i - 1].isPunctuation(",") { return .notApplicable }
        // `self.x = x`, `Flags(x: x)`: the value is a parameter or local of that name; the line is the member's.
        if i >= 2, tokens[i - 2].name == token.name, tokens[i - 1].isPunctuation(":") || (tokens[i - 1].kind == .operator && tokens[i - 1].text == "=") {
            return .notApplicable
        }
        guard let body = braces.last(where: { $0.typeToken >= 0 }), body.ownsToggles else { return .notApplicable }
        let owner = tokens[body.typeToken].text
        // In an enum's body a bare name is a case (`case a, b`), not a property read.
        if body.isToggleEnum, !facts.discovery.propertyTypes.contains(owner) { return .notApplicable }
        let key: String
        if let known = spellings[name] ?? knownSpelling(of: name) {
            key = known
        } else if let linked = facts.keyGetters[name], facts.keyGetterOwners[name]?.contains(owner) == true {
            // A property linked to its key in this type's own methods (SwiftReferenceScanner+KeyAliasRule.swift).
            key = linked
        } else if let declared = facts.toggleCases[owner]?[name], facts.discovery.propertyTypes.contains(owner) {
            key = declared.key
        } else {
            return .notApplicable
        }
        // `#if QUICK_REPLY_ENABLED`: a compilation condition spelled like the toggle is not a read of it.
        var j = i - 1
        while j >= 0, tokens[j].line == token.line {
            if tokens[j].isPunctuation("#"), tokens[j + 1].text == "if" || tokens[j + 1].text == "elseif" {
                return .rejected("\(name) is a compilation condition of an #if line, not a read of the toggle \(key)")
            }
            j -= 1
        }
        var reference = CodeReference(toggle: key, kind: .member, file: file, line: token.line, column: token.column, symbol: name, enumName: owner)
        reference.form = "own property"
        reference.ownBody = true
        return .references([reference])
    }

    /// Whether the toggle property bound at `binding` has an accessor body right after its type:
    /// `var x: Bool {`.
    static func opensAccessor(_ tokens: [SwiftToken], binding: Int) -> Bool {
        binding + 4 < tokens.count && tokens[binding + 2].isPunctuation(":") && tokens[binding + 3].kind == .identifier
            && tokens[binding + 4].isPunctuation("{")
    }

    /// `UserDefaults.standard.x` inside the accessor body of the toggle property `x` (the token
    /// at `accessor`): the toggle's own body reads its override, which removing the toggle
    /// removes too, even though another type declares a member of that name.
    func readInOwnAccessor(_ tokens: [SwiftToken], dot i: Int, accessor: Int, file: String, facts: EnumFacts) -> RuleOutcome? {
        let member = tokens[i + 1]
        guard member.name == tokens[accessor].name,
            let key = spellings[member.text] ?? knownSpelling(of: member.text) ?? facts.discovery.propertyKeys[member.text]?.first
        else { return nil }
        let symbol = (receiverChain(tokens, before: i).map(\.text) + [member.text]).joined(separator: ".")
        var reference = CodeReference(toggle: key, kind: .member, file: file, line: member.line, column: member.column, symbol: symbol)
        reference.form = "read in its own accessor"
        reference.ownBody = true
        return .references([reference])
    }
}
