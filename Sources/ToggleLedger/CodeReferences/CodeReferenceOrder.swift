import LedgerModel
import LedgerCore

extension Array where Element == CodeReference {
    /// Sorts as a stable `sort(by: CodeReference.ordered)` does, ranking the distinct files once.
    package mutating func sortByPosition() {
        var rankOfFile: [String: Int] = [:]
        for reference in self { rankOfFile[reference.file] = 0 }
        for (rank, file) in rankOfFile.keys.sorted(by: utf8Precedes).enumerated() { rankOfFile[file] = rank }
        sortByPosition(fileRanks: map { rankOfFile[$0.file]! })
    }

    /// The same with each reference's file rank given (`fileRanks[i]` for `self[i]`: equal for
    /// equal files, in `utf8Precedes` order): the ranks are compared instead of the names, whose
    /// comparisons were most of the 4% of a 5,000-file scan that sorting cost.
    package mutating func sortByPosition(fileRanks: [Int]) {
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
