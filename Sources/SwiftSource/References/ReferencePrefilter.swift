/// Which files pass 2 must lex: a file whose bytes hold none of the names a reference rule can
/// match (``SwiftReferenceScanner/referenceNames(_:)``) has no reference, and is read but not
/// lexed. In an app most files name no toggle; lexing them was most of a scan. Exact: a file is
/// passed over only when no token of it could be one of the names.
///
/// A token's text is bytes of the file: an identifier's (its backticks removed), or a simple
/// string literal's content (one with an escape or an interpolation has no text). Both stand
/// between bytes that cannot continue an identifier (blanks, punctuation, quotes), so a name is
/// searched as a whole word. `String` equality is canonical equivalence, not byte equality: a
/// name that is not ASCII turns the filter off, and the three characters whose decomposition is
/// ASCII (U+037E `;`, U+1FEF `` ` ``, U+212A KELVIN SIGN `K`) make any file that holds one lexed.
package struct ReferencePrefilter: Sendable {
    /// nil: every file is lexed.
    private let search: WholeWordSearch?
    /// No rule has a name to match: no file is lexed.
    private let nothingToFind: Bool

    /// Every file is lexed.
    package static let none = ReferencePrefilter(names: nil)

    /// A filter for `names`; nil names (rules matching names no list holds) turn it off, and so
    /// does an empty or non-ASCII name.
    init(names: Set<String>?) {
        nothingToFind = names?.isEmpty == true
        guard let names, !names.isEmpty, names.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 < 0x80 } }) else {
            search = nil
            return
        }
        search = WholeWordSearch(names.sorted().map { Array($0.utf8) })
    }

    /// Files at most this long cannot exceed the lexer's token limit (a token takes at least one
    /// byte): one passed over cannot owe the warning that a file past the limit gets.
    static let largestFiltered = SwiftLexer.maximumTokens(forBytes: 0)

    /// False only when the file at `bytes` certainly holds no reference.
    func mayReference(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= Self.largestFiltered else { return true }
        if nothingToFind { return false }
        guard let search else { return true }
        return search.occurs(in: bytes) || Self.holdsCharacterDecomposingToASCII(bytes)
    }

    /// U+037E (CD BE), U+1FEF (E1 BF AF), U+212A (E2 84 AA): `String` takes each for an ASCII character.
    static func holdsCharacterDecomposingToASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 1 < bytes.count {
            switch bytes[index] {
            case 0xCD where bytes[index + 1] == 0xBE: return true
            case 0xE1 where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] == 0xAF: return true
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x84 && bytes[index + 2] == 0xAA: return true
            default: index += 1
            }
        }
        return false
    }
}

extension SwiftReferenceScanner {
    /// Every token text for which a pass 2 rule can report a reference (not a rejection), after
    /// pass 1; nil when the rules may match a name no list holds. A rule added to
    /// SwiftReferenceRules.swift or SwiftConventionRules.swift that reports a reference on
    /// another name must add it here (`ReferencePrefilterTests` scans every fixture both ways).
    /// - a toggle case (`Enum.x`, `.x`, `case .x` in its own body): `toggleCases`, `caseKeys`;
    /// - the log's names in any spelling (members, properties, implicit members, string keys):
    ///   `knownToggles`, `spellings`; a declared case's key as a string: `keyNames`;
    /// - key constants (`RCKeys.roundedAvatar`), key getters and key aliases (`config.discussionsEnabled`),
    ///   discovered properties (`flags.x`) and the keys linked to them (`"enable_x"`).
    /// `swift.keyStyles` makes a name the log knows in another spelling a member too
    /// (``knownSpelling(of:)``): those names are not listed, so the filter is off.
    func referenceNames(_ facts: EnumFacts) -> Set<String>? {
        guard settings.keyStyles.isEmpty || knownToggles.isEmpty else { return nil }
        var names = facts.keyNames.union(knownToggles)
        names.formUnion(spellings.keys)
        names.formUnion(facts.caseKeys.keys)
        for cases in facts.toggleCases.values { names.formUnion(cases.keys) }
        names.formUnion(facts.keyConstants.keys)
        names.formUnion(facts.keyGetters.keys)
        names.formUnion(facts.discovery.propertyKeys.keys)
        names.formUnion(facts.aliasKeys.keys)
        // Not needed by today's rules, which report a name above: a file that names a toggle type
        // (an extension of a toggle enum, a flags struct's initializer) is lexed whatever it holds.
        names.formUnion(facts.toggleEnums)
        names.formUnion(facts.discovery.propertyTypes)
        return names
    }
}
