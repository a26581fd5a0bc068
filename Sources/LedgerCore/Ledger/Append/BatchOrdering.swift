import LedgerPlatform
import LedgerModel
import LedgerStore
/// The append's ordering step: the batch's events grouped by toggle (toggles are checked
/// independently), each group in replay order. Positions are grouped with a counting sort and
/// sorted only when out of order, so a big batch's events are never copied.
package enum BatchOrdering {
    /// Each event's toggle, numbered by first appearance in the batch.
    struct Numbering {
        var groupByToggle: [String: Int] = [:]
        /// Parallel to the batch: each event's group.
        package var groups: [Int] = []

        init(_ events: [Event]) {
            groups.reserveCapacity(events.count)
            groupByToggle.reserveCapacity(events.count)
            events.withUnsafeBufferPointer { events in
                for position in events.indices {
                    let nextGroup = groupByToggle.count
                    groups.append(groupByToggle.valueInsertingIfAbsent(events[position].toggle, nextGroup))
                }
            }
        }

        /// The positions of the batch grouped by toggle, each group in batch order.
        package func members() -> Groups {
            let groupCount = groupByToggle.count
            var start = [Int](repeating: 0, count: groupCount + 1)
            for group in groups { start[group + 1] += 1 }
            for group in 0..<groupCount { start[group + 1] += start[group] }
            var positions = [Int](repeating: 0, count: groups.count)
            var next = start
            for (position, group) in groups.enumerated() {
                positions[next[group]] = position
                next[group] += 1
            }
            return Groups(start: start, positions: positions)
        }
    }

    /// Positions grouped by toggle: group `g` is `positions[start[g]..<start[g + 1]]`.
    package struct Groups {
        package let start: [Int]
        package let positions: [Int]

        package var indices: Range<Int> { 0..<(start.count - 1) }

        subscript(group: Int) -> ArraySlice<Int> { positions[start[group]..<start[group + 1]] }
    }

    /// `positions` sorted by the replay order of their events, stable (as ``Array/inReplayOrder()``).
    static func replayOrder(_ positions: ArraySlice<Int>, of events: [Event]) -> ArraySlice<Int> {
        var sorted = true
        var previous = positions.startIndex
        for index in positions.indices.dropFirst() {
            if events.precedes(positions[index], positions[previous]) { sorted = false; break }
            previous = index
        }
        if sorted { return positions }
        return ArraySlice(positions.sorted { events.precedes($0, $1) || (!events.precedes($1, $0) && $0 < $1) })
    }
}
