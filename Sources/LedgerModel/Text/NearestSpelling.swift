/// "Did you mean …?" for every place that refuses a name: commands, options, event types,
/// toggle names. One rule: the nearest candidate by edit distance (case-insensitive), within a
/// bound that grows with the name's length, or one that differs only in case.
package enum NearestSpelling {
    /// The candidate nearest to `name`, or nil when none is close enough to be a likely typo.
    /// Ties go to the candidate that comes first in `candidates`.
    package static func nearest<Candidates: Sequence>(to name: String, among candidates: Candidates) -> String?
    where Candidates.Element == String {
        let wanted = Array(name.lowercased())
        let bound = max(1, min(3, wanted.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(wanted, Array(candidate.lowercased()), limit: bound)
            guard distance <= bound else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit (`craete`), cut off
    /// early once every cell exceeds `limit` (the answer is then any value above it).
    package static func editDistance(_ a: [Character], _ b: [Character], limit: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > limit { return limit == .max ? abs(a.count - b.count) : limit + 1 }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = Swift.min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = Swift.min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
