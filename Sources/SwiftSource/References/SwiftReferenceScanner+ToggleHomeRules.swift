/// Precision rules with a log (issue 27 §3): a name the log knows is often also a member of
/// another type (`room.roomDescription` beside `case roomDescription` of a capability enum,
/// `brazeConfig.pushNotificationsEnabled` beside `AppConfig`'s key getter, a view model's
/// `var safeMode: Bool` beside `FeatureFlags.safeMode`). Each rule here asks where the scanned
/// files declare the toggle, its home, and rejects a member or declaration that the syntax
/// places in another type.
extension SwiftReferenceScanner {
    /// The types that declare `name` as a toggle: a type named for toggles with a property so
    /// named, the owner of a key getter, of a static Bool or of a key constant so named.
    func toggleHomes(of name: String, facts: EnumFacts) -> Set<String> {
        var homes = facts.toggleMemberOwners[name] ?? []
        if let owners = facts.keyGetterOwners[name] { homes.formUnion(owners) }
        if let owners = facts.staticToggleOwners[name] { homes.formUnion(owners) }
        if let owners = facts.keyConstantOwners[name] { homes.formUnion(owners) }
        return homes
    }

    /// `receiver.name` (a member access) when the syntax says it is another type's member:
    /// - the toggle is a toggle enum's case and `name` no type declares as a toggle property:
    ///   a case is read as `Enum.case` or `.case`, never through a value (`room.roomDescription`,
    ///   `capabilities.typingPrivacy` when the case is `typingIndicators = "typing-privacy"`),
    ///   unless the chain is named for toggles (`settings.features.x`: a flags type not scanned);
    /// - the receiver's declared type (`let brazeConfig: BrazeConfig`, `self` in a view model, a
    ///   tuple `let features = (netShield: …)`) is not one of the types the scanned files declare
    ///   the toggle in, and some are.
    /// Nil when neither says so.
    func memberOfAnotherType(_ tokens: [SwiftToken], name: String, key: String, chain: [SwiftToken], enclosingType: String?, facts: EnumFacts) -> String? {
        guard let receiver = chain.last else { return nil }
        let homes = toggleHomes(of: name, facts: facts)
        if homes.isEmpty, facts.caseDeclaredToggles.contains(key), facts.discovery.propertyKeys[name] == nil,
            !facts.toggleEnums.contains(receiver.text), !chain.contains(where: { Self.namesToggleHolder($0.text) })
        {
            let cases = facts.caseKeys.filter { $0.value.contains(key) }.keys.sorted().joined(separator: ", ")
            return
                "the toggle \(key) is a case of a toggle enum (\(cases)), read as Enum.case or .case, and no type declares \(name) as a toggle property: \(receiver.text).\(name) is another type's member"
        }
        guard !homes.isEmpty else { return nil }
        let type: String?
        if receiver.text == "self" {
            type = enclosingType
        } else if Self.startsUppercase(receiver.text) {
            type = receiver.text
        } else {
            // The file's own declaration first: pass 1 does not read every file, and another file's `config` may be another type.
            type = Self.declaredType(of: receiver.text, in: tokens) ?? facts.declaredTypes[receiver.text]
        }
        guard let type, !homes.contains(type), !Self.namesToggleHolder(type), !facts.toggleEnums.contains(type) else { return nil }
        let what = type == Self.tupleType ? "a tuple" : "a \(type)"
        return "\(receiver.text) is \(what), and \(name) is declared as a toggle in \(homes.sorted().joined(separator: ", "))"
    }

    /// The type `name` is declared with in this file: `var name: Type`, a parameter `label name: Type`,
    /// or ``tupleType`` for `let name = (…)`. Only asked for a member named like a toggle that
    /// has a home, so the walk over the file is rare.
    static func declaredType(of name: String, in tokens: [SwiftToken]) -> String? {
        var k = 1
        while k + 2 < tokens.count {
            defer { k += 1 }
            guard tokens[k].kind == .identifier, tokens[k].text == name else { continue }
            let before = tokens[k - 1], mark = tokens[k + 1]
            let next = tokens[typeName(tokens, after: k + 1)]
            let binding = before.kind == .identifier && (before.text == "let" || before.text == "var")
            if mark.isPunctuation(":"), next.kind == .identifier, startsUppercase(next.text),
                binding || before.isPunctuation("(") || before.isPunctuation(",") || before.kind == .identifier
            {
                return next.text
            }
            if binding, mark.kind == .operator, mark.text == "=", next.isPunctuation("(") { return tupleType }
        }
        return nil
    }

    /// Where the type after the `:` at `colon` is named, past `inout`, `some`, `any`, `borrowing`,
    /// `consuming`, `sending` and attributes (`@escaping`): `flags: inout FeatureFlags` is a `FeatureFlags`.
    static func typeName(_ tokens: [SwiftToken], after colon: Int) -> Int {
        var j = colon + 1
        while j + 1 < tokens.count {
            if tokens[j].kind == .identifier, typeModifiers.contains(tokens[j].text) {
                j += 1
            } else if tokens[j].isPunctuation("@"), tokens[j + 1].kind == .identifier {
                j += 2
            } else {
                break
            }
        }
        return min(j, tokens.count - 1)
    }

    static let typeModifiers: Set<String> = ["inout", "some", "any", "borrowing", "consuming", "sending", "__owned", "__shared"]

    /// The declared type recorded for a property whose value is a tuple literal (`let features = (a: …, b: …)`).
    static let tupleType = "(tuple)"

    /// `var safeMode: Bool` in a type not named for toggles, when a type named for toggles (or a
    /// key getter, a static Bool) declares the toggle: that type's own setting, not the toggle.
    /// So too when a toggle enum's case is the toggle and no type declares it as a property
    /// (`case darkMode` of `enum FeatureFlag` beside a view controller's `var darkMode = false`):
    /// the case is read as `.darkMode`, never through a value, so the property is not its declaration.
    func declaredInAnotherType(name: String, key: String, owner: String, facts: EnumFacts) -> String? {
        let homes = toggleHomes(of: name, facts: facts)
        if homes.isEmpty, facts.caseDeclaredToggles.contains(key), facts.discovery.propertyKeys[name] == nil {
            let cases = facts.caseKeys.filter { $0.value.contains(key) }.keys.sorted().joined(separator: ", ")
            return
                "\(owner).\(name) is named like the toggle \(key), which is a case of a toggle enum (\(cases)) that no type declares as a property; \(owner) is not named for toggles"
        }
        guard !homes.isEmpty, !homes.contains(owner) else { return nil }
        return "\(owner).\(name) is named like the toggle, which \(homes.sorted().joined(separator: ", ")) declare\(homes.count == 1 ? "s" : ""); \(owner) is not named for toggles"
    }

    /// `static let program = L10n.tr(…)` in `enum Feature`, read as `L10n.App.Feature.program`: a
    /// type named for toggles by its name only, declaring the name as something other than a Bool,
    /// while the toggle's key is declared elsewhere (`static let program: Self = "…"` of a key type,
    /// a key constant): that type's own member. Nil when `type` declares the key or is a toggle enum.
    func keyDeclaredElsewhere(name: String, type: String, facts: EnumFacts) -> String? {
        guard let owners = facts.keyConstantOwners[name], !owners.contains(type), !facts.toggleEnums.contains(type) else { return nil }
        return "the toggle's key is declared as \(owners.sorted().map { "\($0).\(name)" }.joined(separator: ", ")), and \(type) declares its own \(name)"
    }

    /// `room.type != .noteToSelf`, `state.mode == .x`: an implicit member compared with a member
    /// of a value whose name says nothing of toggles (or whose declared type is not a toggle
    /// enum) has that member's type; nil when the comparison does not say so.
    func comparedWithAnotherType(_ tokens: [SwiftToken], dot i: Int, facts: EnumFacts) -> String? {
        guard i >= 4, tokens[i - 1].kind == .operator, ["==", "!=", "~="].contains(tokens[i - 1].text) else { return nil }
        let subject = tokens[i - 2]
        guard subject.kind == .identifier, tokens[i - 3].isPunctuation("."), !Self.namesToggles(subject.text) else { return nil }
        if let type = facts.declaredTypes[subject.text], facts.toggleEnums.contains(type) { return nil }
        return "it is compared with \(tokens[i - 4].text).\(subject.text), a member not named for toggles: the implicit member has its type"
    }

    /// `let path: KeyPath<FeatureFlags, Bool> = \.vpnAccelerator`: the key path's root type, when
    /// the annotation before `=` names it (the lexer drops the backslash: `= .vpnAccelerator`).
    func keyPathRoot(_ tokens: [SwiftToken], dot i: Int) -> String? {
        guard i >= 3, tokens[i - 1].kind == .operator, tokens[i - 1].text == "=" else { return nil }
        var j = i - 2
        while j >= 2 && i - j < 16 {
            if tokens[j].kind == .identifier, tokens[j].text.hasSuffix("KeyPath"), tokens[j + 1].kind == .operator, tokens[j + 1].text == "<",
                j + 2 < i, tokens[j + 2].kind == .identifier
            {
                return tokens[j + 2].text
            }
            if tokens[j].isPunctuation(":") || tokens[j].isPunctuation("{") || tokens[j].isPunctuation("}") { return nil }
            j -= 1
        }
        return nil
    }

    /// `.feature(.history)` at `open` (the parenthesis): an implicit member given alone to another
    /// implicit member's call, recorded with the type whose body holds it.
    static func recordArgumentMember(_ tokens: [SwiftToken], open i: Int, owner: String?, into facts: inout EnumFacts) {
        guard let owner, tokens[i - 1].kind == .identifier, tokens[i + 1].isPunctuation("."), tokens[i + 2].kind == .identifier,
            tokens[i + 3].isPunctuation(")")
        else { return }
        let before = tokens[i - 3]
        // `.feature(` starts an expression: not `x.feature(` nor `f().feature(`.
        guard before.kind != .identifier || prefixKeywords.contains(before.text), !before.isPunctuation(")"), !before.isPunctuation("]") else { return }
        facts.argumentMembers.append((owner, tokens[i - 1].text, tokens[i + 2].text))
    }

    /// A toggle enum mapping its case to another type's (`case .history: .remoteReleasable(.feature(.history))`)
    /// says that type declares the name too: outside a query, `.history` is not resolved to the toggle.
    func resolveArgumentMembers(_ facts: inout EnumFacts) {
        for member in facts.argumentMembers where facts.toggleCases[member.owner]?[member.name] != nil {
            facts.otherCases[member.name, default: []].insert("the argument type of .\(member.call)(…)")
        }
        facts.argumentMembers = []
    }
}
