import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Finds toggle declarations and references in Swift sources (docs/swift.md lists the rules).
///
/// Toggle enums, with no configuration:
/// - `RemoteToggle`, `InternalToggle`, `BuildTargetToggle`, `RemoteConfigKeys`, and any enum
///   whose inheritance clause names `ToggleType` or `RemoteConfigKey`;
/// - a `String` or `Int` enum whose name ends in Flag, Flags, FlagKey, Feature, Features, Toggle,
///   Toggles or Switch (`enum FeatureFlag: String`);
/// - a `String` enum (not a `CodingKey`) with cases whose explicit raw values are toggles the
///   log knows, whatever its name: those cases only (`enum Key: String { case adminCode = "admin_code" }`);
/// - the enums the setting names (``SwiftScanSettings/toggleEnums``).
///
/// A case is the toggle its raw value names; when the log does not know the raw value but
/// knows the case name (or a key-style spelling of it), it is that toggle. Every other enum's
/// cases are remembered to recognise ambiguous implicit members. References: see
/// ``collectReferences(_:facts:into:)``.
package struct SwiftReferenceScanner: Sendable {
    static let wellKnownToggleEnums: Set<String> = ["RemoteToggle", "InternalToggle", "BuildTargetToggle", "RemoteConfigKeys"]
    static let toggleProtocols: Set<String> = ["ToggleType", "RemoteConfigKey"]

    /// Names the log knows (live or removed); string keys and implicit members match them too.
    package var knownToggles: Set<String>
    /// The kind of each toggle the log knows: a string key at a `UserDefaults` accessor is a
    /// local toggle's, at a Remote Config accessor a remote one's.
    package var toggleKinds: [String: ToggleKind]
    package var settings: SwiftScanSettings
    /// Every spelling of every name the log knows (as written, camelCase, snake_case,
    /// kebab-case, SCREAMING_SNAKE_CASE: ``NameSpelling``) → the name: how a string key or a member may spell a toggle.
    package var spellings: [String: String]
    /// Whether `knownToggles` are names discovery found, not a log's (DiscoveredToggleNames.swift):
    /// toggle types are still discovered and no enum is demoted for want of logged cases.
    var namesFromDiscovery = false
    /// `sync swift`: the toggle types and names found by shape are declared whatever the log
    /// holds, as a first sync without a log found them, so a second sync diffs the same
    /// declarations with the log instead of finding none (a scan with a log lets the log decide).
    package var adoptsEveryShape = false

    init(knownToggles: Set<String> = [], toggleKinds: [String: ToggleKind] = [:], settings: SwiftScanSettings = SwiftScanSettings()) {
        self.knownToggles = knownToggles.union(toggleKinds.keys)
        self.toggleKinds = toggleKinds
        self.settings = settings
        spellings = Self.spellings(of: self.knownToggles)
    }

    /// The log's names first, so a name that is another's spelling stays itself; then each
    /// name's ``NameSpelling/variants(of:)``. A variant two names share (`fooBar` and `foo_bar`
    /// both logged: `FOO_BAR`, `foo-bar`) is neither's: giving it to the first by sort order
    /// would put the other toggle's key in this one's references, and `cleanup` would rewrite it.
    static func spellings(of names: Set<String>) -> [String: String] {
        var result: [String: String] = [:]
        for name in names { result[name] = name }
        var shared: Set<String> = []
        for name in names {
            for variant in NameSpelling.variants(of: name) where !names.contains(variant) {
                if let other = result[variant], other != name { shared.insert(variant) } else { result[variant] = name }
            }
        }
        for variant in shared { result[variant] = nil }
        return result
    }

    /// A file's tokens, lexed once for both passes.
    package struct LexedFile: Sendable {
        package var path: String
        var tokens: [SwiftToken]
        /// Pass 1: the lines under a MARK comment naming feature flags (ToggleTypeDiscovery+Sections.swift).
        var sections: [ClosedRange<Int>] = []

        init(path: String, tokens: [SwiftToken]) {
            self.path = path
            self.tokens = tokens
        }
    }

    /// An enum seen in pass 1 and why it is, or is not, a toggle enum.
    package struct EnumRecord {
        var isToggle: Bool
        package var rule: String
        var rawString: Bool
        var codingKey: Bool
        /// A toggle enum by its name alone (`enum PremiumFeature: String`): the log may overrule it.
        var byName = false
    }

    package struct EnumFacts {
        /// Toggle enum → case name → declaration.
        var toggleCases: [String: [String: ToggleDeclaration]] = [:]
        package var toggleEnums: Set<String> = SwiftReferenceScanner.wellKnownToggleEnums
        /// Every declared enum by name (the last declaration wins for the reasons).
        package var enums: [String: EnumRecord] = [:]
        /// Case name → the other enums declaring it.
        var otherCases: [String: Set<String>] = [:]
        /// Cases of `String` enums that are not toggle enums: promoted after pass 1 when the
        /// log knows their raw values.
        var candidateCases: [ToggleDeclaration] = []
        package var declarations: [ToggleDeclaration] = []
        /// Toggle enum → what its `defaultValue` property says.
        package var defaults: [String: EnumDefaults] = [:]
        /// Case name → the toggles of the toggle enum cases so named (more than one: ambiguous).
        var caseKeys: [String: [String]] = [:]
        /// Known names plus declared keys: what a string key may name.
        var keyNames: Set<String> = []
        /// Toggle types found by shape (ToggleTypeDiscovery.swift).
        package var discovery = ToggleTypeDiscovery()
        /// `static let roundedAvatar = "isRoundedAvatar"`: constant → the toggle its value names.
        var keyConstants: [String: String] = [:]
        /// Constant → the types declaring it (`RCKeys.roundedAvatar` is the key, `user.roundedAvatar` is not).
        var keyConstantOwners: [String: Set<String>] = [:]
        /// Property or parameter name → its declared type (`var tabItem: Tab`, `load(request: Request)`):
        /// the type an implicit member assigned or passed to it belongs to.
        var declaredTypes: [String: String] = [:]
        /// Function → the types of its parameters; after pass 1, ``queryFunctions`` are those taking a toggle enum.
        var functionParameters: [String: Set<String>] = [:]
        /// Functions declared with a toggle enum parameter (`func isAvailable(_ f: Feature)`): queries.
        var queryFunctions: Set<String> = []
        /// `var discussionsEnabled: Bool { bool(forKey: "DISCUSSIONS_ENABLED") }`: getter → the toggle its key names.
        var keyGetters: [String: String] = [:]
        /// Getter → the types declaring it.
        var keyGetterOwners: [String: Set<String>] = [:]
        /// Property spelling a toggle → the types named for toggles declaring it (`struct FeatureFlags { let safeMode: Bool }`):
        /// where the toggle lives, so another type's property so named is not it (SwiftReferenceScanner+ToggleHomeRules.swift).
        var toggleMemberOwners: [String: Set<String>] = [:]
        /// `.feature(.history)` in the body of `owner`: `name` given to another type's member `call`, which
        /// says that type declares `name` too (kept after pass 1 when `owner` is a toggle enum).
        var argumentMembers: [(owner: String, call: String, name: String)] = []
        /// Toggles declared as a toggle enum's case: read as `Enum.case` or `.case`, not through a value.
        var caseDeclaredToggles: Set<String> = []
        /// Static Bool property spelling a toggle → the types declaring it (`Settings.addMissingEpisodes`).
        var staticToggleOwners: [String: Set<String>] = [:]
        /// Enums with a case carrying associated values (`case label(String)`): never key enums.
        var payloadEnums: Set<String> = []
        /// Static Bool properties of any type (`static let x = LaunchOption<Bool>(…)`): without a
        /// log, the ones named as a flags type's property declare that toggle too.
        var boolStatics: [(declaration: ToggleDeclaration, symbol: String)] = []
        /// Without a log: the members pass 1 would decide about by the log's names (DiscoveredToggleNames.swift).
        package var naming = NamingCandidates()
        /// Instance `Bool` properties (`var enableConfigRefresh: Bool`) → the types declaring them.
        var boolMembers: [String: Set<String>] = [:]
        /// Pass 1: a property linked to a key in its type's methods (SwiftReferenceScanner+KeyAliasRule.swift), decided after pass 1.
        var keyAliasCandidates: [(name: String, owner: String, literal: String)] = []
        /// Without names: a key linked to a property discovery found → that toggle (SwiftReferenceScanner+KeyAliasRule.swift).
        var aliasKeys: [String: String] = [:]
    }

    /// A toggle enum's `var defaultValue { switch self|rawValue { case …: value … } }`.
    package struct EnumDefaults {
        /// By case name (`.name`) or raw value (`"name"`).
        package var values: [String: DeclaredDefault] = [:]
        /// The `default:` branch.
        package var fallback: DeclaredDefault?
        package var readable = true

        package func value(for declaration: ToggleDeclaration) -> DeclaredDefault {
            guard readable else { return .unreadable }
            return values[declaration.caseName] ?? declaration.rawValue.flatMap { values[$0] } ?? fallback ?? .unreadable
        }
    }

    /// Scans sources given in memory (path, text); for tests and tools.
    package func scan(sources: [(path: String, text: String)]) -> ScanResult {
        scan(
            files: sources.map { source in
                var file = LexedFile(path: source.path, tokens: SwiftLexer.tokenize(source.text))
                file.sections = Array(source.text.utf8).withUnsafeBufferPointer { ToggleTypeDiscovery.toggleSections($0) }
                return file
            }, fileCount: sources.count)
    }

    package func scan(files: [LexedFile], fileCount: Int, problems: [String] = []) -> ScanResult {
        scan(fileCount: files.count, problems: problems) { index, _ in files[index] }
    }

    /// Scans files in two passes (declarations, then references), asking `file` for each of
    /// `0..<fileCount` once per pass, so a caller can read and lex again instead of keeping
    /// every file's tokens in memory. The second argument is true in the first pass, where only
    /// enum declarations matter (a file without `enum` may give no tokens). `file` returns nil
    /// for a file to skip.
    package func scan(fileCount: Int, problems: [String] = [], file: (_ index: Int, _ declarationsOnly: Bool) -> LexedFile?) -> ScanResult {
        var scanned = 0
        let merged = mergeFacts(fileCount: fileCount) { index in
            let lexed = file(index, true)
            if lexed != nil { scanned += 1 }
            return lexed.map(fileFacts)
        }
        let (scanner, facts) = resolvingDiscoveredNames(merged)
        var references = Self.declarationReferences(facts)
        for index in 0..<fileCount {
            guard let lexed = file(index, false) else { continue }
            scanner.collectReferences(lexed, facts: facts, into: &references)
        }
        references.sortByPosition()
        return ScanResult(references: references, declarations: scanner.declaredToggles(facts), fileCount: scanned, problems: problems)
    }

    static func declarationReferences(_ facts: EnumFacts) -> [CodeReference] {
        facts.declarations.map { declaration in
            CodeReference(
                toggle: declaration.key, kind: .declaration, file: declaration.file, line: declaration.line,
                column: declaration.column, symbol: facts.discovery.symbol(for: declaration) ?? "case \(declaration.caseName)", enumName: declaration.enumName)
        }
    }

    /// Pass 1 over every file, then the decisions that need all of them: which `String` enums
    /// the log's names make toggle enums, each case's key, the declared defaults.
    func collectFacts(fileCount: Int, file: (Int) -> LexedFile?) -> EnumFacts {
        collectFacts(fileCount: fileCount) { index in file(index).map(fileFacts) }
    }

    /// What one file declares, on its own: any thread may collect it, and
    /// ``collectFacts(fileCount:fileFacts:)`` merges the files' in order.
    func fileFacts(_ file: LexedFile) -> EnumFacts {
        var facts = EnumFacts()
        collectDeclarations(file, into: &facts)
        facts.discovery = ToggleTypeDiscovery.collect(file.tokens, path: file.path, sections: file.sections)
        return facts
    }

    /// The same from each file's own facts (nil for a file to skip), merged in file order as
    /// one pass over the files would collect them.
    func collectFacts(fileCount: Int, fileFacts: (Int) -> EnumFacts?) -> EnumFacts {
        resolveFacts(mergeFacts(fileCount: fileCount, fileFacts: fileFacts))
    }

    /// The files' own facts merged in file order, before the decisions that need all of them.
    func mergeFacts(fileCount: Int, fileFacts: (Int) -> EnumFacts?) -> EnumFacts {
        var facts = EnumFacts()
        facts.toggleEnums.formUnion(settings.toggleEnums)
        for index in 0..<fileCount {
            guard let file = fileFacts(index) else { continue }
            facts.absorb(file)
        }
        return facts
    }

    /// The decisions that need every file's facts (`merged`): which `String` enums the log's
    /// names make toggle enums, each case's key, the declared defaults, the types found by shape.
    func resolveFacts(_ merged: EnumFacts) -> EnumFacts {
        var facts = merged
        // An enum named for toggles one of whose cases the log knows (by its name or raw value, in
        // any spelling) holds toggles: all its cases are, the unlogged ones untracked. An enum of
        // Remote Config keys or configurations (`RemoteConfigParamKey`, `BuildConfiguration`) lists
        // values of any kind: its logged cases only, and none when a case carries a payload
        // (`case safeMode(Bool)`: a key enum's cases never do).
        let spelledByLog = { (candidate: ToggleDeclaration) in
            (candidate.rawValue.flatMap { spellings[$0] } ?? spellings[candidate.caseName]) != nil
        }
        let holding = Set(
            facts.candidateCases.filter { candidate in
                Self.namesToggleHolder(candidate.enumName) && facts.enums[candidate.enumName]?.codingKey != true && spelledByLog(candidate)
            }.map(\.enumName))
        // A toggle a toggle enum or a type named for toggles already declares (`case debugMenu` of
        // `FeatureFlag`, `let vpnAccelerator: Bool` of `FeatureFlags`) is not made a case of another
        // enum by its name alone (`enum TunnelConfigurationReason { case debugMenu }`).
        var toggleEnumsByCase: [String: Set<String>] = [:]
        for (enumName, cases) in facts.toggleCases { for caseName in cases.keys { toggleEnumsByCase[caseName, default: []].insert(enumName) } }
        let toggleMembers = facts.toggleMemberOwners
        let declaredByToggleEnum = { (candidate: ToggleDeclaration) in
            (toggleEnumsByCase[candidate.caseName].map { !$0.subtracting([candidate.enumName]).isEmpty } ?? false)
                || toggleMembers[candidate.caseName] != nil
        }
        for candidate in facts.candidateCases {
            let logged =
                (candidate.rawValue.map { spellings[$0] != nil } ?? false)
                || (Self.namesToggleType(candidate.enumName) && facts.enums[candidate.enumName]?.codingKey != true
                    && !facts.payloadEnums.contains(candidate.enumName) && spelledByLog(candidate)
                    && (holding.contains(candidate.enumName) || !declaredByToggleEnum(candidate)))
            guard logged || holding.contains(candidate.enumName) else { continue }
            let rawValue = candidate.rawValue ?? candidate.caseName
            facts.declarations.append(candidate)
            facts.toggleEnums.insert(candidate.enumName)
            facts.toggleCases[candidate.enumName, default: [:]][candidate.caseName] = candidate
            facts.otherCases[candidate.caseName]?.remove(candidate.enumName)
            if facts.otherCases[candidate.caseName]?.isEmpty == true { facts.otherCases[candidate.caseName] = nil }
            if facts.enums[candidate.enumName]?.isToggle != true {
                facts.enums[candidate.enumName]?.rule =
                    holding.contains(candidate.enumName)
                    ? "an enum named for toggles, one of whose cases or raw values the log knows" : "a String enum whose raw values are toggles the log knows (\(rawValue))"
            }
            facts.enums[candidate.enumName]?.isToggle = true
        }
        facts.candidateCases = []
        // Shapes are for adoption, without a log (issue 27 §2); with one, the log's names decide (§1).
        if knownToggles.isEmpty || namesFromDiscovery || adoptsEveryShape { ToggleTypeDiscovery.resolve(into: &facts) }
        resolveKeyAliases(&facts)
        for index in facts.declarations.indices {
            let declaration = facts.declarations[index]
            if !knownToggles.contains(declaration.rawValue ?? declaration.caseName) {
                facts.declarations[index].knownAs = declaration.rawValue.flatMap { spellings[$0] } ?? knownSpelling(of: declaration.caseName)
            }
            if let defaults = facts.defaults[declaration.enumName] {
                facts.declarations[index].declaredDefault = defaults.value(for: declaration)
            }
            facts.toggleCases[declaration.enumName]?[declaration.caseName]?.knownAs = facts.declarations[index].knownAs
        }
        demoteUnloggedEnums(&facts)
        resolveArgumentMembers(&facts)
        resolveQueryFunctions(&facts)
        facts.declarations.sort { a, b in
            // By bytes: `!=` on String would take café in NFC and in NFD for one file.
            !a.file.utf8.elementsEqual(b.file.utf8) ? a.file.utf8.lexicographicallyPrecedes(b.file.utf8) : (a.line, a.column) < (b.line, b.column)
        }
        for declaration in facts.declarations where !(facts.caseKeys[declaration.caseName] ?? []).contains(declaration.key) {
            facts.caseKeys[declaration.caseName, default: []].append(declaration.key)
        }
        facts.keyNames = knownToggles.union(facts.declarations.map(\.key))
        for cases in facts.toggleCases.values { facts.caseDeclaredToggles.formUnion(cases.values.map(\.key)) }
        return facts
    }

    /// The name the log knows a case by, when it is not the case's raw value: the case name
    /// itself or one of the setting's key-style spellings of it.
    func knownSpelling(of caseName: String) -> String? {
        if knownToggles.contains(caseName) { return caseName }
        if let known = spellings[caseName] { return known }
        for style in settings.keyStyles {
            let spelled = style.spell(caseName)
            if knownToggles.contains(spelled) { return spelled }
        }
        return nil
    }

    // MARK: - Pass 1: enums and their cases

    func collectDeclarations(_ file: LexedFile, into facts: inout EnumFacts) {
        let tokens = file.tokens
        // The enum each open brace belongs to (nil for other braces).
        var braces: [(name: String, isToggle: Bool, isCandidate: Bool)?] = []
        var pendingEnum: (name: String, isToggle: Bool, isCandidate: Bool)?
        // The type each open brace is the body of (nil: a function's, a closure's, an accessor's).
        var types: [String?] = []
        var pendingType: String?
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .identifier, i + 1 < tokens.count, tokens[i + 1].kind == .identifier {
                if Self.typeKeywords.contains(token.text), token.text != "class" || Self.startsUppercase(tokens[i + 1].text) {
                    pendingType = tokens[i + 1].text
                } else if token.text == "func" {
                    pendingType = nil
                    recordParameters(tokens, function: i + 1, into: &facts)
                } else if token.text == "let" || token.text == "var", let owner = types.last ?? nil {
                    recordMember(tokens, binding: i, owner: owner, file: file.path, into: &facts)
                }
            }
            switch token.kind {
            case .identifier where token.text == "init" && i + 1 < tokens.count && tokens[i + 1].kind != .identifier && (i == 0 || !tokens[i - 1].isPunctuation(".")):
                // A type's initializer taking a toggle makes `Type(.x)` (and `@Type(.x) var`) a query.
                if let owner = types.last ?? nil { recordParameters(tokens, function: i, called: owner, into: &facts) }
            case .identifier where token.text == "enum" && i + 1 < tokens.count && tokens[i + 1].kind == .identifier:
                let name = tokens[i + 1].text
                var inherited: [String] = []
                var j = i + 2
                while j < tokens.count && !(tokens[j].kind == .punctuation && tokens[j].text == "{") {
                    if tokens[j].kind == .identifier { inherited.append(tokens[j].text) }
                    j += 1
                }
                let record = Self.classify(enum: name, inherited: inherited, settings: settings)
                if record.isToggle { facts.toggleEnums.insert(name) }
                if facts.enums[name]?.isToggle != true { facts.enums[name] = record }
                pendingEnum = (name, record.isToggle, record.rawString && !record.codingKey)
                i = j
                continue
            case .punctuation where i >= 3 && i + 3 < tokens.count && tokens[i - 2].isPunctuation(".") && token.text == "(":
                Self.recordArgumentMember(tokens, open: i, owner: types.last { $0 != nil } ?? nil, into: &facts)
            case .punctuation where token.text == "{":
                braces.append(pendingEnum)
                pendingEnum = nil
                types.append(pendingType)
                pendingType = nil
            case .punctuation where token.text == "}":
                if !braces.isEmpty { braces.removeLast() }
                if !types.isEmpty { types.removeLast() }
            case .identifier where token.text == "defaultValue" && i > 0 && tokens[i - 1].text == "var":
                if let owner = braces.last ?? nil, owner.isToggle {
                    i = Self.readDefaults(tokens, after: i, into: &facts.defaults[owner.name, default: EnumDefaults()])
                    continue
                }
            case .identifier where token.text == "case":
                if let owner = braces.last ?? nil {
                    i = Self.readCases(tokens, after: i, owner: owner, file: file.path, into: &facts)
                    continue
                }
            case .string where i >= 2 && tokens[i - 1].kind == .punctuation && types.last == .some(nil):
                // `x = raw.value(forKey: "k")`, `Raw(key: "k", enabled: x)` in a type's methods (SwiftReferenceScanner+KeyAliasRule.swift).
                if let owner = types.last(where: { $0 != nil }) ?? nil { Self.recordKeyAlias(tokens, string: i, owner: owner, into: &facts) }
            default: break
            }
            i += 1
        }
    }

    /// Whether an enum is a toggle enum by its name and inheritance clause alone, and why.
    package static func classify(enum name: String, inherited: [String], settings: SwiftScanSettings) -> EnumRecord {
        let rawString = inherited.contains("String")
        let codingKey = inherited.contains("CodingKey")
        if wellKnownToggleEnums.contains(name) {
            return EnumRecord(isToggle: true, rule: "a generated toggle enum (\(name))", rawString: rawString, codingKey: codingKey)
        }
        if let conformance = inherited.first(where: { toggleProtocols.contains($0) }) {
            return EnumRecord(isToggle: true, rule: "an enum conforming to \(conformance)", rawString: rawString, codingKey: codingKey)
        }
        if settings.toggleEnums.contains(name) {
            return EnumRecord(isToggle: true, rule: "named in the setting swift.toggleEnums", rawString: rawString, codingKey: codingKey)
        }
        // `FeatureFlag: Int` (WordPress, WooCommerce) is as common as `FeatureFlag: String`.
        if (rawString || inherited.contains("Int")) && !codingKey && SwiftScanSettings.hasConventionalName(name) {
            return EnumRecord(
                isToggle: true, rule: "a String or Int enum whose name ends in \(SwiftScanSettings.conventionalEnumSuffixes.last { name.hasSuffix($0) }!)", rawString: rawString,
                codingKey: false, byName: true)
        }
        let why =
            codingKey
            ? "a CodingKey enum"
            : !rawString
                ? "neither a String enum, nor an Int enum with a conventional name, nor named in swift.toggleEnums nor conforming to ToggleType"
                : "a String enum whose name does not end in Flag, Flags, FlagKey, Feature, Features, Toggle, Toggles or Switch, and none of whose raw values the log knows"
        return EnumRecord(isToggle: false, rule: why, rawString: rawString, codingKey: codingKey)
    }

    /// Reads `case a, b = "x", c(Int)` (possibly over several lines); returns the index after it.
    private static func readCases(_ tokens: [SwiftToken], after caseIndex: Int, owner: (name: String, isToggle: Bool, isCandidate: Bool), file: String, into facts: inout EnumFacts)
        -> Int
    {
        var i = caseIndex + 1
        while i < tokens.count, tokens[i].kind == .identifier {
            let nameToken = tokens[i]
            i += 1
            var rawValue: String?
            if i < tokens.count, tokens[i].kind == .punctuation, tokens[i].text == "(" {
                // Associated values: skip to the matching parenthesis.
                facts.payloadEnums.insert(owner.name)
                var depth = 0
                while i < tokens.count {
                    if tokens[i].text == "(" && tokens[i].kind == .punctuation { depth += 1 }
                    if tokens[i].text == ")" && tokens[i].kind == .punctuation {
                        depth -= 1
                        if depth == 0 { i += 1; break }
                    }
                    i += 1
                }
            }
            if i + 1 < tokens.count, tokens[i].kind == .operator, tokens[i].text == "=" {
                if tokens[i + 1].kind == .string && !tokens[i + 1].interpolated { rawValue = tokens[i + 1].text }
                i += 2
            }
            let declaration = ToggleDeclaration(enumName: owner.name, caseName: nameToken.text, rawValue: rawValue, file: file, line: nameToken.line, column: nameToken.column)
            if owner.isToggle {
                facts.declarations.append(declaration)
                if facts.toggleCases[owner.name, default: [:]][nameToken.text] == nil {
                    facts.toggleCases[owner.name, default: [:]][nameToken.text] = declaration
                }
            } else {
                facts.otherCases[nameToken.text, default: []].insert(owner.name)
                // Only an explicit raw value makes a key enum: `case sync` of a screen enum is not the toggle sync;
                // an enum named for toggles (`enum RemoteConfigValueKey`) may be one by its case names.
                if (owner.isCandidate && rawValue != nil) || namesToggleType(owner.name) { facts.candidateCases.append(declaration) }
            }
            guard i < tokens.count, tokens[i].kind == .punctuation, tokens[i].text == "," else { break }
            i += 1
        }
        return i
    }
}

extension SwiftReferenceScanner.EnumFacts {
    /// Adds the facts of the next file (collected on their own by
    /// ``SwiftReferenceScanner/fileFacts(_:)``): the same as collecting that file's declarations
    /// after the files before it, as each rule here is the one `collectDeclarations` applies.
    mutating func absorb(_ file: SwiftReferenceScanner.EnumFacts) {
        toggleEnums.formUnion(file.toggleEnums)
        // A toggle enum's record is kept; any other is replaced by the later declaration's.
        for (name, record) in file.enums where enums[name]?.isToggle != true { enums[name] = record }
        // The first declaration of a case wins.
        for (enumName, cases) in file.toggleCases {
            for (caseName, declaration) in cases where toggleCases[enumName]?[caseName] == nil {
                toggleCases[enumName, default: [:]][caseName] = declaration
            }
        }
        for (caseName, owners) in file.otherCases { otherCases[caseName, default: []].formUnion(owners) }
        candidateCases += file.candidateCases
        discovery.absorb(file.discovery)
        declarations += file.declarations
        keyConstants.merge(file.keyConstants) { first, _ in first }
        for (name, owners) in file.keyConstantOwners { keyConstantOwners[name, default: []].formUnion(owners) }
        keyGetters.merge(file.keyGetters) { first, _ in first }
        for (name, owners) in file.keyGetterOwners { keyGetterOwners[name, default: []].formUnion(owners) }
        for (name, owners) in file.staticToggleOwners { staticToggleOwners[name, default: []].formUnion(owners) }
        for (name, owners) in file.toggleMemberOwners { toggleMemberOwners[name, default: []].formUnion(owners) }
        argumentMembers += file.argumentMembers
        payloadEnums.formUnion(file.payloadEnums)
        boolStatics += file.boolStatics
        for (name, owners) in file.boolMembers { boolMembers[name, default: []].formUnion(owners) }
        keyAliasCandidates += file.keyAliasCandidates
        naming.getters += file.naming.getters
        naming.statics += file.naming.statics
        declaredTypes.merge(file.declaredTypes) { first, _ in first }
        for (name, types) in file.functionParameters { functionParameters[name, default: []].formUnion(types) }
        // Defaults: the first value per case and the first fallback win; unreadable stays so.
        for (enumName, found) in file.defaults {
            var merged = defaults[enumName, default: SwiftReferenceScanner.EnumDefaults()]
            merged.values.merge(found.values) { first, _ in first }
            merged.fallback = merged.fallback ?? found.fallback
            merged.readable = merged.readable && found.readable
            defaults[enumName] = merged
        }
    }
}
