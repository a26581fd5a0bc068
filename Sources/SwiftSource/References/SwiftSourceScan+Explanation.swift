import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// `toggles scan --explain FILE:LINE`: which rule matched each candidate on one line, or why
/// none did. It runs the scan's own rules (pass 1 over every file, then the line's file), so
/// the explanation never disagrees with the scan.
extension SwiftSourceScan {
    /// One sentence per candidate on the line, in column order.
    /// Throws ``CodeScanError`` when a path does not exist or `file` is not among the scanned files.
    public func explain(paths: [String], currentDirectory: String, file: String, line: Int) throws -> [String] {
        let targetAbsolute = file.hasPrefix("/") ? file : Self.join(currentDirectory, file)
        let targetReal = SystemCalls.realPath(targetAbsolute)
        func isTarget(_ candidate: (display: String, absolute: String)) -> Bool {
            candidate.absolute == targetAbsolute || (targetReal != nil && SystemCalls.realPath(candidate.absolute) == targetReal)
        }
        var files = try listFiles(paths: paths, currentDirectory: currentDirectory)
        // The file is added only when the paths do not hold it already: under another spelling
        // (`./App/Flags.swift`) it would be read twice, and its cases counted twice.
        if !files.contains(where: isTarget) { files += try listFiles(paths: [file], currentDirectory: currentDirectory) }
        guard let target = files.first(where: isTarget) else { throw CodeScanError.missing(file) }
        let (scanner, facts, _, _) = discoveringFacts(files)
        let bytes = try Self.readFile(target.absolute).get()
        let lineCount = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + (bytes.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
        guard line <= lineCount else { throw CodeScanError.lineBeyondEnd(target.display, line: line, lines: lineCount) }
        let tokens: [SwiftToken]
        do throws(SwiftTokenLimitExceeded) { tokens = try SwiftLexer.tokenizeFile(bytes) } catch {
            throw CodeScanError.tooManyTokens(target.display, limit: error.limit, byteCount: error.byteCount)
        }
        let lexed = SwiftReferenceScanner.LexedFile(path: target.display, tokens: tokens)
        var notes: [(column: Int, text: String)] = []
        for (index, token) in tokens.enumerated() where token.line == line && token.kind == .identifier {
            notes += declarationNotes(tokens, at: index, facts: facts, file: lexed.path)
            notes += facts.discovery.notes(tokens, at: index, facts: facts, file: lexed.path)
        }
        scanner.walk(lexed, facts: facts) { index, outcome in
            guard tokens[index].line == line else { return }
            switch outcome {
            case .notApplicable: break
            case .rejected(let why): notes.append((tokens[index].column, "not a reference: \(why)"))
            case .references(let found):
                for reference in found {
                    let rule: String
                    switch reference.kind {
                    case .member:
                        rule =
                            facts.discovery.propertyTypes.contains(reference.enumName ?? "")
                            ? "a property of the toggle type \(reference.enumName ?? "") (found by shape)" : "a qualified case of the toggle enum \(reference.enumName ?? "")"
                    case .implicitMember:
                        rule =
                            "a toggle case or a toggle the log knows"
                            + (scanner.queryCall(tokens, dot: index).map { $0.hasPrefix("switch ") ? ", a case of \($0)" : ", the argument of \($0)" }
                                ?? ", where no other enum has a case of that name")
                    case .stringKey:
                        rule =
                            reference.symbol.hasPrefix("case .")
                            ? "the key a switch over self in the enum's key property (`var keyName: String`) gives the case"
                            : "string key at a \(reference.symbol.hasPrefix("[") ? "subscript" : "key") accessor"
                    case .declaration: rule = "declaration"
                    }
                    let ambiguity = reference.ambiguousWith.isEmpty ? "" : "; ambiguous: it may also be \(reference.ambiguousWith.joined(separator: ", "))"
                    let own = reference.ownBody ? "; inside the body of the type that declares it, which removing the toggle touches too" : ""
                    notes.append(
                        (
                            reference.column,
                            "`\(reference.symbol)` is \(reference.toggle) (\(reference.kind.rawValue): \(reference.form.map { Self.conventionRule($0, reference, names: scanner.namesFromDiscovery ? "discovery names" : "the log names") } ?? rule))\(ambiguity)\(own)"
                        ))
                }
            }
        }
        let lineTokens = tokens.filter { $0.line == line }
        if notes.isEmpty {
            let why =
                lineTokens.isEmpty
                ? "no code on this line (comments and string contents are never code)"
                : "no toggle enum case, qualified member, implicit member or string key on this line names a toggle (\(scanner.namesFromDiscovery ? "without a log, discovery named" : "the log knows") \(scanner.knownToggles.count) toggle names; the scanned files declare \(facts.declarations.count) toggle cases)"
            return ["\(lexed.path):\(line): \(why)"]
        }
        return notes.sorted { $0.column < $1.column }.map { "\(lexed.path):\(line):\($0.column): \($0.text)" }
    }

    /// Why a reference found by a convention rule (``CodeReference/form``) is one.
    /// `names`: "the log names", or without a log "discovery names" (DiscoveredToggleNames.swift).
    static func conventionRule(_ form: String, _ reference: CodeReference, names: String = "the log names") -> String {
        switch form {
        case "key constant" where reference.kind == .declaration:
            "a key constant of \(reference.enumName ?? "a type") whose value is the toggle's key"
        case "key constant": "a key constant read through the type that declares it"
        case "property": "a property of \(reference.enumName ?? "a type") named as \(names) the toggle (in some spelling)"
        case "member": "a member named as \(names) the toggle (in some spelling), read through a chain named for toggles or a name no other scanned type declares"
        default: "a string literal \(names == "the log names" ? "the log knows" : "naming a toggle discovery found") (in some spelling), as a \(form)"
        }
    }

    /// What pass 1 decided about an `enum` or `case` at `index`.
    private func declarationNotes(_ tokens: [SwiftToken], at index: Int, facts: SwiftReferenceScanner.EnumFacts, file: String) -> [(column: Int, text: String)] {
        let token = tokens[index]
        guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return [] }
        let name = tokens[index + 1].text
        if token.text == "enum", let record = facts.enums[name] {
            return [(token.column, record.isToggle ? "enum \(name) is a toggle enum: \(record.rule)" : "enum \(name) is not a toggle enum: \(record.rule)")]
        }
        guard token.text == "case" else { return [] }
        var notes: [(column: Int, text: String)] = []
        for declaration in facts.declarations where declaration.file == file && declaration.line == token.line {
            let rule = facts.enums[declaration.enumName]?.rule ?? "a toggle enum"
            let mapping = declaration.knownAs.map { " (the log knows it as \($0))" } ?? (declaration.rawValue == nil ? "" : " (its raw value)")
            notes.append((declaration.column, "case \(declaration.caseName) declares the toggle \(declaration.key)\(mapping); \(declaration.enumName) is \(rule)"))
        }
        if notes.isEmpty, let enums = facts.otherCases[name] {
            let reasons = enums.sorted().map { "\($0) is not a toggle enum: \(facts.enums[$0]?.rule ?? "unknown")" }
            notes.append((tokens[index + 1].column, "case \(name) is not a toggle: \(reasons.joined(separator: "; "))"))
        }
        return notes
    }
}
