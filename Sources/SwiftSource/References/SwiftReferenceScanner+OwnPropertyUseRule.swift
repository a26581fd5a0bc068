import LedgerCore
/// Pass 2: a flags type's own methods use its toggle properties by their bare names:
/// `enableConfigRefresh = raw.value(forKey: "…", default: false)` in `init(from:)`,
/// `RawFeatureFlag(key: "…", enabled: enableConfigRefresh)` in `encode(to:)`. Removing the
/// toggle touches each, so each is a reference, marked as in its declaring type's body. A bare
/// name is a local as often as a property elsewhere: only inside a type named for toggles (or a
/// configuration object), and only for a property that type declares as the toggle.
extension SwiftReferenceScanner {
    /// The bare name at `i` inside the body of `owner` (a type that owns toggles): assigned at a
    /// statement's start (`name = …`) or given as a labelled argument's whole value (`label: name)`).
    func ownPropertyUse(_ tokens: [SwiftToken], at i: Int, owner: String, file: String, facts: EnumFacts) -> RuleOutcome {
        guard i >= 1, i + 1 < tokens.count, !tokens[i - 1].isPunctuation("."), !tokens[i - 1].isPunctuation("\\") else { return .notApplicable }
        let next = tokens[i + 1], previous = tokens[i - 1]
        let assigned = next.kind == .operator && next.text == "=" && (previous.line < tokens[i].line || previous.isPunctuation("{") || previous.isPunctuation(";"))
        let argument =
            previous.isPunctuation(":") && i >= 3 && tokens[i - 2].kind == .identifier && (tokens[i - 3].isPunctuation("(") || tokens[i - 3].isPunctuation(","))
            && (next.isPunctuation(",") || next.isPunctuation(")"))
        guard assigned || argument else { return .notApplicable }
        let name = tokens[i].text
        // The type must be the toggle's home: `BrazeConfig`'s own `pushNotificationsEnabled` is not `AppConfig`'s key getter.
        guard facts.discovery.propertyOwners[name] == owner || toggleHomes(of: name, facts: facts).contains(owner),
            let key = spellings[name] ?? knownSpelling(of: name) ?? facts.keyGetters[name] ?? facts.discovery.propertyKeys[name]?.first
        else {
            return .notApplicable
        }
        var reference = CodeReference(
            toggle: key, kind: .member, file: file, line: tokens[i].line, column: tokens[i].column,
            symbol: assigned ? "\(name) = …" : "\(tokens[i - 2].text): \(name)", enumName: owner)
        reference.form = assigned ? "own property assignment" : "own property argument"
        reference.ownBody = true
        return .references([reference])
    }
}
