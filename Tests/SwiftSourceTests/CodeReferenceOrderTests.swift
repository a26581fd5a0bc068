import Testing
@testable import LedgerModel
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The scan sorts its references by file rank instead of comparing paths: the order must be
/// the one a stable sort by ``CodeReference/ordered(_:_:)`` gives.
@Suite struct CodeReferenceOrderTests {
    @Test func rankedOrderIsTheStableOrderOfOrdered() {
        var generator = SeededGenerator(seed: 23)
        let files = ["App/a.swift", "App/b.swift", "App-2/a.swift", "App/Ä.swift", "Z.swift", "app/a.swift"]
        let kinds = CodeReference.Kind.allCases
        for _ in 0..<50 {
            let references = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                CodeReference(
                    toggle: ["b", "a", "ab", "é"].randomElement(using: &generator)!, kind: kinds.randomElement(using: &generator)!,
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

    /// The scan's assembly (files put in order once, a file sorted only when its references
    /// are out of order) gives the stable order of `ordered`, declarations before the
    /// references found at the same place; two files shown under one name take the full sort.
    @Test func fileByFileAssemblyIsTheStableOrderOfOrdered() {
        var generator = SeededGenerator(seed: 29)
        let kinds: [CodeReference.Kind] = [.member, .implicitMember, .stringKey]
        for round in 0..<80 {
            var displays = ["App/a.swift", "App/b.swift", "App-2/a.swift", "App/Ä.swift", "Z.swift", "app/a.swift"].shuffled(using: &generator)
            if round % 10 == 9 { displays.append(displays[0]) }
            let files = displays.enumerated().map { ($0.element, "/abs/\($0.offset)/" + $0.element) }
            func reference(_ file: String, _ kind: CodeReference.Kind) -> CodeReference {
                CodeReference(
                    toggle: ["b", "a", "ab", "é"].randomElement(using: &generator)!, kind: kind, file: file,
                    line: Int.random(in: 1...4, using: &generator), column: Int.random(in: 1...3, using: &generator),
                    symbol: "s\(Int.random(in: 0...9, using: &generator))")
            }
            // Found references: per file, mostly in position order (as tokens give them), sometimes not.
            let chunks: [[CodeReference]] = files.map { file in
                var chunk = (0..<Int.random(in: 0...20, using: &generator)).map { _ in reference(file.0, kinds.randomElement(using: &generator)!) }
                if Bool.random(using: &generator) { chunk.sort { ($0.line, $0.column) < ($1.line, $1.column) } }
                return chunk
            }
            // As pass 1 gives them: by file, line and column, in the order found among equals.
            let declarations = (0..<Int.random(in: 0...12, using: &generator)).map { _ in reference(displays.randomElement(using: &generator)!, .declaration) }
            let sortedDeclarations = declarations.indices.sorted { a, b in
                let x = declarations[a], y = declarations[b]
                if x.file != y.file { return utf8Precedes(x.file, y.file) }
                return (x.line, x.column, a) < (y.line, y.column, b)
            }.map { declarations[$0] }
            let all = sortedDeclarations + chunks.flatMap { $0 }
            let expected = all.indices.sorted { a, b in
                CodeReference.ordered(all[a], all[b]) || (!CodeReference.ordered(all[b], all[a]) && a < b)
            }.map { all[$0] }
            let assembled = SwiftSourceScan.inFileOrder(files: files, declarations: sortedDeclarations) { chunks[$0][...] }
            if displays.count == Set(displays).count {
                #expect(assembled == expected)
            } else {
                // The same display twice: the order among the two files' ties is the full sort's.
                #expect(assembled.map { "\($0.file):\($0.line):\($0.column) \($0.toggle)" } == expected.map { "\($0.file):\($0.line):\($0.column) \($0.toggle)" })
                #expect(assembled.count == all.count)
            }
        }
    }
}
