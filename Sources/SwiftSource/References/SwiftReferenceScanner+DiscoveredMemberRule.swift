import LedgerCore

/// The reference rule for the properties of toggle types found by shape
/// (``ToggleTypeDiscovery``): `FeatureFlags.x` is the qualified-member rule's, this one reads
/// an instance's `receiver.x`, as apps reach a flags struct through a shared instance or a
/// stored property: `Features.shared.x`, `AppEnvironment.current.featureFlags.x`, `flags.x`.
extension SwiftReferenceScanner {
    /// `receiver.name` (or `receiver?.name`) at `i` (the receiver), when `name` is a discovered toggle property.
    /// `self.x` counts in the body of a type named for toggles (`ownBody`).
    func discoveredMember(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts, ownBody: Bool = false) -> RuleOutcome {
        // `featureFlags?.x`, `featureFlags!.x`: past the optional mark.
        let optional = tokens[i + 1].kind == .operator
        guard !optional || (tokens[i + 1].text == "?" || tokens[i + 1].text == "!") && i + 3 < tokens.count else { return .notApplicable }
        let member = tokens[optional ? i + 3 : i + 2]
        guard member.kind == .identifier, !optional || !member.spaceBefore, let keys = facts.discovery.propertyKeys[member.text] else { return .notApplicable }
        let receiver = tokens[i].text
        // `FeatureFlags.x` itself is a qualified member.
        if facts.discovery.propertyTypes.contains(receiver), i == 0 || !tokens[i - 1].isPunctuation(".") { return .notApplicable }
        let ownProperty = ownBody && receiver == "self" && (i == 0 || !tokens[i - 1].isPunctuation("."))
        guard ownProperty || Self.namesToggles(receiver) || chainStartsAtToggleType(tokens, receiver: i, facts: facts) else {
            return .rejected("\(receiver).\(member.text): \(member.text) is a toggle property, but \(receiver) names no flags and its chain does not start at a toggle type")
        }
        return .references(
            keys.map { key in
                var reference = CodeReference(
                    toggle: key, kind: .member, file: file, line: tokens[i].line, column: tokens[i].column,
                    symbol: "\(receiver).\(member.text)", enumName: facts.discovery.propertyOwners[member.text])
                reference.ambiguousWith = keys.filter { $0 != key }
                reference.ownBody = ownProperty
                return reference
            })
    }

    /// `Features.shared.x`, `FeatureFlags.current.x`: back over `name.` pairs (a few at most)
    /// to a discovered toggle type.
    private func chainStartsAtToggleType(_ tokens: [SwiftToken], receiver i: Int, facts: EnumFacts) -> Bool {
        var j = i
        var steps = 0
        while j >= 2, steps < 4, tokens[j - 1].isPunctuation("."), tokens[j - 2].kind == .identifier {
            j -= 2
            steps += 1
            if facts.discovery.propertyTypes.contains(tokens[j].text) { return true }
        }
        return false
    }
}
