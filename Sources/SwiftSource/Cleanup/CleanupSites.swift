/// The places in one file that name the toggle, each with what the cleanup does with it.
struct CleanupSite {
    enum Kind {
        /// A read whose value is the toggle's Bool: tokens first...last become the kept literal.
        case read(ClosedRange<Int>)
        /// A pattern of a `case` label (`.x`, `Flag.x`, `"x"`): tokens first...last.
        case caseLabel(ClosedRange<Int>)
        /// The name token of the enum case that declares the toggle.
        case declaration(Int)
        /// An entry keyed by the toggle in a dictionary literal (`Flag.x.rawValue: false`):
        /// the key's first token and the `:`.
        case dictionaryEntry(key: Int, colon: Int)
        /// `let NAME = read` in a code block: removed once no read of NAME is left (they are
        /// sites of their own, `.read`, folded like the toggle's).
        case localBinding(letToken: Int, read: ClosedRange<Int>)
        /// The declaration of a toggle that is a property or key constant: tokens first...last
        /// (with its attributes); the sites inside it go with it.
        case property(ClosedRange<Int>, rule: String)
        /// A statement that only sets the toggle (`flagMock.set(.x, value: true)`): tokens first...last.
        case removedStatement(ClosedRange<Int>, rule: String)
        /// A use the cleanup cannot rewrite safely, and why.
        case unsupported(String)
    }

    var token: Int
    var symbol: String
    var kind: Kind
}

/// What identifies the toggle in the code: its log name and the enum cases that declare it.
struct CleanupTarget: Sendable {
    public var toggle: String
    /// (enum, case, raw value) of each declaration the scan found.
    public var cases: [(enumName: String, caseName: String, rawValue: String?)]
    public var keep: Bool

    public init(toggle: String, cases: [(enumName: String, caseName: String, rawValue: String?)], keep: Bool) {
        self.toggle = toggle
        self.cases = cases
        self.keep = keep
    }
}

struct CleanupSiteFinder {
    let scanner: SwiftReferenceScanner
    let facts: SwiftReferenceScanner.EnumFacts
    let target: CleanupTarget
    /// The toggle's property and key-constant declarations in every file cleaned.
    var conventions = ConventionDeclarations()
    /// Properties of a toggle case that read its value (`FeatureFlag.sync.enabled`).
    static let boolProperties: Set<String> = ["enabled", "isEnabled", "isOn", "on"]

    func sites(in source: CleanupSource, path: String) -> [CleanupSite] {
        var sites: [CleanupSite] = []
        let tokens = source.tokens
        scanner.walk(SwiftReferenceScanner.LexedFile(path: path, tokens: tokens), facts: facts) { index, outcome in
            guard case .references(let found) = outcome else { return }
            for reference in found where reference.toggle == target.toggle {
                if !reference.ambiguousWith.isEmpty {
                    sites.append(
                        CleanupSite(
                            token: index, symbol: reference.symbol,
                            kind: .unsupported("\(reference.symbol) may also be \(reference.ambiguousWith.joined(separator: ", ")) (several toggle enums have the case)")))
                    continue
                }
                // A bare read inside the flags type (the declaration's removal refuses those in its
                // body) and a read in the toggle's own accessor (removed with it) are no site of their own.
                if reference.form == "own property" || reference.form == "read in its own accessor" { continue }
                if reference.form != nil {
                    sites.append(conventionSite(source, index, reference))
                    continue
                }
                // `FeatureFlags.inbox` of a `struct FeatureFlags` (a flags type's name, not a toggle enum's).
                if reference.kind == .member, index + 2 < tokens.count, isConventionProperty(owner: reference.enumName, name: tokens[index + 2].text) {
                    sites.append(propertyRead(source, name: index + 2, symbol: reference.symbol))
                    continue
                }
                // The enum's own labels (`switch self { case .x: }`) are the declaration's, found below.
                if reference.ownBody { continue }
                switch reference.kind {
                case .member: sites.append(classify(source, first: index, last: index + 2, symbol: reference.symbol, qualified: true))
                case .implicitMember: sites.append(classify(source, first: index, last: index + 1, symbol: reference.symbol, qualified: false))
                case .stringKey: sites.append(classifyKey(source, first: index, last: index, symbol: reference.symbol))
                case .declaration: break
                }
            }
        }
        sites += declarationsAndOwnLabels(source)
        // A property's declaration takes the sites inside it (`@Feature("inbox")`, its getter's key) with it.
        let declared = sites.compactMap { site -> ClosedRange<Int>? in
            if case .property(let range, _) = site.kind { return range }
            return nil
        }
        if !declared.isEmpty {
            sites.removeAll { site in
                if case .property = site.kind { return false }
                return declared.contains { $0.contains(site.token) }
            }
        }
        let regions = conditionalCompilation(source)
        for index in sites.indices where regions.contains(where: { $0.contains(sites[index].token) }) {
            sites[index].kind = .unsupported("inside #if … #endif: which branch is compiled is not known here")
        }
        let locals = LocalBinding(source: source)
        for index in sites.indices {
            guard case .read(let range) = sites[index].kind, let binding = locals.binding(of: range, outside: regions) else { continue }
            sites[index].kind = .localBinding(letToken: binding.letToken, read: range)
            sites += binding.uses.map { CleanupSite(token: $0, symbol: "\(binding.name) (bound to \(sites[index].symbol))", kind: .read($0...$0)) }
        }
        return sites.sorted { $0.token < $1.token }
    }

    /// A member or implicit member at tokens first...last.
    private func classify(_ source: CleanupSource, first: Int, last: Int, symbol: String, qualified: Bool) -> CleanupSite {
        let tokens = source.tokens
        if isLabelPattern(source, first, last) { return CleanupSite(token: first, symbol: symbol, kind: .caseLabel(first...last)) }
        // `store.isToggleOn(.x)`, `isFeatureOn(for: .x)`.
        var open = first - 1
        if source.isPunctuation(open, ":"), open >= 2, tokens[open - 1].kind == .identifier { open -= 2 }
        if source.isPunctuation(open, "("), source.partner[open] == last + 1, open >= 1, tokens[open - 1].kind == .identifier,
            scanner.settings.isQueryMethod(tokens[open - 1].text)
        {
            switch chainStart(source, method: open - 1) {
            case .success(let start): return CleanupSite(token: first, symbol: symbol, kind: .read(start...(last + 1)))
            case .failure(let refusal): return CleanupSite(token: first, symbol: symbol, kind: .unsupported(refusal.reason))
            }
        }
        // `FeatureFlag.sync.enabled`.
        if qualified, source.isPunctuation(last + 1, "."), last + 2 < tokens.count, tokens[last + 2].kind == .identifier,
            Self.boolProperties.contains(tokens[last + 2].text), !source.isPunctuation(last + 3, "("), !isAssigned(source, last + 3)
        {
            var start = first
            while start >= 2, source.isPunctuation(start - 1, "."), tokens[start - 2].kind == .identifier { start -= 2 }
            return CleanupSite(token: first, symbol: symbol + "." + tokens[last + 2].text, kind: .read(start...(last + 2)))
        }
        // `[Flag.x.rawValue: false, …]`: a defaults dictionary's entry.
        if qualified, source.isPunctuation(last + 1, "."), source.isIdentifier(last + 2, "rawValue"), source.isPunctuation(last + 3, ":") {
            var start = first
            while start >= 2, source.isPunctuation(start - 1, "."), tokens[start - 2].kind == .identifier { start -= 2 }
            if source.isPunctuation(start - 1, "[") || source.isPunctuation(start - 1, ",") {
                return CleanupSite(token: first, symbol: symbol + ".rawValue", kind: .dictionaryEntry(key: start, colon: last + 3))
            }
        }
        if source.isPunctuation(open, "("), open >= 1, tokens[open - 1].kind == .identifier {
            if let site = overrideStatement(source, first: first, last: last, open: open, symbol: symbol) { return site }
            return CleanupSite(
                token: first, symbol: symbol, kind: .unsupported("\(symbol) is passed to \(tokens[open - 1].text)(…), which is not a query method the cleanup knows the value of"))
        }
        return CleanupSite(
            token: first, symbol: symbol, kind: .unsupported("\(symbol) is used as a value (stored, listed, compared or passed on), which the cleanup cannot follow"))
    }

    /// The key at tokens first...last (a string, or a key constant `Keys.inbox`) read as a
    /// Bool: `config.configValue(forKey: k).boolValue`, `config[k].boolValue`,
    /// `defaults.bool(forKey: k)`, a query `isFeatureEnabled(k)`; or an entry keyed by it in a
    /// dictionary literal (`register(defaults: [k: false])`).
    func classifyKey(_ source: CleanupSource, first: Int, last: Int, symbol: String) -> CleanupSite {
        let tokens = source.tokens
        var readEnd: Int?
        var method = -1
        if source.isPunctuation(first - 1, ":"), source.isIdentifier(first - 2, "forKey"), source.isPunctuation(first - 3, "("),
            source.partner[first - 3] == last + 1, first >= 4, tokens[first - 4].kind == .identifier
        {
            method = first - 4
            let close = last + 1
            if tokens[method].text == "bool" { readEnd = close }
            if tokens[method].text == "configValue", source.isPunctuation(close + 1, "."), source.isIdentifier(close + 2, "boolValue") { readEnd = close + 2 }
        } else if source.isPunctuation(first - 1, "["), source.partner[first - 1] == last + 1, first >= 2, tokens[first - 2].kind == .identifier,
            source.isPunctuation(last + 2, "."), source.isIdentifier(last + 3, "boolValue")
        {
            method = first - 2
            readEnd = last + 3
        } else {
            // `isFeatureEnabled("inbox")`, `flags.isOn(key: Keys.inbox)`.
            var open = first - 1
            if source.isPunctuation(open, ":"), open >= 2, tokens[open - 1].kind == .identifier { open -= 2 }
            if source.isPunctuation(open, "("), source.partner[open] == last + 1, open >= 1, tokens[open - 1].kind == .identifier,
                scanner.settings.isQueryMethod(tokens[open - 1].text)
            {
                method = open - 1
                readEnd = last + 1
            } else if source.isPunctuation(last + 1, ":"), source.isPunctuation(first - 1, "[") || source.isPunctuation(first - 1, ",") {
                return CleanupSite(token: first, symbol: symbol, kind: .dictionaryEntry(key: first, colon: last + 1))
            }
        }
        guard let readEnd else {
            let key = first == last && tokens[first].kind == .string ? "\"\(tokens[first].text)\"" : symbol
            return CleanupSite(token: first, symbol: symbol, kind: .unsupported("the key \(key) is written, registered or read as another type, which the cleanup cannot follow"))
        }
        switch chainStart(source, method: method) {
        case .success(let start): return CleanupSite(token: first, symbol: symbol, kind: .read(start...readEnd))
        case .failure(let refusal): return CleanupSite(token: first, symbol: symbol, kind: .unsupported(refusal.reason))
        }
    }

    func isAssigned(_ source: CleanupSource, _ index: Int) -> Bool {
        guard index < source.tokens.count, source.tokens[index].kind == .operator else { return false }
        let text = source.tokens[index].text
        return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }

    /// The first token of the receiver chain before `method` (`self.toggles.remote.`), refusing
    /// a receiver computed by a call (it would no longer run) or optional chaining (the read
    /// is a `Bool?`).
    func chainStart(_ source: CleanupSource, method: Int) -> Result<Int, BooleanFolding.Refusal> {
        let tokens = source.tokens
        var start = method
        while start >= 2, source.isPunctuation(start - 1, ".") {
            let previous = tokens[start - 2]
            if previous.kind == .identifier { start -= 2; continue }
            if previous.kind == .operator, previous.text == "?" || previous.text == "!" {
                return .failure(.init(reason: "the query is reached by optional chaining or a forced unwrap (\(previous.text).), so its value is not simply a Bool"))
            }
            if previous.isPunctuation(")") || previous.isPunctuation("]") {
                return .failure(.init(reason: "the query's receiver is computed by a call or subscript, which would no longer run"))
            }
            break
        }
        if start >= 1, source.isPunctuation(start - 1, ".") { return .failure(.init(reason: "the query's receiver is an implicit member the cleanup cannot place")) }
        return .success(start)
    }

    /// Whether tokens first...last are one pattern of a switch's `case` label: after `case`
    /// (not `if case`, `guard case`, `for case`, `while case`) or a `,` of such a list, and
    /// before `:` or `,`.
    func isLabelPattern(_ source: CleanupSource, _ first: Int, _ last: Int) -> Bool {
        guard source.isPunctuation(last + 1, ":") || source.isPunctuation(last + 1, ",") else { return false }
        var index = first - 1
        while index >= 0 {
            if source.isIdentifier(index, "case") {
                let before = index - 1
                return !(source.isPunctuation(before, ",") || ["if", "guard", "for", "while"].contains(where: { source.isIdentifier(before, $0) }))
            }
            guard source.isPunctuation(index, ",") else { return false }
            // Back over the previous pattern: `.a`, `Flag.a`, `"a"`.
            index -= 1
            if index >= 0, source.tokens[index].kind == .string { index -= 1; continue }
            guard index >= 1, source.tokens[index].kind == .identifier, source.isPunctuation(index - 1, ".") else { return false }
            index -= 2
            if index >= 0, source.tokens[index].kind == .identifier, !source.isIdentifier(index, "case") { index -= 1 }
        }
        return false
    }

    /// The enum cases that declare the toggle, and the labels naming it inside the bodies of
    /// its enum and the enum's extensions (`description`, `defaultValue`), which the scan
    /// leaves out.
    private func declarationsAndOwnLabels(_ source: CleanupSource) -> [CleanupSite] {
        let tokens = source.tokens
        var sites: [CleanupSite] = []
        for index in tokens.indices where tokens[index].kind == .identifier && (tokens[index].text == "enum" || tokens[index].text == "extension") {
            guard index + 1 < tokens.count else { continue }
            let owned = target.cases.filter { $0.enumName == tokens[index + 1].text }
            guard !owned.isEmpty, let open = (index..<min(tokens.count, index + 64)).first(where: { source.isPunctuation($0, "{") }),
                source.partner[open] > open
            else { continue }
            let close = source.partner[open]
            var depth = 0
            var position = open + 1
            while position < close {
                let token = tokens[position]
                if token.isPunctuation("{") { depth += 1 }
                if token.isPunctuation("}") { depth -= 1 }
                if tokens[index].text == "enum", depth == 0, token.kind == .identifier, token.text == "case" {
                    // A case list: `case a, b = "b", c(Int)`.
                    var item = position + 1
                    while item < close, tokens[item].kind == .identifier {
                        if owned.contains(where: { $0.caseName == tokens[item].text }) {
                            sites.append(CleanupSite(token: item, symbol: "case \(tokens[item].text)", kind: .declaration(item)))
                        }
                        item += 1
                        if source.isPunctuation(item, "("), source.partner[item] > item { item = source.partner[item] + 1 }
                        if source.isOperator(item, "=") { item += 2 }
                        guard source.isPunctuation(item, ",") else { break }
                        item += 1
                    }
                    position = item
                    continue
                }
                if token.isPunctuation("."), position + 1 < close, tokens[position + 1].kind == .identifier, !tokens[position + 1].spaceBefore,
                    owned.contains(where: { $0.caseName == tokens[position + 1].text }), !isQualified(source, position)
                {
                    let symbol = "." + tokens[position + 1].text
                    sites.append(
                        isLabelPattern(source, position, position + 1)
                            ? CleanupSite(token: position, symbol: symbol, kind: .caseLabel(position...(position + 1)))
                            : CleanupSite(
                                token: position, symbol: symbol,
                                kind: .unsupported("\(symbol) is used inside \(tokens[index + 1].text) other than as a switch label, which the cleanup cannot follow")))
                }
                if token.kind == .string, owned.contains(where: { $0.rawValue == token.text && !token.text.isEmpty }), isLabelPattern(source, position, position) {
                    sites.append(CleanupSite(token: position, symbol: "\"\(token.text)\"", kind: .caseLabel(position...position)))
                }
                position += 1
            }
        }
        return sites
    }

    /// Whether the `.` at `dot` follows an expression (`Flag.x`, `self.x`), so it is not an implicit member.
    private func isQualified(_ source: CleanupSource, _ dot: Int) -> Bool {
        guard dot > 0 else { return false }
        let previous = source.tokens[dot - 1]
        if previous.kind == .identifier { return !SwiftReferenceScanner.prefixKeywords.contains(previous.text) }
        return previous.isPunctuation(")") || previous.isPunctuation("]") || (previous.kind == .operator && !previous.spaceBefore && (previous.text == "?" || previous.text == "!"))
    }

    /// Token ranges of `#if … #endif` blocks.
    func conditionalCompilation(_ source: CleanupSource) -> [ClosedRange<Int>] {
        var open: [Int] = []
        var regions: [ClosedRange<Int>] = []
        for index in source.tokens.indices where source.tokens[index].isPunctuation("#") && index + 1 < source.tokens.count {
            if source.isIdentifier(index + 1, "if") { open.append(index) }
            if source.isIdentifier(index + 1, "endif"), let start = open.popLast() { regions.append(start...(index + 1)) }
        }
        return regions
    }
}
