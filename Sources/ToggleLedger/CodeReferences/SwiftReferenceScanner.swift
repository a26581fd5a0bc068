/// Finds toggle declarations and references in Swift sources.
///
/// Toggle enums are `RemoteToggle`, `InternalToggle`, `BuildTargetToggle`, `RemoteConfigKeys`
/// and any enum whose inheritance clause names `ToggleType` or `RemoteConfigKey`. Their
/// `case`s are declarations; every other enum's cases are remembered only to recognise
/// ambiguous implicit members.
///
/// References:
/// - `ToggleEnum.name`, when `name` is a case of that enum (or, for an enum whose declaration
///   was not scanned, a toggle the log knows);
/// - `.name`, when `name` is a toggle case or a toggle the log knows and no other enum has a
///   case of that name, or whatever the name when it is the argument of `isToggleOn(` or
///   `toggle:`; implicit members inside a toggle enum's own body or extensions are skipped;
/// - string keys, when the string is a known toggle name: a subscript `x["name"]` and the
///   labels `forKey: "name"` and `key: "name"` (`configValue(forKey:)`, `@RemoteConfigProperty(key:)`).
public struct SwiftReferenceScanner: Sendable {
    public static let wellKnownToggleEnums: Set<String> = ["RemoteToggle", "InternalToggle", "BuildTargetToggle", "RemoteConfigKeys"]
    public static let toggleProtocols: Set<String> = ["ToggleType", "RemoteConfigKey"]

    /// Names the log knows (live or removed); string keys and implicit members match them too.
    public var knownToggles: Set<String>

    public init(knownToggles: Set<String> = []) {
        self.knownToggles = knownToggles
    }

    /// A file's tokens, lexed once for both passes.
    public struct LexedFile: Sendable {
        public var path: String
        public var tokens: [SwiftToken]

        public init(path: String, tokens: [SwiftToken]) {
            self.path = path
            self.tokens = tokens
        }
    }

    struct EnumFacts {
        /// Toggle enum → case name → declaration.
        var toggleCases: [String: [String: ToggleDeclaration]] = [:]
        var toggleEnums: Set<String> = SwiftReferenceScanner.wellKnownToggleEnums
        /// Case names of enums that are not toggle enums.
        var otherCases: Set<String> = []
        var declarations: [ToggleDeclaration] = []
        /// Toggle enum → what its `defaultValue` property says.
        var defaults: [String: EnumDefaults] = [:]
    }

    /// A toggle enum's `var defaultValue { switch self|rawValue { case …: value … } }`.
    struct EnumDefaults {
        /// By case name (`.name`) or raw value (`"name"`).
        var values: [String: DeclaredDefault] = [:]
        /// The `default:` branch.
        var fallback: DeclaredDefault?
        var readable = true

        func value(for declaration: ToggleDeclaration) -> DeclaredDefault {
            guard readable else { return .unreadable }
            return values[declaration.caseName] ?? declaration.rawValue.flatMap { values[$0] } ?? fallback ?? .unreadable
        }
    }

    /// Scans sources given in memory (path, text); for tests and tools.
    public func scan(sources: [(path: String, text: String)]) -> ScanResult {
        scan(files: sources.map { LexedFile(path: $0.path, tokens: SwiftLexer.tokenize($0.text)) }, fileCount: sources.count)
    }

    public func scan(files: [LexedFile], fileCount: Int, problems: [String] = []) -> ScanResult {
        scan(fileCount: files.count, problems: problems) { index, _ in files[index] }
    }

    /// Scans files in two passes (declarations, then references), asking `file` for each of
    /// `0..<fileCount` once per pass, so a caller can read and lex again instead of keeping
    /// every file's tokens in memory. The second argument is true in the first pass, where only
    /// enum declarations matter (a file without `enum` may give no tokens). `file` returns nil
    /// for a file to skip.
    public func scan(fileCount: Int, problems: [String] = [], file: (_ index: Int, _ declarationsOnly: Bool) -> LexedFile?) -> ScanResult {
        var facts = EnumFacts()
        var scanned = 0
        for index in 0..<fileCount {
            guard let lexed = file(index, true) else { continue }
            scanned += 1
            Self.collectDeclarations(lexed, into: &facts)
        }
        for index in facts.declarations.indices {
            let declaration = facts.declarations[index]
            if let defaults = facts.defaults[declaration.enumName] {
                facts.declarations[index].declaredDefault = defaults.value(for: declaration)
            }
        }
        var references: [CodeReference] = facts.declarations.map { declaration in
            CodeReference(toggle: declaration.key, kind: .declaration, file: declaration.file, line: declaration.line,
                          column: declaration.column, symbol: "case \(declaration.caseName)", enumName: declaration.enumName)
        }
        var caseKeys: [String: String] = [:]
        for declaration in facts.declarations where caseKeys[declaration.caseName] == nil {
            caseKeys[declaration.caseName] = declaration.key
        }
        let names = knownToggles.union(caseKeys.keys).union(caseKeys.values)
        for index in 0..<fileCount {
            guard let lexed = file(index, false) else { continue }
            collectReferences(lexed, facts: facts, caseKeys: caseKeys, names: names, into: &references)
        }
        references.sort(by: CodeReference.ordered)
        return ScanResult(references: references, declarations: facts.declarations, fileCount: scanned, problems: problems)
    }

    // MARK: - Pass 1: enums and their cases

    static func collectDeclarations(_ file: LexedFile, into facts: inout EnumFacts) {
        let tokens = file.tokens
        // The enum each open brace belongs to (nil for other braces).
        var braces: [(name: String, isToggle: Bool)?] = []
        var pendingEnum: (name: String, isToggle: Bool)?
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            switch token.kind {
            case .identifier where token.text == "enum" && i + 1 < tokens.count && tokens[i + 1].kind == .identifier:
                let name = tokens[i + 1].text
                var inherited: [String] = []
                var j = i + 2
                while j < tokens.count && !(tokens[j].kind == .punctuation && tokens[j].text == "{") {
                    if tokens[j].kind == .identifier { inherited.append(tokens[j].text) }
                    j += 1
                }
                let isToggle = wellKnownToggleEnums.contains(name) || inherited.contains { toggleProtocols.contains($0) }
                if isToggle { facts.toggleEnums.insert(name) }
                pendingEnum = (name, isToggle)
                i = j
                continue
            case .punctuation where token.text == "{":
                braces.append(pendingEnum)
                pendingEnum = nil
            case .punctuation where token.text == "}":
                if !braces.isEmpty { braces.removeLast() }
            case .identifier where token.text == "defaultValue" && i > 0 && tokens[i - 1].text == "var":
                if let owner = braces.last ?? nil, owner.isToggle {
                    i = readDefaults(tokens, after: i, into: &facts.defaults[owner.name, default: EnumDefaults()])
                    continue
                }
            case .identifier where token.text == "case":
                if let owner = braces.last ?? nil {
                    i = readCases(tokens, after: i, owner: owner, file: file.path, into: &facts)
                    continue
                }
            default: break
            }
            i += 1
        }
    }

    /// Reads `case a, b = "x", c(Int)` (possibly over several lines); returns the index after it.
    private static func readCases(_ tokens: [SwiftToken], after caseIndex: Int, owner: (name: String, isToggle: Bool), file: String, into facts: inout EnumFacts) -> Int {
        var i = caseIndex + 1
        while i < tokens.count, tokens[i].kind == .identifier {
            let nameToken = tokens[i]
            i += 1
            var rawValue: String?
            if i < tokens.count, tokens[i].kind == .punctuation, tokens[i].text == "(" {
                // Associated values: skip to the matching parenthesis.
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
            if owner.isToggle {
                let declaration = ToggleDeclaration(enumName: owner.name, caseName: nameToken.text, rawValue: rawValue, file: file, line: nameToken.line, column: nameToken.column)
                facts.declarations.append(declaration)
                if facts.toggleCases[owner.name, default: [:]][nameToken.text] == nil {
                    facts.toggleCases[owner.name, default: [:]][nameToken.text] = declaration
                }
            } else {
                facts.otherCases.insert(nameToken.text)
            }
            guard i < tokens.count, tokens[i].kind == .punctuation, tokens[i].text == "," else { break }
            i += 1
        }
        return i
    }

    /// Reads the body of `var defaultValue: T { … }`; returns the index after its closing brace.
    private static func readDefaults(_ tokens: [SwiftToken], after start: Int, into defaults: inout EnumDefaults) -> Int {
        var i = start
        while i < tokens.count && !(tokens[i].kind == .punctuation && tokens[i].text == "{") { i += 1 }
        let open = i
        var depth = 0
        var close = open
        while close < tokens.count {
            if tokens[close].kind == .punctuation && tokens[close].text == "{" { depth += 1 }
            if tokens[close].kind == .punctuation && tokens[close].text == "}" {
                depth -= 1
                if depth == 0 { break }
            }
            close += 1
        }
        let body = Array(tokens[min(open + 1, tokens.count)..<min(close, tokens.count)])
        if let parsed = parseDefaultSwitch(body) {
            defaults.values.merge(parsed.values) { first, _ in first }
            defaults.fallback = defaults.fallback ?? parsed.fallback
        } else {
            defaults.readable = false
        }
        return min(close + 1, tokens.count)
    }

    /// `switch self|rawValue { case .a, "b": [return] value … default: [return] value }`.
    private static func parseDefaultSwitch(_ body: [SwiftToken]) -> EnumDefaults? {
        guard body.count >= 4, body[0].text == "switch", body[1].text == "self" || body[1].text == "rawValue",
              body[2].text == "{", body.last?.text == "}" else { return nil }
        var result = EnumDefaults()
        var i = 3
        func literal() -> DeclaredDefault? {
            if i < body.count && body[i].text == "return" && body[i].kind == .identifier { i += 1 }
            guard i < body.count else { return nil }
            let token = body[i]
            i += 1
            switch token.kind {
            case .identifier where token.text == "true": return .bool(true)
            case .identifier where token.text == "false": return .bool(false)
            case .string where !token.interpolated: return .text(token.text)
            default: return nil
            }
        }
        while i < body.count - 1 {
            let token = body[i]
            if token.text == "default" {
                guard i + 1 < body.count, body[i + 1].text == ":" else { return nil }
                i += 2
                guard let value = literal() else { return nil }
                result.fallback = value
                continue
            }
            guard token.text == "case" else { return nil }
            i += 1
            var names: [String] = []
            while i < body.count {
                if body[i].kind == .punctuation && body[i].text == ".", i + 1 < body.count, body[i + 1].kind == .identifier {
                    names.append(body[i + 1].text)
                    i += 2
                } else if body[i].kind == .string && !body[i].interpolated {
                    names.append(body[i].text)
                    i += 1
                } else {
                    return nil
                }
                if i < body.count && body[i].text == "," { i += 1; continue }
                break
            }
            guard i < body.count, body[i].text == ":" else { return nil }
            i += 1
            guard let value = literal() else { return nil }
            for name in names where result.values[name] == nil { result.values[name] = value }
        }
        return result
    }

    // MARK: - Pass 2: references

    private static let prefixKeywords: Set<String> = ["return", "case", "in", "where", "throw", "try", "await", "is", "as", "else", "if", "guard", "while", "yield"]

    func collectReferences(_ file: LexedFile, facts: EnumFacts, caseKeys: [String: String], names: Set<String>, into references: inout [CodeReference]) {
        let tokens = file.tokens
        // Whether each open brace is the body of a toggle enum or of an extension of one.
        var braces: [Bool] = []
        var insideToggleBodies = 0
        var pendingToggleBody = false
        for i in tokens.indices {
            let token = tokens[i]
            switch token.kind {
            case .identifier:
                if (token.text == "enum" || token.text == "extension"), i + 1 < tokens.count, tokens[i + 1].kind == .identifier,
                   facts.toggleEnums.contains(tokens[i + 1].text) {
                    pendingToggleBody = true
                }
                // `ToggleEnum.name`
                if facts.toggleEnums.contains(token.text), i + 2 < tokens.count,
                   tokens[i + 1].kind == .punctuation, tokens[i + 1].text == ".",
                   tokens[i + 2].kind == .identifier {
                    let member = tokens[i + 2].text
                    var key: String?
                    if let cases = facts.toggleCases[token.text] {
                        key = cases[member]?.key
                    } else if knownToggles.contains(member) {
                        key = member
                    }
                    if let key {
                        references.append(CodeReference(toggle: key, kind: .member, file: file.path, line: token.line, column: token.column,
                                                        symbol: "\(token.text).\(member)", enumName: token.text))
                    }
                }
                // `forKey: "name"`, `key: "name"`
                if (token.text == "forKey" || token.text == "key"), i + 2 < tokens.count,
                   tokens[i + 1].kind == .punctuation, tokens[i + 1].text == ":",
                   tokens[i + 2].kind == .string, !tokens[i + 2].interpolated, names.contains(tokens[i + 2].text) {
                    let string = tokens[i + 2]
                    references.append(CodeReference(toggle: string.text, kind: .stringKey, file: file.path, line: string.line, column: string.column,
                                                    symbol: "\(token.text): \"\(string.text)\""))
                }
            case .punctuation:
                switch token.text {
                case "{":
                    braces.append(pendingToggleBody)
                    if pendingToggleBody { insideToggleBodies += 1 }
                    pendingToggleBody = false
                case "}":
                    if let wasToggle = braces.popLast(), wasToggle { insideToggleBodies -= 1 }
                case "." where insideToggleBodies == 0:
                    if let reference = implicitMember(tokens, at: i, file: file.path, facts: facts, caseKeys: caseKeys) {
                        references.append(reference)
                    }
                case "[":
                    // `receiver["name"]`: a subscript (attached to what precedes it), not an array literal.
                    if i > 0, !token.spaceBefore, i + 2 < tokens.count,
                       tokens[i - 1].kind == .identifier || (tokens[i - 1].kind == .punctuation && (tokens[i - 1].text == ")" || tokens[i - 1].text == "]")),
                       tokens[i + 1].kind == .string, !tokens[i + 1].interpolated,
                       tokens[i + 2].kind == .punctuation, tokens[i + 2].text == "]", names.contains(tokens[i + 1].text) {
                        let string = tokens[i + 1]
                        references.append(CodeReference(toggle: string.text, kind: .stringKey, file: file.path, line: string.line, column: string.column,
                                                        symbol: "[\"\(string.text)\"]"))
                    }
                default: break
                }
            default: break
            }
        }
    }

    private func implicitMember(_ tokens: [SwiftToken], at i: Int, file: String, facts: EnumFacts, caseKeys: [String: String]) -> CodeReference? {
        guard i + 1 < tokens.count, tokens[i + 1].kind == .identifier, !tokens[i + 1].spaceBefore else { return nil }
        let name = tokens[i + 1].text
        guard let key = caseKeys[name] ?? (knownToggles.contains(name) ? name : nil) else { return nil }
        // A leading dot is an implicit member only where an expression starts.
        if i > 0 {
            let previous = tokens[i - 1]
            switch previous.kind {
            case .identifier where !Self.prefixKeywords.contains(previous.text): return nil
            case .string, .number: return nil
            case .punctuation where [")", "]", "}"].contains(previous.text): return nil
            case .operator where (previous.text == "?" || previous.text == "!") && !previous.spaceBefore: return nil
            default: break
            }
        }
        let inToggleCall = i >= 2 && (
            (tokens[i - 1].text == "(" && tokens[i - 2].text == "isToggleOn") ||
            (tokens[i - 1].text == ":" && tokens[i - 2].text == "toggle"))
        if facts.otherCases.contains(name) && !inToggleCall { return nil }
        return CodeReference(toggle: key, kind: .implicitMember, file: file, line: tokens[i].line, column: tokens[i].column, symbol: ".\(name)")
    }
}
