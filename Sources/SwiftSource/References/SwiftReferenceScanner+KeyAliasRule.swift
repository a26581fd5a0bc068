import LedgerCore
/// Pass 1: key aliases, the convention of flag structs decoded from a list of keyed flags, whose
/// property names are not their remote keys: `enableConfigRefresh = raw.value(forKey:
/// "enable_config_refresh_v2", default: false)` in `init(from:)`, `RawFeatureFlag(key:
/// "enable_config_refresh_v2", enabled: enableConfigRefresh)` in `encode(to:)`. Only the type's
/// own code links the property to the key the log names; once linked, the property is read as a
/// key getter is (SwiftReferenceScanner+KeyGetterRule.swift): its declaration, labels and every `x.enableConfigRefresh`
/// are references of the key's toggle.
extension SwiftReferenceScanner {
    /// Tokens looked back from a key to the assignment it is the value of: a call or two.
    private static let keyAliasReach = 32

    /// The string literal at `string`, a key argument (`forKey: "k"`, `key: "k"`, `flag("k")`) in
    /// the body of a method of `owner`, when it links a property: the value assigned to a bare
    /// name at the start of a statement (`name = raw.value(forKey: "k")`, `self.name = …`), or a
    /// call's other argument that is a bare name (`Raw(key: "k", enabled: name)`). Decided after
    /// pass 1 (``resolveKeyAliases(_:)``): the owner must declare the name as a `Bool`.
    static func recordKeyAlias(_ tokens: [SwiftToken], string s: Int, owner: String, into facts: inout EnumFacts) {
        guard !tokens[s].interpolated, ToggleTypeDiscovery.isKeyArgument(tokens, string: s) else { return }
        let literal = tokens[s].text
        // `name = call(…"k"…)`: back out of the call to `=`.
        var depth = 0
        var j = s - 1
        while j >= 2, s - j < keyAliasReach {
            let token = tokens[j]
            if token.kind == .punctuation {
                switch token.symbol {
                case UInt8(ascii: ")"), UInt8(ascii: "]"): depth += 1
                case UInt8(ascii: "("), UInt8(ascii: "["): if depth > 0 { depth -= 1 }
                case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"): return
                default: break
                }
            } else if token.kind == .operator, depth == 0, token.text == "=" {
                let name = tokens[j - 1]
                guard name.kind == .identifier else { break }
                var start = j - 2
                if tokens[start].isPunctuation("."), start >= 1, tokens[start - 1].text == "self" { start -= 2 }
                // At a statement's start: a line's first token (not `let x =`, `foo.x =`, `case x =`).
                guard start < 0 || tokens[start].line < tokens[j - 1].line || tokens[start].isPunctuation("{") || tokens[start].isPunctuation(";") else { break }
                facts.keyAliasCandidates.append((name.text, owner, literal))
                return
            } else if token.kind == .operator, depth == 0, token.text != "?", token.text != "!" {
                break
            } else if token.kind == .identifier, depth == 0, token.text == "let" || token.text == "var" || token.text == "return" {
                return
            }
            j -= 1
        }
        // `Raw(key: "k", enabled: name)`: a later argument of the same call that is a bare name.
        j = s + 1
        while j + 3 < tokens.count, j - s < 12, tokens[j].isPunctuation(","), tokens[j + 1].kind == .identifier, tokens[j + 2].isPunctuation(":") {
            let value = tokens[j + 3]
            if value.kind == .identifier, value.text != "true", value.text != "false", value.text != "nil", value.text != "self", j + 4 < tokens.count,
                tokens[j + 4].isPunctuation(",") || tokens[j + 4].isPunctuation(")")
            {
                facts.keyAliasCandidates.append((value.text, owner, literal))
                return
            }
            // Past a simple value (`default: false`) to the next argument.
            j += 4
        }
    }

    /// The candidates of pass 1 whose owner declares the name as a `Bool` property: with a log (or
    /// names discovery found), a key it knows in some spelling makes the property a key getter of
    /// that toggle; without names, a key of a property discovery found makes the literal that
    /// property's key (``EnumFacts/aliasKeys``: JSON and string keys so spelled name it).
    func resolveKeyAliases(_ facts: inout EnumFacts) {
        guard !facts.keyAliasCandidates.isEmpty else { return }
        // The toggles a type already has a Bool property for, spelled as the log spells them:
        // `isLoaded = store.contains(key: "dark_mode")` beside `let darkMode: Bool` is not an alias.
        var spelledOwners: Set<String> = []
        for (name, owners) in facts.boolMembers {
            if let key = spellings[name] { for owner in owners { spelledOwners.insert(key + "\u{0}" + owner) } }
        }
        for candidate in facts.keyAliasCandidates where facts.boolMembers[candidate.name]?.contains(candidate.owner) == true {
            if let key = spellings[candidate.literal] {
                // A property that spells a toggle itself is that toggle already, and so is one the type
                // declares under the key's own name.
                guard spellings[candidate.name] == nil, !spelledOwners.contains(key + "\u{0}" + candidate.owner) else { continue }
                if facts.keyGetters[candidate.name] == nil { facts.keyGetters[candidate.name] = key }
                facts.keyGetterOwners[candidate.name, default: []].insert(candidate.owner)
            } else if spellings.isEmpty, facts.discovery.propertyOwners[candidate.name] == candidate.owner,
                let key = facts.discovery.propertyKeys[candidate.name]?.first, ToggleTypeDiscovery.isKeyLike(candidate.literal),
                facts.aliasKeys[candidate.literal] == nil
            {
                facts.aliasKeys[candidate.literal] = key
            }
        }
        facts.keyAliasCandidates = []
    }
}
