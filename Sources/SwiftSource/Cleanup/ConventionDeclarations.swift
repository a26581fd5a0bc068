/// The toggle's declarations in the conventions other than enum cases (issue 27's: a Bool
/// property of a flags type, a wrapped property, a key constant), found in every file before
/// any file is planned: a read in one file (`FeatureFlags.shared.inbox`) is judged by the
/// declaration in another (is the property a `Bool`? does another type declare the name?).
struct ConventionDeclarations: Sendable {
    struct Property: Sendable {
        /// The type whose body declares it (`FeatureFlags`), empty at top level.
        var owner: String
        var name: String
        /// Declared `: Bool` or initialised with `true`/`false`: its reads are the toggle's value.
        /// Otherwise (`let inbox = LabFeature()`) only `x.inbox.isEnabled` is a read.
        var isBool: Bool
        var isKeyConstant: Bool
    }

    var properties: [Property] = []
    /// Names of those properties that something else declares too (`let inbox: Folder` of a
    /// mail type, a local `let inbox`): a read `x.inbox` is the toggle's only when its chain
    /// names the declaring type.
    var sharedNames: Set<String> = []
    /// `settings: Settings`, `let flags: FeatureFlags` in the files cleaned: what a chain's
    /// names are declared as, so `settings.inbox` is known to read `Settings.inbox`.
    var declaredTypes: [String: Set<String>] = [:]

    /// Whether the chain name `name` is the type `owner` or declared as one.
    func names(_ name: String, owner: String) -> Bool {
        name == owner || declaredTypes[name]?.contains(owner) == true
    }

    /// Walks `files` (path, bytes) as the cleanup's finder does and keeps the toggle's
    /// property and key-constant declarations.
    static func collect(_ files: [(path: String, bytes: [UInt8])], finder: CleanupSiteFinder) -> ConventionDeclarations {
        var found = ConventionDeclarations()
        var declared: [(file: Int, token: Int)] = []
        var sources: [CleanupSource?] = []
        for (position, file) in files.enumerated() {
            // A file the lexer refuses is refused whole when it is planned.
            guard let source = try? CleanupSource(file.bytes) else { sources.append(nil); continue }
            sources.append(source)
            let tokens = source.tokens
            for index in tokens.indices.dropFirst().dropLast()
            where tokens[index].isPunctuation(":") && tokens[index - 1].kind == .identifier
                && tokens[index + 1].kind == .identifier && SwiftReferenceScanner.startsUppercase(tokens[index + 1].text)
            {
                found.declaredTypes[tokens[index - 1].text, default: []].insert(tokens[index + 1].text)
            }
            finder.scanner.walk(SwiftReferenceScanner.LexedFile(path: file.path, tokens: tokens), facts: finder.facts) { index, outcome in
                guard case .references(let references) = outcome else { return }
                for reference in references where reference.toggle == finder.target.toggle && reference.kind == .declaration {
                    guard reference.form == "property" || reference.form == "key constant", tokens[index].kind == .identifier else { continue }
                    found.properties.append(
                        Property(
                            owner: reference.enumName ?? "", name: tokens[index].text,
                            isBool: isBool(tokens, name: index), isKeyConstant: reference.form == "key constant"))
                    declared.append((position, index))
                }
            }
        }
        let names = Set(found.properties.map(\.name))
        guard !names.isEmpty else { return found }
        for (position, source) in sources.enumerated() {
            guard let source else { continue }
            let tokens = source.tokens
            for index in tokens.indices.dropFirst()
            where tokens[index].kind == .identifier && names.contains(tokens[index].text)
                && (source.isIdentifier(index - 1, "let") || source.isIdentifier(index - 1, "var"))
                && !declared.contains(where: { $0.file == position && $0.token == index })
            {
                found.sharedNames.insert(tokens[index].text)
            }
        }
        return found
    }

    /// `name: Bool`, `name = true|false`, `name: Bool = …`.
    static func isBool(_ tokens: [SwiftToken], name: Int) -> Bool {
        guard name + 2 < tokens.count else { return false }
        if tokens[name + 1].isPunctuation(":") {
            guard tokens[name + 2].kind == .identifier, tokens[name + 2].text == "Bool" else { return false }
            // `Bool?` and `Bool!` are not plain Bools.
            return
                !(name + 3 < tokens.count && tokens[name + 3].kind == .operator && !tokens[name + 3].spaceBefore
                && (tokens[name + 3].text.hasPrefix("?") || tokens[name + 3].text.hasPrefix("!")))
        }
        return tokens[name + 1].kind == .operator && tokens[name + 1].text == "="
            && tokens[name + 2].kind == .identifier && (tokens[name + 2].text == "true" || tokens[name + 2].text == "false")
    }
}
