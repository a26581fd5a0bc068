/// What the reference rules found out about each name, by its ``SwiftToken/name`` id, so a
/// name that occurs thousands of times is looked up in the facts' hash tables once per thread
/// (the lookups were a third of the rules' work). Valid for the tokens of one
/// ``SwiftNameTable``, one scanner and one set of ``SwiftReferenceScanner/EnumFacts``.
extension SwiftReferenceScanner {
    struct NameMemo {
        /// One thing the rules ask about a name, by its bit in the memo.
        struct Fact {
            fileprivate let bit: UInt8

            /// `Name.member` can be anything but ``RuleOutcome/notApplicable`` for some member:
            /// the name is a declared enum, a toggle enum, or may be one declared elsewhere.
            static let mayQualify = Fact(bit: 2)
            /// The name is a keyword after which a leading dot starts an implicit member.
            static let prefixKeyword = Fact(bit: 4)
            /// `.name` names a toggle (a toggle case, or a toggle the log knows by some spelling).
            static let mayBeImplicitToggle = Fact(bit: 8)
            /// The name is `let`, `var`, `func` or a keyword that declares a type.
            static let declarationKeyword = Fact(bit: 16)
            /// `x.name` or `let name` may be a toggle: the log knows the name in some spelling,
            /// or it is a key constant.
            static let mayBeMember = Fact(bit: 32)
            /// Asked through ``holdsQuotedKey(_:scanner:facts:)``, which skips the memo for literals.
            fileprivate static let quotedKey = Fact(bit: 64)
        }

        private var flags: [UInt8] = []

        /// The bit of a name whose facts are in the memo.
        private static let known: UInt8 = 1

        init() {}

        /// Whether `fact` holds for the token's name.
        @inline(__always)
        // Inlined, so a token passed in is read in place, not copied (its text retained and
        // released), and the fact's bit is a constant.
        mutating func holds(_ fact: Fact, _ token: SwiftToken, scanner: SwiftReferenceScanner, facts: EnumFacts) -> Bool {
            let id = Int(token.name)
            // A token without an id (never an identifier today): decide without the memo.
            guard id >= 0 else { return Self.flags(of: token.text, scanner, facts) & fact.bit != 0 }
            if id >= flags.count { flags.append(contentsOf: repeatElement(0, count: max(id + 1 - flags.count, flags.count))) }
            if flags[id] & Self.known == 0 { flags[id] = Self.flags(of: token.text, scanner, facts) }
            return flags[id] & fact.bit != 0
        }

        /// Whether a string literal's text quotes a key exactly (`{ "key": "enable_x" }`): ``SwiftReferenceScanner/quotedKeys(_:at:file:facts:)``.
        @inline(__always)
        mutating func holdsQuotedKey(_ token: SwiftToken, scanner: SwiftReferenceScanner, facts: EnumFacts) -> Bool {
            // A string literal has no name id, so the memo cannot keep its answer: every other
            // test of `flags(of:)` would run again for each literal (6% of a scan with a log).
            guard token.name < 0 else { return holds(.quotedKey, token, scanner: scanner, facts: facts) }
            return Self.quotesKey(token.text, facts)
        }

        private static func quotesKey(_ text: String, _ facts: EnumFacts) -> Bool {
            guard !facts.keyNames.isEmpty || !facts.aliasKeys.isEmpty else { return false }
            return SwiftReferenceScanner.quotedRuns(in: text).contains { facts.keyNames.contains($0.text) || facts.aliasKeys[$0.text] != nil }
        }

        /// The same tests as ``SwiftReferenceScanner/qualifiedMember(_:at:file:facts:)`` and
        /// ``SwiftReferenceScanner/implicitMember(_:at:file:facts:)`` make on the name.
        private static func flags(of name: String, _ scanner: SwiftReferenceScanner, _ facts: EnumFacts) -> UInt8 {
            var result = known
            if facts.toggleCases[name] != nil || facts.toggleEnums.contains(name) || facts.enums[name] != nil
                || (startsUppercase(name) && SwiftScanSettings.hasConventionalName(name))
            {
                result |= Fact.mayQualify.bit
            }
            if SwiftReferenceScanner.prefixKeywords.contains(name) { result |= Fact.prefixKeyword.bit }
            let spelled = scanner.knownSpelling(of: name) != nil
            if facts.caseKeys[name] != nil || spelled || facts.keyConstants[name] != nil || facts.keyGetters[name] != nil { result |= Fact.mayBeImplicitToggle.bit }
            if spelled || facts.keyConstants[name] != nil || facts.keyGetters[name] != nil { result |= Fact.mayBeMember.bit }
            if quotesKey(name, facts) { result |= Fact.quotedKey.bit }
            if name == "let" || name == "var" || name == "func" || SwiftReferenceScanner.typeKeywords.contains(name) { result |= Fact.declarationKeyword.bit }
            return result
        }
    }
}
