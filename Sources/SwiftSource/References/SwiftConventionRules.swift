import LedgerCore
/// Pass 2 rules for toggles that are not a toggle enum's cases: the log's names (in any
/// spelling) as properties, key constants, members read through a chain, and string keys
/// given to a call or a dictionary literal.
extension SwiftReferenceScanner {
    /// The body an open brace starts: a type's (its name's token), or something else's.
    struct Body {
        /// The token of the type's name; -1 for a function's, closure's or accessor's body.
        var typeToken: Int
        /// The body or an extension of a toggle enum.
        var isToggleEnum: Bool
        /// The body of a toggle enum or of a type named for toggles (`struct FeatureFlags`).
        var ownsToggles: Bool
        /// For the accessor body of a toggle property (`var x: Bool { … }`), the token of its name.
        var accessorOf = -1

        static let other = Body(typeToken: -1, isToggleEnum: false, ownsToggles: false)
    }

    /// The toggle a member name spells: a name the log knows in some spelling, or a key
    /// constant's (only through `owner`, one of the types declaring the constant, when given).
    func memberKey(_ name: String, facts: EnumFacts) -> String? {
        spellings[name] ?? knownSpelling(of: name) ?? facts.keyConstants[name]
    }

    /// `let x`/`var x`/`static let x = "key"` at `binding`, in the body of the type at `typeToken`:
    /// a toggle's declaration when the name is the log's (in some spelling) and the type is named
    /// for toggles, the property has a wrapper (`@Feature var x`) or is a `Bool` (annotated or `= true`);
    /// or when it is a key constant whose value the log knows.
    func propertyDeclaration(_ tokens: [SwiftToken], binding: Int, body: Body, file: String, facts: EnumFacts) -> RuleOutcome {
        let nameToken = tokens[binding + 1]
        let name = nameToken.text
        let owner = body.typeToken >= 0 ? tokens[body.typeToken].text : ""
        let isStatic = Self.isStatic(tokens, binding: binding)
        let prefix = (isStatic ? "static " : "") + tokens[binding].text + " "
        if let key = facts.keyConstants[name], facts.keyConstantOwners[name]?.contains(owner) == true, isStatic {
            return declared(key, symbol: prefix + name, form: "key constant", token: nameToken, file: file, owner: owner)
        }
        guard let key = spellings[name] ?? knownSpelling(of: name) else {
            if let key = facts.keyGetters[name], facts.keyGetterOwners[name]?.contains(owner) == true {
                return declared(key, symbol: prefix + name, form: "key getter", token: nameToken, file: file, owner: owner)
            }
            return .notApplicable
        }
        if let wrapper = Self.wrapper(tokens, binding: binding) {
            // `@NSManaged var runDetail: RunDetailEntity?`: an attribute on another type's stored value.
            if !body.ownsToggles, tokens[binding + 2].isPunctuation(":"), case let type = tokens[Self.typeName(tokens, after: binding + 2)],
                type.kind == .identifier, type.text != "Bool", !Self.namesToggleType(type.text)
            {
                return .rejected(
                    "@\(wrapper) \(tokens[binding].text) \(name) is named like the toggle \(key), but it is a \(type.text) of \(owner), which is not named for toggles")
            }
            return declared(key, symbol: "@\(wrapper) \(tokens[binding].text) \(name)", form: "property", token: nameToken, file: file, owner: owner)
        }
        let isBool = Self.declaresBool(tokens, binding: binding)
        guard body.ownsToggles || isBool else {
            return .rejected(
                "\(prefix)\(name) is named like the toggle \(key), but \(owner) is not named for toggles and the property is neither a Bool nor wrapped (@Feature var)")
        }
        if !body.ownsToggles, let why = declaredInAnotherType(name: name, key: key, owner: owner, facts: facts) { return .rejected("\(prefix)\(name): \(why)") }
        if !isBool, let why = keyDeclaredElsewhere(name: name, type: owner, facts: facts) { return .rejected("\(prefix)\(name) is not a Bool: \(why)") }
        return declared(key, symbol: prefix + name, form: "property", token: nameToken, file: file, owner: owner)
    }

    private func declared(_ key: String, symbol: String, form: String, token: SwiftToken, file: String, owner: String) -> RuleOutcome {
        var reference = CodeReference(
            toggle: key, kind: .declaration, file: file, line: token.line, column: token.column, symbol: symbol,
            enumName: owner.isEmpty ? nil : owner)
        reference.form = form
        return .references([reference])
    }

    /// The property wrapper before the binding at `binding`, past its modifiers: `@Feature var`,
    /// `@RemoteFlag(key: "x") var`.
    static func wrapper(_ tokens: [SwiftToken], binding: Int) -> String? {
        var j = binding - 1
        while j >= 0, tokens[j].kind == .identifier, tokens[j].text != "@",
            ["static", "public", "private", "fileprivate", "internal", "open", "final", "lazy", "nonisolated", "package"].contains(tokens[j].text)
        { j -= 1 }
        if j >= 0, tokens[j].isPunctuation(")") {
            var depth = 0
            while j >= 0 {
                if tokens[j].isPunctuation(")") { depth += 1 }
                if tokens[j].isPunctuation("(") { depth -= 1; if depth == 0 { j -= 1; break } }
                j -= 1
            }
        }
        guard j >= 1, tokens[j].kind == .identifier, tokens[j - 1].isPunctuation("@") else { return nil }
        return tokens[j].text
    }

    /// `receiver.name` at `dot` (not the start of an expression): a toggle when `name` is a key
    /// constant read through its type (`RCKeys.roundedAvatar`), or the log's name in some spelling
    /// and either no scanned type declares a static member or case so named or the chain reads
    /// through something named for toggles (`LabFeatures.shared.showGrid`, `settings.features.x`).
    func memberAccess(_ tokens: [SwiftToken], dot i: Int, file: String, facts: EnumFacts, ownBody: Bool, enclosingType: String? = nil) -> RuleOutcome {
        let name = tokens[i + 1].text
        let chain = receiverChain(tokens, before: i)
        let symbol = (chain.map(\.text) + [name]).joined(separator: ".")
        var key = spellings[name] ?? knownSpelling(of: name)
        var form = "member"
        if key == nil, let constant = facts.keyConstants[name] {
            guard let receiver = chain.last, facts.keyConstantOwners[name]?.contains(receiver.text) == true else {
                return .rejected("\(symbol): \(name) is a key constant of \((facts.keyConstantOwners[name] ?? []).sorted().joined(separator: ", ")), not of what it is read from")
            }
            key = constant
            form = "key constant"
        }
        if key == nil, let getter = facts.keyGetters[name] {
            key = getter
            form = "key getter"
        }
        guard let key else { return .notApplicable }
        // `Constants.UserDefaults.kidsProfile.showBanner`: a namespace enum so named, not the toggle.
        if facts.enums[name] != nil, i + 2 < tokens.count, tokens[i + 2].isPunctuation(".") {
            return .rejected("\(symbol): \(name) is an enum declared in the scanned files, read through as a namespace")
        }
        // `Constants.kidsProfile`, `AutofillSubfeature.passwordGeneration`: a static member of a type
        // that declares no such toggle, when it is not named for toggles or a toggle enum declares the toggle.
        if form == "member", chain.count == 1, chain[0].text != "Self", Self.startsUppercase(chain[0].text),
            !Self.namesToggleType(chain[0].text) || (facts.caseKeys[name] != nil && !facts.toggleEnums.contains(chain[0].text)),
            facts.staticToggleOwners[name]?.contains(chain[0].text) != true
        {
            return .rejected("\(symbol): a static member of \(chain[0].text), which declares no toggle \(name)")
        }
        // `self.x` in the body of a type named for toggles is its own property, whatever others declare;
        // `self` is the innermost type (`GoalHistoryFeature.State`'s own `history`, not the reducer's).
        let ownProperty =
            ownBody && chain.count == 1 && chain[0].text == "self"
            && enclosingType.map { facts.toggleEnums.contains($0) || Self.namesToggleHolder($0) || Self.namesConfigObject($0) } != false
        // `L10n.App.Feature.program`: the last type of the path declares its own `program`, the key is another type's.
        if form == "member", let receiver = chain.last, Self.startsUppercase(receiver.text), receiver.text != "Self",
            facts.staticToggleOwners[name]?.contains(receiver.text) == true || facts.otherCases[name]?.contains(receiver.text) == true,
            !facts.boolStatics.contains(where: { $0.declaration.enumName == receiver.text && $0.declaration.caseName == name }),
            let why = keyDeclaredElsewhere(name: name, type: receiver.text, facts: facts)
        {
            return .rejected("\(symbol): \(why)")
        }
        if form == "member", !ownProperty, let others = facts.otherCases[name], !others.isEmpty,
            !chain.contains(where: { Self.namesToggleType($0.text) })
        {
            return .rejected(
                "\(symbol): \(others.sorted().joined(separator: ", ")) also declare\(others.count == 1 ? "s" : "") \(name), and nothing in the chain is named for toggles")
        }
        if !ownProperty, let why = memberOfAnotherType(tokens, name: name, key: key, chain: chain, enclosingType: enclosingType, facts: facts) {
            return .rejected("\(symbol): \(why)")
        }
        var reference = CodeReference(toggle: key, kind: .member, file: file, line: tokens[i + 1].line, column: tokens[i + 1].column, symbol: symbol)
        reference.form = form
        reference.ownBody = ownBody
        return .references([reference])
    }

    /// The names of the member chain ending before `end` (`LabFeatures.shared` before `.showGrid`),
    /// past calls and optional marks, at most eight names.
    func receiverChain(_ tokens: [SwiftToken], before end: Int) -> [SwiftToken] {
        var names: [SwiftToken] = []
        var j = end - 1
        while j >= 0 && names.count < 8 {
            let token = tokens[j]
            if token.kind == .identifier {
                names.append(token)
                guard j >= 1, tokens[j - 1].isPunctuation(".") else { break }
                j -= 2
            } else if token.kind == .operator && (token.text == "?" || token.text == "!") {
                j -= 1
            } else if token.isPunctuation(")") {
                var depth = 0
                while j >= 0 {
                    if tokens[j].isPunctuation(")") { depth += 1 }
                    if tokens[j].isPunctuation("(") { depth -= 1; if depth == 0 { break } }
                    j -= 1
                }
                j -= 1
            } else {
                break
            }
        }
        return names.reversed()
    }

    /// A string literal at `i` given as a call's argument (`flag("new_onboarding")`,
    /// `register(name: "inbox")`) or as a dictionary literal's key (`["inbox": true]`), naming a
    /// toggle the log knows in some spelling. The accessor rules (`forKey:`, `key:`, `AppStorage(`,
    /// `x["k"]`) see their own strings.
    func stringArgument(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts, discovered: Bool = false) -> RuleOutcome {
        if tokens[i].text.utf8.first == UInt8(ascii: "-"), !tokens[i].interpolated {
            return launchArgument(tokens, at: i, file: file, facts: discovered ? facts : nil)
        }
        guard i >= 2, i + 1 < tokens.count, !tokens[i].interpolated else { return .notApplicable }
        let previous = tokens[i - 1]
        let form: String
        if tokens[i + 1].isPunctuation(":") && (previous.isPunctuation("[") || previous.isPunctuation(",")) {
            form = "dictionary key"
        } else if previous.isPunctuation("("),
            (tokens[i - 2].kind == .identifier && tokens[i - 2].text != "AppStorage" && Self.namesKey(tokens[i - 2].text))
                || (i >= 5 && tokens[i - 2].kind == .operator && tokens[i - 2].text == ">" && tokens[i - 4].kind == .operator && tokens[i - 4].text == "<"
                    && Self.namesKey(tokens[i - 5].text))
        {
            form = "string argument"
        } else if previous.isPunctuation(":"), i >= 3, tokens[i - 2].kind == .identifier, tokens[i - 2].text != "forKey", tokens[i - 2].text != "key",
            Self.namesKey(tokens[i - 2].text), tokens[i - 3].isPunctuation("(") || tokens[i - 3].isPunctuation(",")
        {
            form = "string argument"
        } else {
            return .notApplicable
        }
        let text = tokens[i].text
        guard let key = facts.keyNames.contains(text) ? text : spellings[text] ?? facts.aliasKeys[text] else { return .notApplicable }
        var reference = CodeReference(
            toggle: key, kind: .stringKey, file: file, line: tokens[i].line, column: tokens[i].column,
            symbol: form == "dictionary key"
                ? "[\"\(text)\": …]"
                : previous.text == "(" ? "\(tokens[i - 2].kind == .identifier ? tokens[i - 2].text : "")(\"\(text)\")" : "\(tokens[i - 2].text): \"\(text)\"")
        reference.form = form
        return .references([reference])
    }

    /// `"--disableFirebase"`, `"-newOnboarding"`: a command-line flag, wherever it stands
    /// (`app.launchArguments`, `LaunchOption<Bool>("--x")`), naming a toggle the log knows in
    /// some spelling after its dashes. The dashes say it is a key, not text.
    /// Without a log, a property toggle found by shape (`facts`) is named so too.
    func launchArgument(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts? = nil) -> RuleOutcome {
        let text = tokens[i].text
        let name = String(text.drop { $0 == "-" })
        guard text.utf8.count - name.utf8.count <= 2, let key = spellings[name] ?? facts?.discovery.propertyKeys[name]?.first else { return .notApplicable }
        var reference = CodeReference(toggle: key, kind: .stringKey, file: file, line: tokens[i].line, column: tokens[i].column, symbol: "\"\(text)\"")
        reference.form = "launch argument"
        return .references([reference])
    }

    /// A string literal in a toggle enum's own body (`var remoteKey: String { switch self { case
    /// .x: "x_enabled" } }`) naming a toggle the log knows in some spelling: its key, spelled
    /// where removing the toggle touches it.
    func ownKeyString(_ tokens: [SwiftToken], at i: Int, file: String) -> RuleOutcome {
        guard !tokens[i].interpolated, let key = spellings[tokens[i].text] else { return .notApplicable }
        // The accessor rules' own strings (`forKey: "x"`, `AppStorage("x")`, `x["k"]`) are theirs, and
        // a case's raw value (`case x = "x"`) is its declaration's.
        if i >= 2,
            tokens[i - 1].isPunctuation("[") || (tokens[i - 1].kind == .operator && tokens[i - 1].text == "=")
                || (tokens[i - 1].isPunctuation(":") && (tokens[i - 2].text == "forKey" || tokens[i - 2].text == "key"))
                || (tokens[i - 1].isPunctuation("(") && tokens[i - 2].text == "AppStorage")
        {
            return .notApplicable
        }
        var reference = CodeReference(toggle: key, kind: .stringKey, file: file, line: tokens[i].line, column: tokens[i].column, symbol: "\"\(tokens[i].text)\"")
        // No form: it belongs to the declaring type's body, which the cleanup rewrites with the case.
        reference.ownBody = true
        return .references([reference])
    }

    /// Whether a call or label says its string is a key: named for keys or toggles
    /// (`ConfigKey<Bool>(…)`, `flag(…)`, `register(feature: …)`), not `print(…)` or `Text(…)`.
    static func namesKey(_ name: String) -> Bool {
        containsIgnoringCase(name, "key") || namesToggleType(name)
    }

    /// What the syntax says an implicit member at `dot` must be: the declared type of the
    /// property it is assigned to or of the labelled parameter it is passed as (`tabItem = .inbox`
    /// with `var tabItem: Tab`), or a toggle when it is the argument of a function declared with a
    /// toggle enum parameter. Nil when the syntax does not say.
    func expectedType(_ tokens: [SwiftToken], dot i: Int, facts: EnumFacts) -> (type: String, isToggle: Bool)? {
        guard i >= 2 else { return nil }
        if let root = keyPathRoot(tokens, dot: i) { return (root, facts.toggleEnums.contains(root) || Self.namesToggleType(root)) }
        let previous = tokens[i - 1]
        if previous.isPunctuation("("), tokens[i - 2].kind == .identifier, facts.queryFunctions.contains(tokens[i - 2].text) {
            return (tokens[i - 2].text, true)
        }
        if previous.isPunctuation(":"), i >= 4, tokens[i - 3].isPunctuation("("), facts.queryFunctions.contains(tokens[i - 4].text) {
            return (tokens[i - 4].text, true)
        }
        guard previous.isPunctuation(":") || (previous.kind == .operator && previous.text == "="),
            tokens[i - 2].kind == .identifier, let type = facts.declaredTypes[tokens[i - 2].text]
        else { return nil }
        return (type, facts.toggleEnums.contains(type))
    }
}
