import LedgerCore
/// Pass 1 beyond enum cases: what the scanned types declare as members, so pass 2 can tell a
/// toggle from another type's member of the same spelling, follow key constants to their uses,
/// and know the type an implicit member is expected to have.
extension SwiftReferenceScanner {
    /// Keywords whose next name is a type whose `{` opens its body (`class` only before a type name).
    static let typeKeywords: Set<String> = ["struct", "class", "enum", "extension", "actor", "protocol"]
    /// Modifiers that may stand between `static` and `let`/`var`.
    private static let modifiers: Set<String> = [
        "static", "class", "public", "private", "fileprivate", "internal", "open", "final",
        "lazy", "nonisolated", "override", "package", "weak", "unowned", "dynamic",
    ]

    /// Whether a type's name says it holds toggles: `FeatureFlags`, `LabFeatures`, `Toggles`,
    /// `ExperimentSwitches`, `RemoteConfig` (case-insensitive).
    static func namesToggleType(_ name: String) -> Bool {
        containsIgnoringCase(name, "flag") || containsIgnoringCase(name, "feature") || containsIgnoringCase(name, "toggle")
            || containsIgnoringCase(name, "experiment") || containsIgnoringCase(name, "switch") || containsIgnoringCase(name, "config")
    }

    /// Whether an enum's name says it holds toggles only (flag, feature, toggle, experiment,
    /// switch): one logged case makes all its cases toggles. `VPNConfigurationRemovalReason` or
    /// `VpnManagerClientConfiguration` do not, whatever their cases are called.
    static func namesToggleHolder(_ name: String) -> Bool {
        containsIgnoringCase(name, "flag") || containsIgnoringCase(name, "feature") || containsIgnoringCase(name, "toggle")
            || containsIgnoringCase(name, "experiment") || containsIgnoringCase(name, "switch")
    }

    /// Whether a type's name says it is the app's configuration object, whose properties are
    /// its parameters: the word `Config` (`RemoteConfigClient`, `OEXConfig`), not `Configuration`
    /// (`VpnManagerConfiguration` describes a connection).
    static func namesConfigObject(_ name: String) -> Bool {
        containsIgnoringCase(name, "config") && SwiftScanSettings.KeyStyle.words(name).contains { $0.lowercased() == "config" || $0.lowercased() == "configs" }
    }

    /// Whether the property bound at `binding` is a `Bool`: annotated (`: Bool`, `: Bool?`),
    /// initialised with a literal (`= true`), or a generic over `Bool` (`= LaunchOption<Bool>(…)`,
    /// `: Setting<Bool>`).
    static func declaresBool(_ tokens: [SwiftToken], binding: Int) -> Bool {
        guard binding + 3 < tokens.count else { return false }
        let mark = tokens[binding + 2], first = tokens[binding + 3]
        let annotated = mark.isPunctuation(":")
        let assigned = mark.kind == .operator && mark.text == "="
        guard annotated || assigned else { return false }
        // `Bool?` is a setting that may be unset (`var safeMode: Bool?`), not a toggle.
        if annotated && first.text == "Bool" {
            return !(binding + 4 < tokens.count && tokens[binding + 4].kind == .operator && tokens[binding + 4].text.hasPrefix("?"))
        }
        if assigned && first.kind == .identifier && (first.text == "true" || first.text == "false") { return true }
        return binding + 6 < tokens.count && first.kind == .identifier && tokens[binding + 4].kind == .operator && tokens[binding + 4].text == "<"
            && tokens[binding + 5].text == "Bool" && tokens[binding + 6].kind == .operator && tokens[binding + 6].text.hasPrefix(">")
    }

    /// Whether the binding at `binding` (`let`/`var`) is `static` or `class`.
    static func isStatic(_ tokens: [SwiftToken], binding: Int) -> Bool {
        var j = binding - 1
        while j >= 0, tokens[j].kind == .identifier, modifiers.contains(tokens[j].text) {
            if tokens[j].text == "static" || tokens[j].text == "class" { return true }
            j -= 1
        }
        return false
    }

    /// `static let x = "key"` (a key constant when the log knows the key in some spelling),
    /// `static let x = …`/`static var x` (another type's static member, unless a flags type
    /// declares the toggle so named), and `var x: T` (the property's type).
    func recordMember(_ tokens: [SwiftToken], binding: Int, owner: String, file: String = "", into facts: inout EnumFacts) {
        let nameIndex = binding + 1
        let name = tokens[nameIndex].text
        if nameIndex + 2 < tokens.count, tokens[nameIndex + 1].isPunctuation(":"), tokens[nameIndex + 2].kind == .identifier,
            facts.declaredTypes[name] == nil
        {
            facts.declaredTypes[name] = tokens[nameIndex + 2].text
        } else if nameIndex + 2 < tokens.count, tokens[nameIndex + 1].kind == .operator, tokens[nameIndex + 1].text == "=",
            tokens[nameIndex + 2].isPunctuation("("), facts.declaredTypes[name] == nil
        {
            facts.declaredTypes[name] = Self.tupleType
        }
        if Self.namesToggleHolder(owner) || Self.namesConfigObject(owner), spellings[name] != nil {
            facts.toggleMemberOwners[name, default: []].insert(owner)
        }
        recordKeyGetter(tokens, binding: binding, owner: owner, into: &facts)
        guard Self.isStatic(tokens, binding: binding) else {
            if Self.declaresBool(tokens, binding: binding) { facts.boolMembers[name, default: []].insert(owner) }
            return
        }
        let literal = Self.keyLiteral(tokens, binding: binding, owner: owner)
        // A key type's instance (`static let program: Self = "program_enabled"`) named as the log
        // names a toggle is that toggle's key, whatever the key's spelling.
        if let literal, let key = spellings[tokens[literal].text] ?? (tokens[nameIndex + 1].isPunctuation(":") ? knownSpelling(of: name) : nil) {
            if facts.keyConstants[name] == nil { facts.keyConstants[name] = key }
            facts.keyConstantOwners[name, default: []].insert(owner)
            return
        }
        if Self.declaresBool(tokens, binding: binding) {
            facts.boolStatics.append(
                (
                    ToggleDeclaration(enumName: owner, caseName: name, file: file, line: tokens[nameIndex].line, column: tokens[nameIndex].column),
                    "static \(tokens[binding].text) \(name)"
                ))
        }
        // A static Bool so named declares the toggle (`static var addMissingEpisodes: Bool { … }`,
        // `static let disableFirebase = LaunchOption<Bool>(…)`): not another type's member.
        if knownSpelling(of: name) != nil && (Self.namesToggleType(owner) || Self.declaresBool(tokens, binding: binding)) {
            facts.staticToggleOwners[name, default: []].insert(owner)
            return
        }
        facts.otherCases[name, default: []].insert(owner)
        // Without a log, kept for the names discovery may find (DiscoveredToggleNames.swift).
        if spellings.isEmpty {
            facts.naming.statics.append((name, owner, literal.map { tokens[$0].text }, Self.declaresBool(tokens, binding: binding)))
        }
    }

    /// The string literal a static constant at `binding` is initialised with (its token): `static
    /// let x = "key"`, or, in a type named for toggles, an instance of a string-literal key type
    /// written as a literal (`static let x: Self = "key"`, `static let x: FeatureFlagKey = "key"`
    /// in `extension FeatureFlagKey`). A type not named for toggles (`static let runDetail: Self =
    /// "RunDetail"` naming a package target) holds no keys so typed.
    static func keyLiteral(_ tokens: [SwiftToken], binding: Int, owner: String) -> Int? {
        var value = binding + 3
        guard value < tokens.count else { return nil }
        if tokens[binding + 2].isPunctuation(":") {
            guard value + 1 < tokens.count, tokens[value].text == "Self" || tokens[value].text == owner, namesToggleHolder(owner) else { return nil }
            value += 2
        }
        guard value < tokens.count, tokens[value - 1].kind == .operator, tokens[value - 1].text == "=",
            tokens[value].kind == .string, !tokens[value].interpolated
        else { return nil }
        return value
    }

    /// `func name(label inner: Type, _ x: Other)`: each parameter's type by its label, and the
    /// function's parameter types.
    /// `init(_ flag: FeatureFlag)` of a type is recorded under the type's name (`called`), as
    /// `FeatureFlagged(.drawings)` and `@FeatureFlagged(.drawings) var x` call it.
    func recordParameters(_ tokens: [SwiftToken], function nameIndex: Int, called: String? = nil, into facts: inout EnumFacts) {
        let function = called ?? tokens[nameIndex].text
        var i = nameIndex + 1
        // A failable initializer: `init?(`.
        if called != nil, i < tokens.count, tokens[i].kind == .operator, tokens[i].text == "?" || tokens[i].text == "!" { i += 1 }
        // Generic parameters: `func f<T>(`.
        if i < tokens.count, tokens[i].kind == .operator, tokens[i].text.hasPrefix("<") {
            while i < tokens.count, !tokens[i].isPunctuation("("), i - nameIndex < 32 { i += 1 }
        }
        guard i < tokens.count, tokens[i].isPunctuation("(") else { return }
        var depth = 0
        var label: String?
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .punctuation {
                if token.text == "(" || token.text == "[" { depth += 1 }
                if token.text == ")" || token.text == "]" {
                    depth -= 1
                    if depth == 0 { return }
                }
                if depth == 1, token.text == ",", i + 1 < tokens.count, tokens[i + 1].kind == .identifier { label = nil }
                if depth == 1, token.text == ":", i + 1 < tokens.count, tokens[Self.typeName(tokens, after: i)].kind == .identifier {
                    let type = tokens[Self.typeName(tokens, after: i)].text
                    facts.functionParameters[function, default: []].insert(type)
                    if let label, label != "_", facts.declaredTypes[label] == nil { facts.declaredTypes[label] = type }
                    // `from connectionConfig: ConnectionConfiguration`: the name the body reads it by.
                    let inner = tokens[i - 1]
                    if inner.kind == .identifier, inner.text != label, facts.declaredTypes[inner.text] == nil { facts.declaredTypes[inner.text] = type }
                }
            } else if depth == 1, token.kind == .identifier, label == nil, tokens[i - 1].kind == .punctuation {
                label = token.text
            }
            i += 1
        }
    }

    /// An enum that is a toggle enum by its name alone, none of whose cases or raw values the
    /// log knows (`enum PremiumFeature: String` of entitlements), is not one when the log is not
    /// empty; `sync swift` keeps it, as its first sync without a log adopted it.
    func demoteUnloggedEnums(_ facts: inout EnumFacts) {
        guard !knownToggles.isEmpty, !namesFromDiscovery, !adoptsEveryShape else { return }
        var logged: Set<String> = []
        for declaration in facts.declarations where knownToggles.contains(declaration.key) { logged.insert(declaration.enumName) }
        let demoted = Set(facts.enums.filter { $0.value.isToggle && $0.value.byName && !logged.contains($0.key) }.map(\.key))
        guard !demoted.isEmpty else { return }
        for name in demoted {
            let count = facts.toggleCases[name]?.count ?? 0
            facts.enums[name]?.isToggle = false
            facts.enums[name]?.rule =
                "named like a toggle enum, but none of its \(count) case\(count == 1 ? "" : "s") or raw values is a toggle the log knows (an enum of something else, such as entitlements)"
            facts.toggleEnums.remove(name)
            for caseName in (facts.toggleCases[name] ?? [:]).keys { facts.otherCases[caseName, default: []].insert(name) }
            facts.toggleCases[name] = nil
        }
        facts.declarations.removeAll { demoted.contains($0.enumName) }
    }

    /// The functions declared with a parameter of a toggle enum's type are queries.
    func resolveQueryFunctions(_ facts: inout EnumFacts) {
        // A key type's too (`func featureFlag(_ key: FeatureFlagKey)` of `static let x: Self = "key"`).
        let keyTypes = Set(facts.keyConstantOwners.values.joined().filter { Self.namesToggleHolder($0) })
        for (name, types) in facts.functionParameters where types.contains(where: { facts.toggleEnums.contains($0) || keyTypes.contains($0) }) {
            facts.queryFunctions.insert(name)
        }
    }
}
