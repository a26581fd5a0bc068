import LedgerModel
import LedgerCore

extension Array where Element == CodeReference {
    /// Sorts as a stable `sort(by: CodeReference.ordered)` does, ranking the distinct files once.
    mutating func sortByPosition() {
        var rankOfFile: [String: Int] = [:]
        for reference in self { rankOfFile[reference.file] = 0 }
        for (rank, file) in rankOfFile.keys.sorted(by: utf8Precedes).enumerated() { rankOfFile[file] = rank }
        sortByPosition(fileRanks: map { rankOfFile[$0.file]! })
    }

    /// The same with each reference's file rank given (`fileRanks[i]` for `self[i]`: equal for
    /// equal files, in `utf8Precedes` order): the ranks are compared instead of the names, whose
    /// comparisons were most of the 4% of a 5,000-file scan that sorting cost.
    mutating func sortByPosition(fileRanks: [Int]) {
        let keys = indices.map { (file: fileRanks[$0], line: self[$0].line, column: self[$0].column) }
        let order = indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            if utf8Precedes(self[a].toggle, self[b].toggle) { return true }
            if utf8Precedes(self[b].toggle, self[a].toggle) { return false }
            return a < b
        }
        // In place, cycle by cycle: a sorted copy would add the references' size to the peak memory.
        var placed = [Bool](repeating: false, count: count)
        for start in indices where !placed[start] {
            let first = self[start]
            var position = start
            while true {
                placed[position] = true
                let source = order[position]
                if source == start { self[position] = first; break }
                self[position] = self[source]
                position = source
            }
        }
    }
}

extension SwiftSourceScan {
    /// Every reference in position order (as ``Swift/Array/sortByPosition()`` sorts), built
    /// from the declarations (sorted by file, line, column) and each file's references in the
    /// order its tokens gave them (`chunks(index)` for `files[index]`): the files are put in
    /// order once, and only a file whose references are out of order is sorted, so the 65,000
    /// references of a 5,000-file scan are never compared across files (the sort this replaces
    /// was a tenth of the scan's wall time).
    static func inFileOrder(
        files: [(display: String, absolute: String)], declarations: [CodeReference],
        chunks: (Int) -> ArraySlice<CodeReference>
    ) -> [CodeReference] {
        let order = files.indices.sorted { utf8Precedes(files[$0].display, files[$1].display) }
        var references: [CodeReference] = []
        references.reserveCapacity(declarations.count + files.indices.reduce(0) { $0 + chunks($1).count })
        var next = 0
        for (position, index) in order.enumerated() {
            // Two files shown under one name (a path given twice through different links):
            // their references interleave by line, which only the full sort gets right.
            // Paths compared as bytes throughout: String's `==` takes café in NFC and in NFD
            // (two files on disk) for one.
            if position > 0 && files[order[position - 1]].display.utf8.elementsEqual(files[index].display.utf8) {
                return sortedInFull(files, declarations, chunks)
            }
            let start = references.count
            while next < declarations.count && declarations[next].file.utf8.elementsEqual(files[index].display.utf8) {
                references.append(declarations[next])
                next += 1
            }
            references.append(contentsOf: chunks(index))
            sortWithinFile(&references[start...])
        }
        return next == declarations.count ? references : sortedInFull(files, declarations, chunks)
    }

    /// Sorts one file's references by line, column and toggle, keeping the given order among
    /// equals (declarations first, then the file's references as found).
    private static func sortWithinFile(_ references: inout ArraySlice<CodeReference>) {
        func precedes(_ a: CodeReference, _ b: CodeReference) -> Bool {
            (a.line, a.column) != (b.line, b.column) ? (a.line, a.column) < (b.line, b.column) : utf8Precedes(a.toggle, b.toggle)
        }
        let indices = references.indices
        guard indices.count > 1, zip(indices.dropLast(), indices.dropFirst()).contains(where: { precedes(references[$0.1], references[$0.0]) }) else { return }
        let order = indices.sorted { a, b in
            precedes(references[a], references[b]) || (!precedes(references[b], references[a]) && a < b)
        }
        let sorted = order.map { references[$0] }
        references.replaceSubrange(indices, with: sorted)
    }

    /// The general way: every reference with its file's rank, one stable sort.
    private static func sortedInFull(
        _ files: [(display: String, absolute: String)], _ declarations: [CodeReference],
        _ chunks: (Int) -> ArraySlice<CodeReference>
    ) -> [CodeReference] {
        let ranks = displayRanks(files)
        let rankOfDisplay = Dictionary(files.indices.map { (files[$0].display, ranks[$0]) }) { first, _ in first }
        var references = declarations
        var fileRanks = declarations.compactMap { rankOfDisplay[$0.file] }
        for index in files.indices {
            let chunk = chunks(index)
            references.append(contentsOf: chunk)
            fileRanks += repeatElement(ranks[index], count: chunk.count)
        }
        if fileRanks.count == references.count { references.sortByPosition(fileRanks: fileRanks) } else { references.sortByPosition() }
        return references
    }

    /// Each file's rank by display path (`utf8Precedes`; the same rank for the same path).
    static func displayRanks(_ files: [(display: String, absolute: String)]) -> [Int] {
        let order = files.indices.sorted { utf8Precedes(files[$0].display, files[$1].display) }
        var ranks = [Int](repeating: 0, count: files.count)
        var rank = 0
        for (position, index) in order.enumerated() {
            if position > 0 && files[index].display != files[order[position - 1]].display { rank += 1 }
            ranks[index] = rank
        }
        return ranks
    }
}
