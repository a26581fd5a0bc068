import LedgerCore

/// What `toggles scan --explain` says about the declarations discovery looked at: the type it
/// found (the shape rule, the member count) or the lookalike it passed over, and each property
/// it made a toggle.
extension ToggleTypeDiscovery {
    private static let declarationKeywords: Set<String> = ["struct", "class", "enum", "extension", "protocol", "actor"]

    /// Notes for the identifier at `index` of `tokens` (one file's, at `file`).
    package func notes(_ tokens: [SwiftToken], at index: Int, facts: SwiftReferenceScanner.EnumFacts, file: String) -> [(column: Int, text: String)] {
        let token = tokens[index]
        guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return [] }
        let name = tokens[index + 1].text
        if Self.declarationKeywords.contains(token.text) {
            // An enum's record already says it (the discovery's reason included).
            guard token.text != "enum" || facts.enums[name] == nil, let finding = findings[name] else {
                // A type some of whose members name toggles by their shape (DiscoveredToggleNames.swift).
                let members = named.filter { $0.enumName == name && $0.file == file }
                guard !members.isEmpty else { return [] }
                let list = members.map { "\($0.caseName) (\($0.key))" }.joined(separator: ", ")
                return [(column: token.column, text: "\(token.text) \(name) names \(members.count) toggle\(members.count == 1 ? "" : "s") without a log: \(list)")]
            }
            let count = finding.isToggleType ? " (\(finding.count) toggle\(finding.count == 1 ? "" : "s"))" : ""
            return [(column: token.column, text: "\(token.text) \(name) \(finding.isToggleType ? "is" : "is not") a toggle type: \(finding.why)\(count)")]
        }
        guard token.text == "var" || token.text == "let" else { return [] }
        let declaration = tokens[index + 1]
        let position = Position(file: file, line: declaration.line, column: declaration.column)
        if let why = namedWhy[position], let found = named.first(where: { Position($0) == position }) {
            return [
                (
                    column: declaration.column,
                    text: "\(token.text) \(found.caseName) names the toggle \(found.key) without a log: \(why); the scan then reads the code as if a log named it"
                )
            ]
        }
        return facts.declarations.filter { $0.file == file && $0.line == declaration.line && $0.column == declaration.column }.map { found in
            let why = findings[found.enumName]?.why ?? "a toggle type"
            return (column: found.column, text: "\(symbol(for: found) ?? found.caseName) declares the toggle \(found.key); \(found.enumName) is \(why)")
        }
    }
}
