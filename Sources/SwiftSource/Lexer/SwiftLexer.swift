import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// One token of Swift source, as much as finding toggle references needs.
///
/// Plain data (24 bytes): its text is a pointer to the process's one copy of that spelling
/// (``SwiftTokenTexts``), read in place, so making, copying and freeing tokens retains and
/// releases nothing. Unchecked `Sendable`: the text it points to is never written again.
package struct SwiftToken: @unchecked Sendable, Hashable {
    package enum Kind: UInt8, Sendable {
        /// A name or keyword; backticks are removed (`` `internal` `` is `internal`).
        case identifier
        /// A string literal; ``SwiftToken/text`` is its content when it has no interpolation.
        case string
        case number
        /// `(` `)` `[` `]` `{` `}` `,` `:` `;` `.` `@` `#`
        case punctuation
        /// An operator such as `=`, `==`, `?`, `!`, `..<`.
        case `operator`
    }

    private var textAddress: UnsafePointer<String>
    /// The text's id in the ``SwiftNameTable`` the file was lexed with; -1 for punctuation
    /// and for a string token whose text is empty because it is not simple.
    package var name: Int32
    // 32-bit line and column keep a token small, as they are millions.
    private var storedLine: Int32
    private var storedColumn: Int32
    package var kind: Kind
    /// The first byte of punctuation or an operator (0 for other tokens): cheaper to compare than the text.
    package var symbol: UInt8
    /// Whether whitespace, a comment or the start of the file comes right before the token.
    var spaceBefore: Bool
    /// For strings: whether it contains `\(…)`; its code is lexed as tokens before it.
    var interpolated: Bool

    /// Read where it is kept, as a stored property is: no copy, no retain.
    package var text: String {
        unsafeAddress { textAddress }
    }

    /// 1-based line and column (in bytes) of the token's first character.
    package var line: Int { Int(storedLine) }
    package var column: Int { Int(storedColumn) }

    /// Whether the token is the punctuation `mark`, as `kind == .punctuation && text == mark` says.
    func isPunctuation(_ mark: Unicode.Scalar) -> Bool {
        kind == .punctuation && symbol == UInt8(ascii: mark)
    }

    init(kind: Kind, text: String, name: Int32 = -1, line: Int, column: Int, spaceBefore: Bool, interpolated: Bool = false) {
        self.init(
            kind: kind, textAddress: SwiftTokenTexts.shared.address(of: text), name: name, line: line, column: column,
            spaceBefore: spaceBefore, interpolated: interpolated)
    }

    init(kind: Kind, textAddress: UnsafePointer<String>, name: Int32, line: Int, column: Int, spaceBefore: Bool, interpolated: Bool) {
        self.kind = kind
        self.textAddress = textAddress
        self.name = name
        symbol = kind == .punctuation || kind == .operator ? textAddress.pointee.utf8.first ?? 0 : 0
        storedLine = Int32(truncatingIfNeeded: line)
        storedColumn = Int32(truncatingIfNeeded: column)
        self.spaceBefore = spaceBefore
        self.interpolated = interpolated
    }

    /// As the stored `String` compared: by canonical equivalence.
    package static func == (a: SwiftToken, b: SwiftToken) -> Bool {
        a.kind == b.kind && a.name == b.name && a.storedLine == b.storedLine && a.storedColumn == b.storedColumn && a.symbol == b.symbol
            && a.spaceBefore == b.spaceBefore && a.interpolated == b.interpolated && (a.textAddress == b.textAddress || a.text == b.text)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(name)
        hasher.combine(storedLine)
        hasher.combine(storedColumn)
        hasher.combine(kind)
        hasher.combine(symbol)
        hasher.combine(spaceBefore)
        hasher.combine(interpolated)
    }
}

/// A Swift file with more tokens than ``SwiftLexer/maximumTokens(forBytes:)`` allows.
struct SwiftTokenLimitExceeded: Error, Sendable, Equatable {
    package var byteCount: Int
    package var limit: Int

    /// Why the file is not read, for a message that names it.
    package var reason: String {
        "more than \(limit) tokens, the most a Swift file of \(byteCount) bytes may have (2,000,000 plus one per 8 bytes, so memory stays in proportion to the file)"
    }
}

/// A small hand-written Swift lexer: comments (nested block comments too) are skipped,
/// string literals (single-line, multi-line `"""`, raw `#"…"#`) become one token each, and
/// the code inside string interpolations is lexed as code.
///
/// Bare regex literals (`/…/`) are recognised by Swift's rules, simplified (see
/// ``regexLiteralEnd()``); extended ones (`#/…/#`) are not, and a `"` inside one starts a string.
struct SwiftLexer {
    /// Read through a pointer: the array's bounds checks were a sixth of the lexer's work.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var names: SwiftNameTable
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var tokens: [SwiftToken] = []
    private var spaceBefore = true
    /// Open string interpolations: the string's raw `#` count and multi-line flag, and the
    /// parenthesis depth inside the interpolation.
    private var interpolations: [(pounds: Int, multiline: Bool, parens: Int, line: Int, column: Int)] = []
    /// The first malformed code (``SwiftMalformedCode``), if any.
    private var malformed: SwiftMalformedCode?

    /// The most tokens a file may have: lexing stops at one more, which proves it has too many.
    private let limit: Int
    /// Where the texts of punctuation and of `""` are kept (``SwiftTokenTexts``), read once per file.
    private let asciiTexts = SwiftTokenTexts.ascii
    private let emptyText = SwiftTokenTexts.empty

    private init(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
        self.bytes = bytes
        self.limit = limit
        names = SwiftNameTable(capacity: 0)
    }

    /// The most tokens a Swift file of `byteCount` bytes may have: two million, plus one per
    /// 8 bytes. A token is 24 bytes (its text's address, name id, line, column and flags), so a file of
    /// nothing but `{` would otherwise cost 24 times its size (a 40 MB one, at 32 bytes a token, peaked
    /// at 2 GB); with the limit the tokens take at most 3 times the file plus 48 MB. Code has one token per 5 to 7
    /// bytes (this package's sources: 6.8), so only a file past tens of megabytes of dense code,
    /// or one made to exhaust memory, reaches it.
    static func maximumTokens(forBytes byteCount: Int) -> Int {
        2_000_000 + byteCount / 8
    }

    /// Source the caller made (tests, tools, generated code): no limit.
    static func tokenize(_ bytes: [UInt8]) -> [SwiftToken] {
        var names = SwiftNameTable()
        return tokenize(bytes, names: &names)
    }

    /// Lexes with `names`, which keeps the texts of the files lexed before (see ``SwiftNameTable``); no limit.
    static func tokenize(_ bytes: [UInt8], names: inout SwiftNameTable) -> [SwiftToken] {
        bytes.withUnsafeBufferPointer { lex($0, names: &names, limit: Int.max / 2).tokens }
    }

    static func tokenize(_ source: String) -> [SwiftToken] {
        tokenize(Array(source.utf8))
    }

    /// A file read from disk, in memory the caller owns (a ``ReadBuffer``'s): refused with
    /// ``SwiftTokenLimitExceeded`` past ``maximumTokens(forBytes:)``, having kept no more.
    /// `malformed`: where the file has code swiftc would read otherwise (``SwiftMalformedCode``).
    static func tokenizeFile(
        _ bytes: UnsafeBufferPointer<UInt8>, names: inout SwiftNameTable,
        malformed: inout SwiftMalformedCode?
    ) throws(SwiftTokenLimitExceeded) -> [SwiftToken] {
        let limit = maximumTokens(forBytes: bytes.count)
        let lexed = lex(bytes, names: &names, limit: limit)
        if lexed.exceeded { throw SwiftTokenLimitExceeded(byteCount: bytes.count, limit: limit) }
        malformed = lexed.malformed
        return lexed.tokens
    }

    static func tokenizeFile(_ bytes: [UInt8]) throws(SwiftTokenLimitExceeded) -> [SwiftToken] {
        var names = SwiftNameTable()
        let lexed = bytes.withUnsafeBufferPointer { lex($0, names: &names, limit: maximumTokens(forBytes: bytes.count)) }
        if lexed.exceeded { throw SwiftTokenLimitExceeded(byteCount: bytes.count, limit: maximumTokens(forBytes: bytes.count)) }
        return lexed.tokens
    }

    private static func lex(_ bytes: UnsafeBufferPointer<UInt8>, names: inout SwiftNameTable, limit: Int)
        -> (tokens: [SwiftToken], exceeded: Bool, malformed: SwiftMalformedCode?)
    {
        var lexer = SwiftLexer(bytes, limit: limit)
        // Moved in and out, not copied, so the table's arrays stay uniquely referenced.
        swap(&lexer.names, &names)
        lexer.run()
        swap(&lexer.names, &names)
        return (lexer.tokens, lexer.tokens.count > limit, lexer.malformed)
    }

    private mutating func run() {
        // Room for one token past the limit, the one that proves it exceeded: an array reserved
        // at the limit never doubles (a smaller one may, to twice its size). Checked per step (a step adds at most one token), not
        // in `emit`, which the check kept from being inlined (7% of the lexer's instructions).
        tokens.reserveCapacity(min(bytes.count / 5, limit + 1))
        // A token takes at least one byte: a file of at most `limit` bytes cannot pass the limit,
        // and its loop skips the check (two loads a byte, 4% of the lexer).
        let unlimited = bytes.count <= limit
        // A UTF-8 byte-order mark is no part of the code (it would glue itself to the first name).
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
        while index < bytes.count && (unlimited || tokens.count <= limit) {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                newline(at: index)
                index += 1
                spaceBefore = true
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                // A run of blanks (indentation) at once, not a turn of the loop per byte.
                index += 1
                while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
                spaceBefore = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                spaceBefore = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
                spaceBefore = true
            case UInt8(ascii: "/") where regexLiteralEnd() != nil:
                // A bare regex literal is a literal: its text is never code (`/Flag.x/` names nothing).
                let start = index
                index = regexLiteralEnd()!
                emit(.string, emptyText, start: start)
            case UInt8(ascii: "\""):
                lexString(pounds: 0)
            case UInt8(ascii: "#"):
                var pounds = 0
                while peek(pounds) == UInt8(ascii: "#") { pounds += 1 }
                if peek(pounds) == UInt8(ascii: "\"") {
                    index += pounds
                    lexString(pounds: pounds)
                } else {
                    emit(.punctuation, asciiTexts[Int(byte)], start: index)
                    index += 1
                }
            case UInt8(ascii: "`"):
                let start = index
                index += 1
                let nameStart = index
                while index < bytes.count && bytes[index] != UInt8(ascii: "`") && bytes[index] != 0x0A { index += 1 }
                let nameEnd = index
                if index < bytes.count && bytes[index] == UInt8(ascii: "`") { index += 1 }
                // Any byte may sit between backticks: a NUL or broken UTF-8 there is the name's.
                if let byte = SwiftMalformedCode.firstPosition(bytes, from: nameStart, to: nameEnd, allowsNUL: false) { noteMalformed(byte) }
                emitNamed(.identifier, from: nameStart, to: nameEnd, start: start)
            case UInt8(ascii: "("):
                if !interpolations.isEmpty { interpolations[interpolations.count - 1].parens += 1 }
                emit(.punctuation, asciiTexts[Int(byte)], start: index)
                index += 1
            case UInt8(ascii: ")"):
                if let open = interpolations.last {
                    if open.parens == 0 {
                        // The end of `\(…)`: back inside the string.
                        interpolations.removeLast()
                        index += 1
                        continueString(pounds: open.pounds, multiline: open.multiline, line: open.line, column: open.column)
                        continue
                    }
                    interpolations[interpolations.count - 1].parens -= 1
                }
                emit(.punctuation, asciiTexts[Int(byte)], start: index)
                index += 1
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "@"):
                emit(.punctuation, asciiTexts[Int(byte)], start: index)
                index += 1
            case UInt8(ascii: "."):
                if peek(1) == UInt8(ascii: ".") {
                    lexOperator()
                } else {
                    emit(.punctuation, asciiTexts[Int(byte)], start: index)
                    index += 1
                }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                index += 1
                while index < bytes.count {
                    let next = bytes[index]
                    if Self.isIdentifierByte(next) { index += 1; continue }
                    if next == UInt8(ascii: "."), let after = peek(1), after >= UInt8(ascii: "0") && after <= UInt8(ascii: "9") {
                        index += 1
                        continue
                    }
                    break
                }
                emitNamed(.number, from: start, to: index, start: start)
            default:
                if Self.isIdentifierStart(byte) {
                    let start = index
                    index += 1
                    // Whether any byte is past ASCII: only then is the name's UTF-8 checked.
                    var high = byte
                    while index < bytes.count && Self.isIdentifierByte(bytes[index]) { high |= bytes[index]; index += 1 }
                    if high >= 0x80, let bad = SwiftMalformedCode.firstPosition(bytes, from: start, to: index, allowsNUL: true) { noteMalformed(bad) }
                    emitNamed(.identifier, from: start, to: index, start: start)
                } else if Self.isOperatorByte(byte) {
                    lexOperator()
                } else {
                    if byte == 0 { noteMalformed(index) }
                    index += 1
                    spaceBefore = true
                }
            }
        }
    }

    /// Keywords after which an expression starts, so a `/` there begins a regex literal.
    private static let expressionKeywords: Set<String> = ["return", "case", "in", "try", "await", "throw", "where", "if", "guard", "while", "switch"]

    /// When the `/` at `index` opens a bare regex literal (`/a+b/`), the index just past its
    /// closing `/`; else nil (a division, or another operator). Swift's rules, simplified: the
    /// `/` stands where an expression starts (after nothing, `(`, `[`, `,`, `:`, `;`, `{`, an
    /// operator other than a postfix `?`/`!`, or a keyword such as `return`), is not followed by
    /// a space, `)`, `,` or `=`, and closes on the same line after a character that is not a space.
    private func regexLiteralEnd() -> Int? {
        if let previous = tokens.last {
            switch previous.kind {
            case .punctuation:
                guard ["(", "[", ",", ":", ";", "{"].contains(previous.text) else { return nil }
            case .operator:
                guard !(previous.text == "?" || previous.text == "!") || previous.spaceBefore else { return nil }
            case .identifier:
                guard Self.expressionKeywords.contains(previous.text) else { return nil }
            case .string, .number:
                return nil
            }
        }
        guard let next = peek(1), ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "=")].contains(next) else { return nil }
        var position = index + 1
        var inClass = false
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case 0x0A, 0x0D: return nil
            case UInt8(ascii: "\\"): position += 1
            case UInt8(ascii: "["): inClass = true
            case UInt8(ascii: "]"): inClass = false
            case UInt8(ascii: "/") where !inClass:
                let before = bytes[position - 1]
                return before == 0x20 || before == 0x09 ? nil : position + 1
            default: break
            }
            position += 1
        }
        return nil
    }

    /// Records the malformed code at byte `position` unless an earlier one was: the first is named.
    private mutating func noteMalformed(_ position: Int) {
        guard malformed == nil else { return }
        malformed = SwiftMalformedCode(
            line: line, column: position - lineStart + 1,
            reason: bytes[position] == 0 ? SwiftMalformedCode.nul : SwiftMalformedCode.invalidUTF8)
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func newline(at position: Int) {
        line += 1
        lineStart = position + 1
    }

    private mutating func emit(
        _ kind: SwiftToken.Kind, _ text: UnsafePointer<String>, name: Int32 = -1, start: Int, line tokenLine: Int? = nil, column: Int? = nil, interpolated: Bool = false
    ) {
        tokens.append(
            SwiftToken(
                kind: kind, textAddress: text, name: name, line: tokenLine ?? line, column: column ?? (start - lineStart + 1),
                spaceBefore: spaceBefore, interpolated: interpolated))
        spaceBefore = false
    }

    /// A token whose text is `bytes[from..<to]`, spelled through the name table.
    private mutating func emitNamed(_ kind: SwiftToken.Kind, from textStart: Int, to textEnd: Int, start: Int) {
        let name = names.id(bytes, from: textStart, to: textEnd)
        emit(kind, names.textAddresses[Int(name)], name: name, start: start)
    }

    /// Space, tab, carriage return, vertical tab, form feed: blanks other than a newline.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
            UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
            UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "/"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    private mutating func lexOperator() {
        let start = index
        let dotted = bytes[index] == UInt8(ascii: ".")
        index += 1
        while index < bytes.count && Self.isOperatorByte(bytes[index]) {
            // A dot continues only an operator that began with one (`..<`), as in Swift.
            if bytes[index] == UInt8(ascii: ".") && !dotted { break }
            // `//` and `/*` after an operator start a comment.
            if bytes[index] == UInt8(ascii: "/") && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")) { break }
            index += 1
        }
        emitNamed(.operator, from: start, to: index, start: start)
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == 0x0A { newline(at: index) }
                index += 1
            }
        }
    }

    /// At the opening quote of a string with `pounds` leading `#` (already consumed).
    private mutating func lexString(pounds: Int) {
        let tokenLine = line
        let column = index - pounds - lineStart + 1
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        continueString(pounds: pounds, multiline: multiline, line: tokenLine, column: column, resumed: false)
    }

    /// Reads string content up to the closing delimiter or the next interpolation.
    private mutating func continueString(pounds: Int, multiline: Bool, line tokenLine: Int, column: Int, resumed: Bool = true) {
        let contentStart = index
        var simple = !resumed
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && hasPounds(pounds, at: index + 1) {
                let afterEscape = index + 1 + pounds
                if afterEscape < bytes.count && bytes[afterEscape] == UInt8(ascii: "(") {
                    // `\(` opens code; the string token is emitted when the string closes.
                    interpolations.append((pounds, multiline, 0, tokenLine, column))
                    index = afterEscape + 1
                    spaceBefore = true
                    return
                }
                if afterEscape < bytes.count && bytes[afterEscape] == 0x0A { newline(at: afterEscape) }
                index = afterEscape + 1
                simple = false
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let closes =
                    multiline
                    ? peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"") && hasPounds(pounds, at: index + 3)
                    : hasPounds(pounds, at: index + 1)
                if closes {
                    let name = simple ? names.id(bytes, from: contentStart, to: index) : -1
                    index += (multiline ? 3 : 1) + pounds
                    emit(.string, name < 0 ? emptyText : names.textAddresses[Int(name)], name: name, start: index, line: tokenLine, column: column, interpolated: resumed)
                    return
                }
            }
            if byte == 0x0A {
                if !multiline {
                    // An unterminated single-line string ends at the line's end, as the compiler recovers.
                    emit(.string, emptyText, start: index, line: tokenLine, column: column, interpolated: resumed)
                    return
                }
                newline(at: index)
            }
            index += 1
        }
        emit(.string, emptyText, start: index, line: tokenLine, column: column, interpolated: resumed)
    }

    private func hasPounds(_ count: Int, at position: Int) -> Bool {
        guard count > 0 else { return true }
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") { return false }
        return true
    }
}
