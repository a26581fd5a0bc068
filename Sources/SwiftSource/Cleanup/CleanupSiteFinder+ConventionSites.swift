/// The sites of a toggle that is not a toggle enum's case (issue 27's conventions): a Bool
/// property of a flags type read through a chain (`FeatureFlags.inbox`, `flags.inbox`,
/// `LabFeatures.shared.inbox.isEnabled`), a key constant given to a Bool read
/// (`defaults.bool(forKey: Keys.inbox)`), a string key given to a query
/// (`isFeatureEnabled("inbox")`), an entry keyed by the toggle, and the declarations.
extension CleanupSiteFinder {
    /// The site of a reference the scan found in one of those conventions.
    func conventionSite(_ source: CleanupSource, _ index: Int, _ reference: CodeReference) -> CleanupSite {
        let symbol = reference.symbol
        // A flags type's own bare uses (`x = raw.value(…)`) and a key in a literal's JSON: the reader rewrites those.
        if let form = reference.form, form.hasPrefix("own property") || form == "quoted key" {
            return CleanupSite(token: index, symbol: symbol, kind: .unsupported("\(symbol) is a toggle's \(form) the cleanup cannot place"))
        }
        switch reference.kind {
        case .declaration:
            let rule = reference.form == "key constant" ? "key constant declaration removed" : "property declaration removed"
            do throws(BooleanFolding.Refusal) {
                let range = try PropertyRemoval(source: source, settings: scanner.settings).extent(name: index)
                return CleanupSite(token: index, symbol: symbol, kind: .property(range, rule: rule))
            } catch {
                return CleanupSite(token: index, symbol: symbol, kind: .unsupported(error.reason))
            }
        case .member:
            // The member rule reports the dot before the name, the qualified-member rule the qualifier.
            let name = source.isPunctuation(index, ".") ? index + 1 : index + 2
            if reference.form == "key constant" {
                var first = name
                while first >= 2, source.isPunctuation(first - 1, "."), source.tokens[first - 2].kind == .identifier { first -= 2 }
                return classifyKey(source, first: first, last: name, symbol: symbol)
            }
            return propertyRead(source, name: name, symbol: symbol)
        case .stringKey:
            return classifyKey(source, first: index, last: index, symbol: symbol)
        case .implicitMember:
            return CleanupSite(token: index, symbol: symbol, kind: .unsupported("\(symbol) is a toggle's \(reference.form ?? "member") the cleanup cannot place"))
        }
    }

    /// Whether the qualified member `Owner.name` (no convention named by the scan: the
    /// qualifier is named like a flags type) is the toggle's property rather than an enum case.
    func isConventionProperty(owner: String?, name: String) -> Bool {
        guard let owner, facts.toggleCases[owner] == nil else { return false }
        return conventions.properties.contains { $0.owner == owner && $0.name == name && !$0.isKeyConstant }
    }

    /// A read of the toggle's property whose name is at `name`: the chain before it and, for a
    /// property that is not a Bool itself, its Bool property after (`.isEnabled`).
    func propertyRead(_ source: CleanupSource, name: Int, symbol: String) -> CleanupSite {
        let tokens = source.tokens
        let propertyName = tokens[name].text
        func refuse(_ reason: String) -> CleanupSite { CleanupSite(token: name, symbol: symbol, kind: .unsupported(reason)) }
        let start: Int
        switch chainStart(source, method: name) {
        case .success(let found): start = found
        case .failure(let refusal): return refuse("\(symbol): " + refusal.reason)
        }
        let chain = (start..<name).filter { tokens[$0].kind == .identifier }.map { tokens[$0].text }
        // The declaration the chain names (`LabFeatures.shared.inbox`), else the only one, else
        // several that agree on being a Bool.
        let declared = conventions.properties.filter { $0.name == propertyName && !$0.isKeyConstant }
        let named = declared.filter { owner in chain.contains { conventions.names($0, owner: owner.owner) || facts.declaredTypes[$0] == owner.owner } }
        guard let property = named.first ?? (Set(declared.map(\.isBool)).count == 1 ? declared.first : nil) else {
            return refuse(
                declared.isEmpty
                    ? "\(symbol): the declaration of \(propertyName) is not in the files cleaned, so whether it is a Bool is not known"
                    : "\(symbol): \(declared.map(\.owner).joined(separator: " and ")) declare \(propertyName), one a Bool and one not, and nothing in the chain names either")
        }
        if conventions.sharedNames.contains(propertyName),
            !chain.contains(where: { conventions.names($0, owner: property.owner) || facts.declaredTypes[$0] == property.owner })
        {
            return refuse("\(symbol): something else is named \(propertyName) too, and nothing in the chain names \(property.owner)")
        }
        if tokens[start].text.hasPrefix("$") {
            return refuse("\(symbol) is a binding to the property ($), through which it can be written")
        }
        let offset = source.start(start)
        if offset > 0, source.bytes[offset - 1] == UInt8(ascii: "\\") {
            return refuse("\(symbol) is a key path to the property, which the cleanup cannot follow")
        }
        if source.isOperator(start - 1, "&") || isAssigned(source, name + 1) {
            return refuse("\(symbol) is written here, so its value is not only the one kept")
        }
        if property.isBool {
            if source.isPunctuation(name + 1, ".") || source.isPunctuation(name + 1, "(") {
                return refuse(
                    "\(symbol) is used other than as a Bool read (\(tokens[name + 1].text)\(name + 2 < tokens.count ? tokens[name + 2].text : "")), which the cleanup cannot follow"
                )
            }
            return CleanupSite(token: name, symbol: symbol, kind: .read(start...name))
        }
        if source.isPunctuation(name + 1, "."), name + 2 < tokens.count, tokens[name + 2].kind == .identifier,
            Self.boolProperties.contains(tokens[name + 2].text), !source.isPunctuation(name + 3, "("), !isAssigned(source, name + 3)
        {
            return CleanupSite(token: name, symbol: symbol + "." + tokens[name + 2].text, kind: .read(start...(name + 2)))
        }
        return refuse("\(symbol) is not a Bool (\(property.owner).\(propertyName) is declared as another type) and is used as a value, which the cleanup cannot follow")
    }
}
