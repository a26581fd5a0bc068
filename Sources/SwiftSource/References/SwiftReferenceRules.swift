import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Pass 2 of ``SwiftReferenceScanner``: the reference rules. Each rule looks at one token and
/// says what it found, or why a token that could have been a reference is not one, so
/// `toggles scan --explain` reports the very decisions the scan made.
extension SwiftReferenceScanner {
    /// What a rule says about one token.
    package enum RuleOutcome {
        /// The token cannot start a reference of this rule's form.
        case notApplicable
        case references([CodeReference])
        /// It has the form, but is not a reference: why.
        case rejected(String)
    }

    /// Where a string key is read: the store decides which toggles it can name.
    package enum KeyStore {
        case remote, local, either

        func admits(_ kind: ToggleKind?) -> Bool {
            switch (self, kind) {
            case (.either, _), (_, nil): true
            case (.remote, .remote?), (.local, .local?): true
            default: false
            }
        }
    }

    static let prefixKeywords: Set<String> = ["return", "case", "in", "where", "throw", "try", "await", "is", "as", "else", "if", "guard", "while", "yield"]
    /// Argument labels that say the implicit member is a toggle, whatever the method.
    private static let toggleLabels: Set<String> = ["toggle", "flag", "feature", "featureFlag"]
    /// `UserDefaults` methods that take `forKey:`; their keys are local toggles.
    private static let userDefaultsWriters: Set<String> = ["set", "removeObject", "register"]

    /// References:
    /// - `ToggleEnum.name`, when `name` is a case of that enum (or, for a toggle enum whose
    ///   declaration was not scanned, a toggle the log knows);
    /// - `.name` where an expression starts, when `name` is a toggle case or a toggle the log
    ///   knows and no other enum has a case of that name; as the argument of a query method
    ///   (`isFeatureOn(.x)`, `isFeatureOn(for: .x)`, `isEnabled(.x)`, the setting's) or of a
    ///   `toggle:` label it counts even then. Inside a toggle enum's own body or extensions,
    ///   implicit members are skipped. A name several toggle enums declare is reported for each;
    /// - string keys that name a toggle: at a Remote Config accessor (`x["k"]`,
    ///   `configValue(forKey: "k")`, `key: "k"`) a remote toggle's, at `UserDefaults`
    ///   (`set(_:forKey:)`, `UserDefaults.standard.bool(forKey:)`) or `@AppStorage("k")` a
    ///   local toggle's.
    func collectReferences(_ file: LexedFile, facts: EnumFacts, into references: inout [CodeReference]) {
        var memo = NameMemo()
        collectReferences(file, facts: facts, memo: &memo, into: &references)
    }

    /// The same, remembering per name what the facts say in `memo` (for the tokens of one
    /// ``SwiftNameTable``), and skipping the candidates that could only be rejected.
    func collectReferences(_ file: LexedFile, facts: EnumFacts, memo: inout NameMemo, into references: inout [CodeReference]) {
        walk(file, facts: facts, memo: &memo, reasons: false) { _, outcome in
            if case .references(let found) = outcome { references.append(contentsOf: found) }
        }
    }

    /// Applies every rule to every token, telling `visit` each outcome that is not `notApplicable`.
    package func walk(_ file: LexedFile, facts: EnumFacts, visit: (Int, RuleOutcome) -> Void) {
        var memo = NameMemo()
        walk(file, facts: facts, memo: &memo, reasons: true, visit: visit)
    }

    /// `reasons`: whether `visit` wants the rejections too; without, a candidate whose name
    /// could only be rejected is not looked at further.
    private func walk(_ file: LexedFile, facts: EnumFacts, memo: inout NameMemo, reasons: Bool, visit: (Int, RuleOutcome) -> Void) {
        let tokens = file.tokens
        var labels = SwitchLabelMemo()
        // What each open brace is the body of: a toggle enum (or an extension of one), a type named for toggles, another type.
        var braces: [Body] = []
        var insideToggleBodies = 0
        // Read once: a nested dictionary read per identifier retains and releases it.
        let discoveredMembers = !facts.discovery.propertyKeys.isEmpty
        let hasCaseKeys = !facts.discovery.branchKeys.isEmpty
        var insideOwningBodies = 0
        var pendingBody = Body.other
        // The dot after a qualifier the qualified-member rule decided about: not a member access too.
        var qualifiedDot = -1
        // The dot of a member the discovered-member rule reported, and how many accessor bodies of toggle properties are open.
        var discoveredDot = -1
        var insideAccessors = 0
        for i in tokens.indices {
            // Read in place: a copy of each token (its text retained and released) cost 10% of a scan.
            switch tokens[i].kind {
            case .identifier:
                if i + 1 < tokens.count, tokens[i + 1].kind == .identifier, memo.holds(.declarationKeyword, tokens[i], scanner: self, facts: facts) {
                    let keyword = tokens[i].text
                    if keyword == "let" || keyword == "var" {
                        if let body = braces.last, body.typeToken >= 0, memo.holds(.mayBeMember, tokens[i + 1], scanner: self, facts: facts) {
                            let outcome = propertyDeclaration(tokens, binding: i, body: body, file: file.path, facts: facts)
                            if case .notApplicable = outcome {} else { visit(i + 1, outcome) }
                            if case .references = outcome, Self.opensAccessor(tokens, binding: i) { pendingBody.accessorOf = i + 1 }
                        } else if discoveredMembers, let body = braces.last, body.typeToken >= 0, Self.opensAccessor(tokens, binding: i),
                            facts.toggleCases[tokens[body.typeToken].text]?[tokens[i + 1].text] != nil
                        {
                            // Without a log: a property discovery found (`var x: Bool { … }` in a flags type).
                            pendingBody.accessorOf = i + 1
                        }
                    } else if keyword == "func" {
                        pendingBody = .other
                    } else if keyword != "class" || Self.startsUppercase(tokens[i + 1].text) {
                        let name = tokens[i + 1].text
                        let isToggleEnum = (keyword == "enum" || keyword == "extension") && facts.toggleEnums.contains(name)
                        pendingBody = Body(typeToken: i + 1, isToggleEnum: isToggleEnum, ownsToggles: isToggleEnum || Self.namesToggleHolder(name) || Self.namesConfigObject(name))
                    }
                }
                if i + 2 < tokens.count, tokens[i + 1].isPunctuation("."), memo.holds(.mayQualify, tokens[i], scanner: self, facts: facts) {
                    let outcome = qualifiedMember(tokens, at: i, file: file.path, facts: facts)
                    if case .notApplicable = outcome {
                    } else {
                        visit(i, outcome)
                        qualifiedDot = i + 1
                    }
                }
                var ownUseDecided = false
                // `x = raw.value(…)`, `Raw(key: "k", enabled: x)`: a flags type's own methods (SwiftReferenceScanner+OwnPropertyUseRule.swift).
                if insideOwningBodies > 0,
                    memo.holds(.mayBeMember, tokens[i], scanner: self, facts: facts) || (discoveredMembers && facts.discovery.propertyKeys[tokens[i].text] != nil),
                    let body = braces.last(where: { $0.typeToken >= 0 }), body.ownsToggles
                {
                    let outcome = ownPropertyUse(tokens, at: i, owner: tokens[body.typeToken].text, file: file.path, facts: facts)
                    if case .notApplicable = outcome {} else { visit(i, outcome); ownUseDecided = true }
                }
                // `"\(quickReply)"`, `return quickReply && x`: a toggle property read by its bare name in its own type
                // (unless the assignment/argument rule above took it: one token, one reference).
                if !ownUseDecided, insideOwningBodies > 0, i > 0, !tokens[i - 1].isPunctuation("."),
                    memo.holds(.mayBeMember, tokens[i], scanner: self, facts: facts) || (discoveredMembers && facts.discovery.propertyKeys[tokens[i].text] != nil)
                {
                    let outcome = ownMember(tokens, at: i, braces: braces, file: file.path, facts: facts)
                    if case .notApplicable = outcome {} else { visit(i, outcome) }
                }
                // `FeatureFlags(netShield: true)`, `init(netShield: Bool)`: a flags struct's labels.
                if i > 0, i + 1 < tokens.count, tokens[i + 1].isPunctuation(":"), tokens[i - 1].isPunctuation("(") || tokens[i - 1].isPunctuation(","),
                    memo.holds(.mayBeMember, tokens[i], scanner: self, facts: facts) || (discoveredMembers && facts.discovery.propertyKeys[tokens[i].text] != nil)
                {
                    // An `init` is the innermost type's: `State`'s nested in a `GoalHistoryFeature` is not the feature's.
                    let ownInit = insideOwningBodies > 0 && braces.last { $0.typeToken >= 0 }?.ownsToggles != false
                    let outcome = toggleArgumentLabel(tokens, label: i, file: file.path, facts: facts, ownBody: ownInit)
                    if case .notApplicable = outcome {} else { visit(i, outcome) }
                }
                // `Features.shared.x`, `featureFlags?.x`: properties of toggle types found by shape.
                if discoveredMembers, i + 2 < tokens.count,
                    tokens[i + 1].isPunctuation(".") || (tokens[i + 1].kind == .operator && !tokens[i + 1].spaceBefore && tokens[i + 2].isPunctuation("."))
                {
                    let outcome = discoveredMember(tokens, at: i, file: file.path, facts: facts, ownBody: insideOwningBodies > 0)
                    if case .references = outcome { discoveredDot = i + 1 }
                    if case .notApplicable = outcome {} else { visit(i, outcome) }
                }
                if i + 2 < tokens.count, tokens[i + 2].kind == .string, tokens[i + 1].kind == .punctuation,
                    (tokens[i + 1].text == ":" && (tokens[i].text == "forKey" || tokens[i].text == "key")) || (tokens[i + 1].text == "(" && tokens[i].text == "AppStorage")
                {
                    visit(i + 2, stringKey(tokens, at: i + 2, file: file.path, facts: facts, store: keyStore(tokens, label: i)))
                }
            case .punctuation:
                switch tokens[i].symbol {
                case UInt8(ascii: "{"):
                    braces.append(pendingBody)
                    if pendingBody.isToggleEnum { insideToggleBodies += 1 }
                    if pendingBody.ownsToggles { insideOwningBodies += 1 }
                    if pendingBody.accessorOf >= 0 { insideAccessors += 1 }
                    pendingBody = .other
                case UInt8(ascii: "}"):
                    if let body = braces.popLast() {
                        if body.isToggleEnum { insideToggleBodies -= 1 }
                        if body.ownsToggles { insideOwningBodies -= 1 }
                        if body.accessorOf >= 0 { insideAccessors -= 1 }
                    }
                case UInt8(ascii: "."):
                    if isMemberAccess(tokens, dot: i, memo: &memo, facts: facts) {
                        guard qualifiedDot != i, memo.holds(.mayBeMember, tokens[i + 1], scanner: self, facts: facts) else {
                            // Without a log: `UserDefaults.standard.x` in the accessor of the discovered toggle property `x`.
                            if insideAccessors > 0, qualifiedDot != i, discoveredDot != i, let accessor = braces.last(where: { $0.accessorOf >= 0 }),
                                let outcome = readInOwnAccessor(tokens, dot: i, accessor: accessor.accessorOf, file: file.path, facts: facts)
                            {
                                visit(i, outcome)
                            }
                            break
                        }
                        let enclosing = braces.last { $0.typeToken >= 0 }.map { tokens[$0.typeToken].text }
                        var outcome = memberAccess(tokens, dot: i, file: file.path, facts: facts, ownBody: insideOwningBodies > 0, enclosingType: enclosing)
                        if case .rejected = outcome, insideAccessors > 0, let accessor = braces.last(where: { $0.accessorOf >= 0 }) {
                            outcome = readInOwnAccessor(tokens, dot: i, accessor: accessor.accessorOf, file: file.path, facts: facts) ?? outcome
                        }
                        if case .notApplicable = outcome {} else { visit(i, outcome) }
                        break
                    }
                    if !reasons, !couldBeImplicitMember(tokens, dot: i, facts: facts, memo: &memo) { break }
                    let outcome = implicitMember(tokens, at: i, file: file.path, facts: facts, labels: &labels)
                    if case .notApplicable = outcome { break }
                    visit(i, insideToggleBodies == 0 ? outcome : ownCase(tokens, dot: i, braces: braces, file: file.path, facts: facts))
                case UInt8(ascii: "["):
                    // `receiver["name"]`: a subscript (attached to what precedes it), not an array literal.
                    if i > 0, !tokens[i].spaceBefore, i + 2 < tokens.count,
                        tokens[i - 1].kind == .identifier || (tokens[i - 1].kind == .punctuation && (tokens[i - 1].text == ")" || tokens[i - 1].text == "]")),
                        tokens[i + 1].kind == .string, tokens[i + 2].kind == .punctuation, tokens[i + 2].text == "]"
                    {
                        visit(i + 1, stringKey(tokens, at: i + 1, file: file.path, facts: facts, store: receiverStore(tokens, before: i) ?? .remote))
                    }
                default: break
                }
            case .string:
                var outcome = stringArgument(tokens, at: i, file: file.path, facts: facts, discovered: discoveredMembers)
                if case .notApplicable = outcome, insideToggleBodies > 0 { outcome = ownKeyString(tokens, at: i, file: file.path) }
                if case .notApplicable = outcome, insideToggleBodies > 0, hasCaseKeys { outcome = caseKey(tokens, at: i, file: file.path, facts: facts) }
                // `"""{ "key": "enable_x", "enabled": true }"""`: a logged key quoted inside a literal (SwiftReferenceScanner+QuotedKeyRule.swift).
                if case .notApplicable = outcome, memo.holdsQuotedKey(tokens[i], scanner: self, facts: facts) { outcome = quotedKeys(tokens, at: i, file: file.path, facts: facts) }
                if case .notApplicable = outcome {} else { visit(i, outcome) }
            default: break
            }
        }
    }

    /// Whether the dot at `i` reads a member of what precedes it (`x.name`, `f().name`, `a?.name`)
    /// rather than starting an implicit member.
    func isMemberAccess(_ tokens: [SwiftToken], dot i: Int, memo: inout NameMemo, facts: EnumFacts) -> Bool {
        guard i > 0, i + 1 < tokens.count, tokens[i + 1].kind == .identifier, !tokens[i + 1].spaceBefore, !tokens[i].spaceBefore else { return false }
        let previous = tokens[i - 1]
        switch previous.kind {
        case .identifier: return !memo.holds(.prefixKeyword, previous, scanner: self, facts: facts)
        case .punctuation: return previous.symbol == UInt8(ascii: ")") || previous.symbol == UInt8(ascii: "]")
        case .operator: return (previous.text == "?" || previous.text == "!") && !previous.spaceBefore
        default: return false
        }
    }

    /// An implicit member inside a toggle enum's body or extension: the enum's own case
    /// (`switch self { case .x: }`) is a reference marked as in its declaring type.
    func ownCase(_ tokens: [SwiftToken], dot i: Int, braces: [Body], file: String, facts: EnumFacts) -> RuleOutcome {
        let name = tokens[i + 1].text
        // `.remoteReleasable(.feature(.history))`: the argument of another type's case or static call.
        if i >= 3, tokens[i - 1].isPunctuation("("), tokens[i - 2].kind == .identifier, tokens[i - 3].isPunctuation(".") {
            return .rejected("inside a toggle enum's body, .\(name) is the argument of .\(tokens[i - 2].text)(…), a member of another type")
        }
        guard let body = braces.last(where: \.isToggleEnum), let declaration = facts.toggleCases[tokens[body.typeToken].text]?[name] else {
            return .rejected("inside a toggle enum's body or extension, where implicit members are the enum's own cases, and .\(name) is not one of them")
        }
        var reference = CodeReference(
            toggle: declaration.key, kind: .implicitMember, file: file, line: tokens[i].line, column: tokens[i].column,
            symbol: ".\(name)", enumName: declaration.enumName)
        reference.ownBody = true
        return .references([reference])
    }

    /// Whether the implicit member at `dot` can be a reference: the checks of
    /// ``implicitMember(_:at:file:facts:)`` that need no hash lookup once the memo knows the name.
    func couldBeImplicitMember(_ tokens: [SwiftToken], dot i: Int, facts: EnumFacts, memo: inout NameMemo) -> Bool {
        guard i + 1 < tokens.count, tokens[i + 1].kind == .identifier, !tokens[i + 1].spaceBefore else { return false }
        if i > 0, tokens[i - 1].kind == .identifier, !memo.holds(.prefixKeyword, tokens[i - 1], scanner: self, facts: facts) { return false }
        return memo.holds(.mayBeImplicitToggle, tokens[i + 1], scanner: self, facts: facts)
    }

    /// `ToggleEnum.name` at `i` (the enum's name).
    func qualifiedMember(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts) -> RuleOutcome {
        let enumName = tokens[i].text
        guard tokens[i + 2].kind == .identifier else { return .notApplicable }
        let member = tokens[i + 2].text
        let key: String?
        if let cases = facts.toggleCases[enumName] {
            key = cases[member]?.key
            if key == nil, member != "rawValue", member != "allCases", member != "init" {
                return .rejected("\(enumName).\(member): \(member) is not a case of the toggle enum \(enumName)")
            }
        } else if facts.toggleEnums.contains(enumName)
            || (facts.enums[enumName] == nil && Self.startsUppercase(enumName) && SwiftScanSettings.hasConventionalName(enumName))
        {
            // The enum is declared outside the scanned files: the log's names decide, unless a
            // scanned toggle enum declares the toggle (`AutofillSubfeature.passwordGeneration` is then another type's).
            if !facts.toggleEnums.contains(enumName), let declaring = facts.caseKeys[member], !declaring.isEmpty {
                return .rejected("\(enumName).\(member): \(member) is a case of a toggle enum declared in the scanned files, and \(enumName) is not declared in them")
            }
            key = knownToggles.contains(member) ? member : knownSpelling(of: member)
            if key == nil, facts.toggleEnums.contains(enumName), member != "allCases", member != "init" {
                let declared = facts.enums[enumName] != nil ? "is declared without cases in the scanned files" : "is not declared in the scanned files"
                return .rejected("\(enumName).\(member): \(enumName) \(declared) and the log knows no toggle \(member)")
            }
        } else {
            if let record = facts.enums[enumName], (facts.otherCases[member] ?? []).contains(enumName) {
                return .rejected("\(enumName).\(member): \(enumName) is not a toggle enum: \(record.rule)")
            }
            return .notApplicable
        }
        guard let key else { return .notApplicable }
        return .references([
            CodeReference(
                toggle: key, kind: .member, file: file, line: tokens[i].line, column: tokens[i].column,
                symbol: "\(enumName).\(member)", enumName: enumName)
        ])
    }

    static func startsUppercase(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return false }
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }

    /// `.name` at `i` (the dot).
    package func implicitMember(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts) -> RuleOutcome {
        var labels = SwitchLabelMemo()
        return implicitMember(tokens, at: i, file: file, facts: facts, labels: &labels)
    }

    /// The same, with what the earlier dots of the file found about their case labels.
    package func implicitMember(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts, labels: inout SwitchLabelMemo) -> RuleOutcome {
        guard i + 1 < tokens.count, tokens[i + 1].kind == .identifier, !tokens[i + 1].spaceBefore else { return .notApplicable }
        let name = tokens[i + 1].text
        // A leading dot is an implicit member only where an expression starts.
        if i > 0 {
            let previous = tokens[i - 1]
            switch previous.kind {
            case .identifier where !Self.prefixKeywords.contains(previous.text): return .notApplicable
            case .string, .number: return .notApplicable
            case .punctuation where [")", "]", "}"].contains(previous.text): return .notApplicable
            case .operator where (previous.text == "?" || previous.text == "!") && !previous.spaceBefore: return .notApplicable
            default: break
            }
        }
        var keys = facts.caseKeys[name] ?? (knownToggles.contains(name) ? [name] : (knownSpelling(of: name) ?? facts.keyConstants[name]).map { [$0] } ?? [])
        // `\.enableConfigRefresh`: a key path to a key getter's (or key alias's) property. The lexer
        // drops the backslash: the dot stands one byte after the punctuation before it (`(\.x`).
        if keys.isEmpty, i > 0, tokens[i].spaceBefore, tokens[i - 1].kind == .punctuation, tokens[i - 1].line == tokens[i].line,
            tokens[i - 1].column + 2 == tokens[i].column, let key = facts.keyGetters[name]
        {
            keys = [key]
        }
        guard !keys.isEmpty else {
            return .rejected(".\(name) is neither a case of a toggle enum nor a toggle the log knows")
        }
        // The type the syntax expects decides first; then other types declaring the name (a
        // switch's labels are looked for back to the switch: not for every implicit member).
        let expected = expectedType(tokens, dot: i, facts: facts)
        if let expected, !expected.isToggle, (facts.otherCases[name] ?? []).contains(expected.type) {
            return .rejected(".\(name) is a \(expected.type): \(tokens[i - 2].text) is declared as \(expected.type), which declares \(name)")
        }
        if expected == nil, let why = comparedWithAnotherType(tokens, dot: i, facts: facts) {
            return .rejected(".\(name): \(why)")
        }
        if expected?.isToggle != true, let others = facts.otherCases[name], !others.isEmpty, queryCall(tokens, dot: i, labels: &labels) == nil {
            return .rejected(
                ".\(name) is also a case of \(others.sorted().joined(separator: ", ")) (not a toggle enum); it counts only as the argument of a query method such as isFeatureOn(.\(name)) or as a case of a switch over a flag"
            )
        }
        return .references(
            keys.map { key in
                var reference = CodeReference(toggle: key, kind: .implicitMember, file: file, line: tokens[i].line, column: tokens[i].column, symbol: ".\(name)")
                reference.ambiguousWith = keys.filter { $0 != key }
                return reference
            })
    }

    /// `toggle:`, `featureFlags`, `withFeatureFlagEnabled`, `enabledToggles`.
    static func namesToggles(_ name: String) -> Bool {
        if toggleLabels.contains(name) { return true }
        let lowered = name.lowercased()
        return lowered.contains("flag") || lowered.contains("feature") || lowered.contains("toggle")
    }

    /// A string literal at `i` used as a key in `store`.
    package func stringKey(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts, store: KeyStore) -> RuleOutcome {
        let string = tokens[i]
        guard !string.interpolated else { return .rejected("a string with an interpolation is never a key") }
        guard let key = facts.keyNames.contains(string.text) ? string.text : spellings[string.text] ?? facts.aliasKeys[string.text] else {
            return .rejected("\"\(string.text)\" is not a toggle the log knows (in any spelling) or a declared case's key")
        }
        let kind = toggleKinds[key]
        guard store.admits(kind) else {
            let storeName = store == .local ? "a UserDefaults/@AppStorage key (a local toggle's)" : "a Remote Config key (a remote toggle's)"
            return .rejected("\"\(string.text)\" is \(storeName), but the log's \(string.text) is a \(kind!.rawValue) toggle")
        }
        let before = i >= 2 ? tokens[i - 2].text : ""
        let symbol = tokens[i - 1].text == "[" ? "[\"\(string.text)\"]" : tokens[i - 1].text == "(" ? "\(before)(\"\(string.text)\")" : "\(before): \"\(string.text)\""
        return .references([CodeReference(toggle: key, kind: .stringKey, file: file, line: string.line, column: string.column, symbol: symbol)])
    }

    /// The store a `forKey:`/`key:` label (at `label`) or `AppStorage(` reads: the enclosing
    /// call's method and its receiver chain decide.
    func keyStore(_ tokens: [SwiftToken], label: Int) -> KeyStore {
        if tokens[label].text == "AppStorage" { return .local }
        // Back to the call's opening parenthesis.
        var depth = 0
        var j = label - 1
        while j >= 0 && label - j < 200 {
            let token = tokens[j]
            if token.kind == .punctuation {
                if token.text == ")" || token.text == "]" { depth += 1 }
                if token.text == "(" || token.text == "[" {
                    if depth == 0 { break }
                    depth -= 1
                }
            }
            j -= 1
        }
        guard j >= 1, tokens[j].text == "(", tokens[j - 1].kind == .identifier else { return .either }
        let method = tokens[j - 1].text
        if method == "configValue" || method.contains("RemoteConfig") { return .remote }
        if let receiver = receiverStore(tokens, before: j - 1) { return receiver }
        return Self.userDefaultsWriters.contains(method) ? .local : .either
    }

    /// What the member chain ending before `end` (`UserDefaults.standard`, `remoteConfig`)
    /// says about the store, if anything.
    func receiverStore(_ tokens: [SwiftToken], before end: Int) -> KeyStore? {
        var j = end - 1
        var steps = 0
        while j >= 0 && steps < 8 {
            let token = tokens[j]
            if token.kind == .identifier {
                if Self.containsIgnoringCase(token.text, "defaults") { return .local }
                if Self.containsIgnoringCase(token.text, "config") || Self.containsIgnoringCase(token.text, "remote") { return .remote }
            } else if !(token.kind == .punctuation && token.text == ".") && !(token.kind == .operator && (token.text == "?" || token.text == "!")) {
                break
            }
            j -= 1
            steps += 1
        }
        return nil
    }

    /// Whether `text` contains `word` (lowercase ASCII), ignoring ASCII case: what
    /// `text.lowercased().contains(word)` says for an identifier, without the generic string
    /// search that cost 4% of a scan.
    static func containsIgnoringCase(_ text: String, _ word: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) {
                var offset = 0
                while offset < needle.count {
                    let byte = bytes[start + offset]
                    let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    if lowered != needle[offset] { break }
                    offset += 1
                }
                if offset == needle.count { return true }
            }
            return false
        }
    }
}
