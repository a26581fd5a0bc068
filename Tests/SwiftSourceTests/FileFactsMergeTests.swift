import Testing
@testable import LedgerModel
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// Pass 1 collects each file's declarations on its own thread and merges them in file order
/// (`EnumFacts.absorb`): the result must be what collecting every file in turn into one set of
/// facts gives, on enums declared in several files, toggle or not, with defaults and raw values.
@Suite struct FileFactsMergeTests {
    static let pieces = [
        "enum FeatureFlag: String {\n case sync\n case aiChat = \"ai_chat\"\n var defaultValue: Bool { switch self { case .sync: true default: false } }\n}\n",
        "enum FeatureFlag: Int {\n case sync, inbox\n var defaultValue: Bool { switch self { case .inbox: return false\n default: return true } }\n}\n",
        "enum FeatureFlag {\n case legacy\n}\n",
        "enum Key: String {\n case adminCode = \"admin_code\"\n case other = \"x\"\n}\n",
        "enum Key: String, CodingKey {\n case adminCode = \"admin_code\"\n}\n",
        "enum Tab {\n case sync\n case inbox\n}\n",
        "enum RemoteToggle: String, ToggleType {\n case isRoundedAvatar\n var defaultValue: Bool { unreadable() }\n}\n",
        "enum RemoteToggle: String, ToggleType {\n case isRoundedAvatar\n case isNew = \"is_new\"\n var defaultValue: Bool { switch rawValue { case \"is_new\": true\n default: false } }\n}\n",
        "extension Client {\n enum Key: String {\n case adminCode = \"admin_code\"\n }\n}\n",
        "let x = FeatureFlag.sync\n",
    ]

    /// A deterministic rendering of everything pass 1 collects.
    static func render(_ facts: SwiftReferenceScanner.EnumFacts) -> [String] {
        var lines = ["enums: " + facts.toggleEnums.sorted().joined(separator: ",")]
        lines += facts.enums.sorted { $0.key < $1.key }.map { "enum \($0.key) \($0.value.isToggle) \($0.value.rule) \($0.value.rawString) \($0.value.codingKey)" }
        lines += facts.toggleCases.sorted { $0.key < $1.key }.flatMap { enumName, cases in
            cases.sorted { $0.key < $1.key }.map { "case \(enumName).\($0.key) \($0.value)" }
        }
        lines += facts.otherCases.sorted { $0.key < $1.key }.map { "other \($0.key) \($0.value.sorted())" }
        lines += facts.candidateCases.map { "candidate \($0)" }
        lines += facts.declarations.map { "declaration \($0)" }
        lines += facts.defaults.sorted { $0.key < $1.key }.map { name, found in
            "defaults \(name) \(found.readable) \(String(describing: found.fallback)) "
                + found.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        }
        return lines
    }

    @Test func mergingFilesInOrderIsCollectingThemInTurn() {
        var generator = SeededGenerator(seed: 97)
        let scanner = SwiftReferenceScanner()
        for _ in 0..<300 {
            let files = (0..<Int.random(in: 1...6, using: &generator)).map { index in
                SwiftReferenceScanner.LexedFile(
                    path: "F\(index).swift",
                    tokens: SwiftLexer.tokenize(
                        (0..<Int.random(in: 1...3, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()))
            }
            var inTurn = SwiftReferenceScanner.EnumFacts()
            for file in files { scanner.collectDeclarations(file, into: &inTurn) }
            var merged = SwiftReferenceScanner.EnumFacts()
            for file in files { merged.absorb(scanner.fileFacts(file)) }
            #expect(Self.render(merged) == Self.render(inTurn))
        }
    }
}
