import Testing
@testable import LedgerModel
@testable import LedgerCore
@testable import ToggleLedger

/// The scan sorts its references by file rank instead of comparing paths: the order must be
/// the one a stable sort by ``CodeReference/ordered(_:_:)`` gives.
@Suite struct CodeReferenceOrderTests {
    @Test func rankedOrderIsTheStableOrderOfOrdered() {
        var generator = SeededGenerator(seed: 23)
        let files = ["App/a.swift", "App/b.swift", "App-2/a.swift", "App/Ä.swift", "Z.swift", "app/a.swift"]
        let kinds = CodeReference.Kind.allCases
        for _ in 0..<50 {
            let references = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                CodeReference(toggle: ["b", "a", "ab", "é"].randomElement(using: &generator)!, kind: kinds.randomElement(using: &generator)!,
                              file: files.randomElement(using: &generator)!, line: Int.random(in: 1...4, using: &generator),
                              column: Int.random(in: 1...3, using: &generator), symbol: "s\(Int.random(in: 0...9, using: &generator))")
            }
            // Stable by construction: ties keep their first positions.
            let expected = references.indices.sorted { a, b in
                CodeReference.ordered(references[a], references[b]) || (!CodeReference.ordered(references[b], references[a]) && a < b)
            }.map { references[$0] }
            var byHash = references
            byHash.sortByPosition()
            #expect(byHash == expected)
            let ranks = SwiftSourceScan.displayRanks(files.map { ($0, "/" + $0) })
            var byIndex = references
            byIndex.sortByPosition(fileRanks: references.map { ranks[files.firstIndex(of: $0.file)!] })
            #expect(byIndex == expected)
        }
    }
}
