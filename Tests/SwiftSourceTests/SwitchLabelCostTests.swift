import Testing
@testable import LedgerModel
@testable import SwiftSource
@testable import ToggleLedger

/// The case labels of `switch featureFlag { … }` are found in time proportional to the
/// file's tokens (counted by the walks' steps, not by a clock), and however far a label is
/// from its `{`.
@Suite struct SwitchLabelCostTests {
    /// `inbox` is a toggle case and also a case of another enum, so every `.inbox` asks
    /// whether it is a label of a switch over a flag.
    static let declarations = """
        enum FeatureFlag: String { case inbox, sync }
        enum MainTab { case inbox, sync }

        """

    func scanned(_ body: String) -> (references: Int, steps: Int, tokens: Int) {
        let scanner = SwiftReferenceScanner(knownToggles: ["inbox", "sync"])
        let source = Self.declarations + "func f(featureFlag: FeatureFlag) {\n    switch featureFlag {\n" + body + "    }\n}\n"
        let file = SwiftReferenceScanner.LexedFile(path: "F.swift", tokens: SwiftLexer.tokenize(source))
        let facts = scanner.collectFacts(fileCount: 1) { _ in file }
        var labels = SwiftReferenceScanner.SwitchLabelMemo()
        var references = 0
        for i in file.tokens.indices where file.tokens[i].isPunctuation(".") {
            if case .references(let found) = scanner.implicitMember(file.tokens, at: i, file: "F.swift", facts: facts, labels: &labels) { references += found.count }
        }
        return (references, labels.steps, file.tokens.count)
    }

    @Test(arguments: [2_000, 20_000])
    func oneLabelOfManyPatternsIsLinear(count: Int) {
        let result = scanned("    case " + Array(repeating: ".inbox", count: count).joined(separator: ", ") + ": break\n")
        #expect(result.references == count)
        #expect(result.steps <= 4 * result.tokens, "\(result.steps) steps for \(result.tokens) tokens")
    }

    @Test(arguments: [2_000, 20_000])
    func manyLabelsAreLinear(count: Int) {
        let result = scanned(String(repeating: "    case .inbox: print(1)\n", count: count))
        #expect(result.references == count)
        #expect(result.steps <= 4 * result.tokens, "\(result.steps) steps for \(result.tokens) tokens")
    }

    /// A label more than 65,536 tokens after its switch's `{` was not looked for (the walk
    /// back stopped there) and the reference was dropped.
    @Test func aLabelFarFromItsBraceIsFound() {
        let result = scanned("    case .sync:\n" + String(repeating: "        x()\n", count: 25_000) + "    case .inbox: break\n")
        #expect(result.references == 2)
    }
}
