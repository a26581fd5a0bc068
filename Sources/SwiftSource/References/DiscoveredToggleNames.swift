import LedgerCore

/// Pass 1 of discovery for the conventions whose toggles are named by a member or a key, not
/// by a type: without a log, these shapes give the toggles' names, and the scan then reads the
/// code as it would with a log holding them (``SwiftReferenceScanner/resolvingDiscoveredNames(_:)``),
/// so their uses are found by the log's rules (members, properties, string keys, key constants).
/// - a **key getter**: a computed `Bool` property, in any type or extension, whose body reads one
///   string-literal key from a store (`var discussionsEnabled: Bool { bool(forKey: "DISCUSSIONS_ENABLED") }`,
///   `config.value(forKey: "K") as? Bool`, `flags["K"] as? Bool`): the key is the toggle;
/// - a **Remote Config key namespace**: a type whose name says remote parameters or keys
///   (`enum RemoteParams`, `struct RemoteConfigKeys`): each `static let x = "key"` is a key;
/// - a **key type's instances**: in a type named for toggles, `static let x: Self = "key"` (a
///   string-literal key type, `struct FeatureFlagKey: ExpressibleByStringLiteral`): the key;
/// - a **feature-flag section**: `// MARK: - Feature Flags` (a MARK comment naming flags,
///   toggles or experiments) up to the next MARK: each `Bool` property declared directly in a
///   type's body there (`@UserPreference(defaultValue: false) var threadsEnabled: Bool`) is a toggle.
extension ToggleTypeDiscovery {
    /// Tokens of a getter's body looked through for its key: a key getter is a line or two.
    private static let keyGetterBodyLimit = 40
    /// Calls whose string argument is a key whatever their label: a store's Bool reader.
    private static let boolReaders: Set<String> = ["bool", "boolValue", "boolean", "isEnabled", "isOn", "flag", "value", "object", "configValue"]

    /// The names the shapes above give (keys and property names): what stands in for the log.
    var discoveredNames: Set<String> { Set(named.map(\.key)) }

    /// `var name: Bool { … "KEY" … }` at `binding` (`var`) in the body of `owner`: a key getter
    /// when its short body passes one key-like string literal to a store read.
    static func readKeyGetter(_ tokens: [SwiftToken], binding: Int, owner: String, path: String, into discovery: inout ToggleTypeDiscovery) {
        guard tokens[binding].text == "var", binding + 4 < tokens.count, tokens[binding + 2].isPunctuation(":"),
            tokens[binding + 3].kind == .identifier, tokens[binding + 3].text == "Bool"
        else { return }
        var open = binding + 4
        if tokens[open].kind == .operator && tokens[open].text == "?" { open += 1 }
        guard open < tokens.count, tokens[open].isPunctuation("{") else { return }
        var depth = 0
        var key: SwiftToken?
        var j = open
        while j < tokens.count, j - open < keyGetterBodyLimit {
            let token = tokens[j]
            if token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation("}") {
                depth -= 1
                if depth == 0 { break }
            }
            if token.kind == .string, isKeyArgument(tokens, string: j) {
                // Two keys: a computation over several settings, not one toggle's getter.
                guard key == nil, isKeyLike(token.text) else { return }
                key = token
            }
            j += 1
        }
        guard j < tokens.count, tokens[j].isPunctuation("}"), let key else { return }
        let name = tokens[binding + 1]
        let declaration = ToggleDeclaration(enumName: owner, caseName: name.text, rawValue: key.text, file: path, line: name.line, column: name.column)
        discovery.named.append(declaration)
        discovery.namedWhy[Position(declaration)] = "a key getter: a computed Bool of \(owner) reading the string key \"\(key.text)\" (line \(key.line))"
    }

    /// `bool(forKey: "K")`, `value(forKey: "K")`, `flag("K")`, `store["K"] as? Bool`: a literal
    /// read as a key, not text (`title.hasPrefix("K")`, `print("K")`).
    static func isKeyArgument(_ tokens: [SwiftToken], string j: Int) -> Bool {
        guard j >= 2, !tokens[j].interpolated else { return false }
        let previous = tokens[j - 1]
        if previous.isPunctuation(":"), tokens[j - 2].kind == .identifier {
            return SwiftReferenceScanner.containsIgnoringCase(tokens[j - 2].text, "key")
        }
        if previous.isPunctuation("("), tokens[j - 2].kind == .identifier {
            return boolReaders.contains(tokens[j - 2].text) || SwiftReferenceScanner.namesKey(tokens[j - 2].text)
        }
        // `flags["K"] as? Bool`, `defaults["K"].boolValue`: a subscript read as a Bool.
        if previous.isPunctuation("["), !previous.spaceBefore, j + 3 < tokens.count, tokens[j + 1].isPunctuation("]") {
            return (tokens[j + 2].text == "as" && j + 4 < tokens.count && tokens[j + 4].text == "Bool")
                || (tokens[j + 2].isPunctuation(".") && tokens[j + 3].text == "boolValue")
        }
        return false
    }

    /// A key: a name's characters (letters, digits, `_`, `-`, `.`) starting with a letter,
    /// not text or a URL.
    static func isKeyLike(_ text: String) -> Bool {
        guard let first = text.utf8.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return false }
        return text.utf8.allSatisfy { byte in
            let lowered = byte | 0x20
            return (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// Whether a type's name says it lists Remote Config parameters' keys: `Remote` with
    /// `Param`, `Key` or `Config` (`RemoteParams`, `RemoteConfigKeys`, `RemoteKeys`).
    static func namesRemoteKeys(_ name: String) -> Bool {
        SwiftReferenceScanner.containsIgnoringCase(name, "remote")
            && (SwiftReferenceScanner.containsIgnoringCase(name, "param") || SwiftReferenceScanner.containsIgnoringCase(name, "key")
                || SwiftReferenceScanner.containsIgnoringCase(name, "config"))
    }

    /// `static let x = "key"` at `binding` in a Remote Config key namespace `owner`.
    static func readRemoteKey(_ tokens: [SwiftToken], binding: Int, owner: String, path: String, into discovery: inout ToggleTypeDiscovery) {
        guard tokens[binding].text == "let", binding > 0, tokens[binding - 1].text == "static", binding + 3 < tokens.count,
            tokens[binding + 2].kind == .operator, tokens[binding + 2].text == "=", tokens[binding + 3].kind == .string,
            !tokens[binding + 3].interpolated, isKeyLike(tokens[binding + 3].text)
        else { return }
        let name = tokens[binding + 1]
        let declaration = ToggleDeclaration(enumName: owner, caseName: name.text, rawValue: tokens[binding + 3].text, file: path, line: name.line, column: name.column)
        discovery.named.append(declaration)
        discovery.namedWhy[Position(declaration)] = "a key constant of \(owner), whose name says it lists Remote Config parameters' keys"
    }

    /// `static let x: Self = "key"` at `binding` in `owner`, a type named for toggles: an instance
    /// of a string-literal key type (`struct FeatureFlagKey: ExpressibleByStringLiteral`) is a key.
    static func readKeyInstance(_ tokens: [SwiftToken], binding: Int, owner: String, path: String, into discovery: inout ToggleTypeDiscovery) {
        guard tokens[binding].text == "let", tokens[binding + 2].isPunctuation(":"), SwiftReferenceScanner.isStatic(tokens, binding: binding),
            let value = SwiftReferenceScanner.keyLiteral(tokens, binding: binding, owner: owner), isKeyLike(tokens[value].text)
        else { return }
        let name = tokens[binding + 1]
        let declaration = ToggleDeclaration(enumName: owner, caseName: name.text, rawValue: tokens[value].text, file: path, line: name.line, column: name.column)
        discovery.named.append(declaration)
        discovery.namedWhy[Position(declaration)] = "a key of \(owner): a static instance of the type written as the string \"\(tokens[value].text)\""
    }

    /// A `Bool` property at `binding` declared in a feature-flag section (`sections`) of `owner`'s body.
    static func readSectionProperty(
        _ tokens: [SwiftToken], binding: Int, owner: String, path: String, sections: [ClosedRange<Int>],
        into discovery: inout ToggleTypeDiscovery
    ) {
        let name = tokens[binding + 1]
        guard sections.contains(where: { $0.contains(name.line) }), !stateNames.contains(name.text),
            let value = boolShape(tokens, name: binding + 1)
        else { return }
        let declaration = ToggleDeclaration(enumName: owner, caseName: name.text, file: path, line: name.line, column: name.column, declaredDefault: value)
        discovery.named.append(declaration)
        discovery.namedWhy[Position(declaration)] = "a Bool property of \(owner) declared under a MARK comment naming feature flags"
    }
}

extension SwiftReferenceScanner {
    /// The scanner and facts for pass 2 from pass 1's `merged` facts: without a log, when
    /// discovery named toggles (``ToggleTypeDiscovery/discoveredNames``), a scanner that reads the
    /// code as if the log held those names, still discovering toggle types. What pass 1 decides by
    /// the log's names (key constants, key getters, static Bools that declare a toggle) is decided
    /// again from the candidates it kept (``NamingCandidates``), without lexing a file twice.
    func resolvingDiscoveredNames(_ merged: EnumFacts) -> (SwiftReferenceScanner, EnumFacts) {
        let names = merged.discovery.discoveredNames
        guard knownToggles.isEmpty, !namesFromDiscovery, !names.isEmpty else { return (self, resolveFacts(merged)) }
        var scanner = self
        scanner.knownToggles = names
        scanner.spellings = Self.spellings(of: names)
        scanner.namesFromDiscovery = true
        var replayed = merged
        scanner.decideNamingCandidates(&replayed)
        return (scanner, scanner.resolveFacts(replayed))
    }

    /// Pass 1's decisions by the log's names, made again from the candidates a pass without a
    /// log kept, as `recordKeyGetter` and `recordMember` would have made them with these names.
    private func decideNamingCandidates(_ facts: inout EnumFacts) {
        let candidates = facts.naming
        for getter in candidates.getters {
            guard let key = getter.literals.lazy.compactMap({ spellings[$0] }).first else { continue }
            if facts.keyGetters[getter.name] == nil { facts.keyGetters[getter.name] = key }
            facts.keyGetterOwners[getter.name, default: []].insert(getter.owner)
        }
        for member in candidates.statics {
            if let literal = member.literal, let key = spellings[literal] {
                if facts.keyConstants[member.name] == nil { facts.keyConstants[member.name] = key }
                facts.keyConstantOwners[member.name, default: []].insert(member.owner)
            } else if knownSpelling(of: member.name) != nil && (Self.namesToggleType(member.owner) || member.isBool) {
                facts.staticToggleOwners[member.name, default: []].insert(member.owner)
            } else {
                continue
            }
            // Pass 1 took it for another type's static member.
            facts.otherCases[member.name]?.remove(member.owner)
            if facts.otherCases[member.name]?.isEmpty == true { facts.otherCases[member.name] = nil }
        }
        facts.naming = NamingCandidates()
    }

    /// The toggles a scan declares: the enums' cases and the types' found by shape, and, when the
    /// names came from discovery or `sync swift` asks (``adoptsEveryShape``), the toggles those
    /// shapes name (what `sync swift` adopts), each known by the log's spelling of its key or name.
    package func declaredToggles(_ facts: EnumFacts) -> [ToggleDeclaration] {
        guard namesFromDiscovery || adoptsEveryShape else { return facts.declarations }
        var seen = Set(facts.declarations.map(\.key))
        let named = facts.discovery.named.map { found in
            var declaration = found
            if !knownToggles.contains(declaration.key) {
                declaration.knownAs = declaration.rawValue.flatMap { spellings[$0] } ?? knownSpelling(of: declaration.caseName)
            }
            return declaration
        }
        return (facts.declarations + named.filter { seen.insert($0.key).inserted }).sorted { a, b in
            // By bytes, as the declarations are (`!=` on String would take café in NFC and in NFD for one file).
            !a.file.utf8.elementsEqual(b.file.utf8) ? a.file.utf8.lexicographicallyPrecedes(b.file.utf8) : (a.line, a.column) < (b.line, b.column)
        }
    }
}

extension SwiftSourceScan {
    /// Pass 1, and without a log the names discovery found standing in for the log's (a first
    /// `scan` or `sync swift` finds a key getter's uses as a log would).
    func discoveringFacts(_ files: [(display: String, absolute: String)])
        -> (scanner: SwiftReferenceScanner, facts: SwiftReferenceScanner.EnumFacts, unreadable: Set<Int>, problems: [String])
    {
        let merged = mergedDeclarationFacts(files)
        let (scanner, facts) = scanner.resolvingDiscoveredNames(merged.0)
        return (scanner, facts, merged.unreadable, merged.problems)
    }
}

/// What pass 1 without a log keeps for ``SwiftReferenceScanner/resolvingDiscoveredNames(_:)``:
/// the members whose meaning depends on the log's names.
package struct NamingCandidates: Sendable {
    /// `var x: Bool { … "K" … }`: the string literals its body passes to a call, in order.
    package var getters: [(name: String, owner: String, literals: [String])] = []
    /// `static let x = "k"` (`literal`) or another static member, and whether it is a Bool.
    var statics: [(name: String, owner: String, literal: String?, isBool: Bool)] = []

    init() {}
}
