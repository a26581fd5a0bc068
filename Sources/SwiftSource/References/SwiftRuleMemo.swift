/// What the reference rules found out about each name, by its ``SwiftToken/name`` id, so a
/// name that occurs thousands of times is looked up in the facts' hash tables once per thread
/// (the lookups were a third of the rules' work). Valid for the tokens of one
/// ``SwiftNameTable``, one scanner and one set of ``SwiftReferenceScanner/EnumFacts``.
extension SwiftReferenceScanner {
    struct NameMemo {
        private var flags: [UInt8] = []

        private static let known: UInt8 = 1
        private static let qualifier: UInt8 = 2
        private static let prefixKeyword: UInt8 = 4
        private static let implicitCandidate: UInt8 = 8
        private static let declarationKeyword: UInt8 = 16
        private static let memberCandidate: UInt8 = 32
        private static let quotedKey: UInt8 = 64

        init() {}

        /// Whether `Name.member` can be anything but ``RuleOutcome/notApplicable`` for some
        /// member: the name is a declared enum, a toggle enum, or may be one declared elsewhere.
        @inline(__always)
        mutating func mayQualify(_ token: SwiftToken, scanner: SwiftReferenceScanner, facts: EnumFacts) -> Bool {
            has(Self.qualifier, token, scanner, facts)
        }

        /// Whether the name is a keyword after which a leading dot starts an implicit member.
        @inline(__always)
        mutating func isPrefixKeyword(_ token: SwiftToken, scanner: SwiftReferenceScanner, facts: EnumFacts) -> Bool {
            has(Self.prefixKeyword, token, scanner, facts)
        }

        /// Whether `.name` names a toggle (a toggle case, or a toggle the log knows by some spelling).
        @inline(__always)
        mutating func mayBeImplicitToggle(_ token: SwiftToken, scanner: SwiftReferenceScanner, facts: EnumFacts) -> Bool {
            has(Self.implicitCandidate, token, scanner, facts)
        }

        /// Whether the name is `let`, `var`, `func` or a keyword that declares a type.
        @inline(__always)
        mutating func isDeclarationKeyword(_ token: SwiftToken, scanner: SwiftReferenceScanner, facts: EnumFacts) -> Bool {
            has(Self.declarationKeyword, token, scanner, facts)
        }

        /// Whether `x.name` or `let name` may be a toggle: the log knows the name in some spelling, or it is a key constant.
        @inline(__always)
        mutating func mayBeMember(_ token: SwiftToken, scanner: SwiftReferenceScanner, facts: EnumFacts) -> Bool {
            has(Self.memberCandidate, token, scanner, facts)
        }

        /// Whether a string literal's text quotes a key exactly (`{ "key": "enable_x" }`): ``SwiftReferenceScanner/quotedKeys(_:at:file:facts:)``.
        @inline(__always)
        mutating func holdsQuotedKey(_ token: SwiftToken, scanner: SwiftReferenceScanner, facts: EnumFacts) -> Bool {
            // A string literal has no name id, so the memo cannot keep its answer: every other
            // test of `flags(of:)` would run again for each literal (6% of a scan with a log).
            guard token.name < 0 else { return has(Self.quotedKey, token, scanner, facts) }
            return Self.quotesKey(token.text, facts)
        }

        private static func quotesKey(_ text: String, _ facts: EnumFacts) -> Bool {
            guard !facts.keyNames.isEmpty || !facts.aliasKeys.isEmpty else { return false }
            return SwiftReferenceScanner.quotedRuns(in: text).contains { facts.keyNames.contains($0.text) || facts.aliasKeys[$0.text] != nil }
        }

        @inline(__always)
        // Inlined, so a token passed in is read in place, not copied (its text retained and released).
        private mutating func has(_ flag: UInt8, _ token: SwiftToken, _ scanner: SwiftReferenceScanner, _ facts: EnumFacts) -> Bool {
            let id = Int(token.name)
            // A token without an id (never an identifier today): decide without the memo.
            guard id >= 0 else { return Self.flags(of: token.text, scanner, facts) & flag != 0 }
            if id >= flags.count { flags.append(contentsOf: repeatElement(0, count: max(id + 1 - flags.count, flags.count))) }
            if flags[id] & Self.known == 0 { flags[id] = Self.flags(of: token.text, scanner, facts) }
            return flags[id] & flag != 0
        }

        /// The same tests as ``SwiftReferenceScanner/qualifiedMember(_:at:file:facts:)`` and
        /// ``SwiftReferenceScanner/implicitMember(_:at:file:facts:)`` make on the name.
        private static func flags(of name: String, _ scanner: SwiftReferenceScanner, _ facts: EnumFacts) -> UInt8 {
            var result = known
            if facts.toggleCases[name] != nil || facts.toggleEnums.contains(name) || facts.enums[name] != nil
                || (startsUppercase(name) && SwiftScanSettings.hasConventionalName(name))
            {
                result |= qualifier
            }
            if SwiftReferenceScanner.prefixKeywords.contains(name) { result |= prefixKeyword }
            let spelled = scanner.knownSpelling(of: name) != nil
            if facts.caseKeys[name] != nil || spelled || facts.keyConstants[name] != nil || facts.keyGetters[name] != nil { result |= implicitCandidate }
            if spelled || facts.keyConstants[name] != nil || facts.keyGetters[name] != nil { result |= memberCandidate }
            if quotesKey(name, facts) { result |= quotedKey }
            if name == "let" || name == "var" || name == "func" || SwiftReferenceScanner.typeKeywords.contains(name) { result |= declarationKeyword }
            return result
        }
    }
}
