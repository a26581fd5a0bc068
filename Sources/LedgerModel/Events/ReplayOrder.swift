extension Array where Element == Event {
    /// The events in replay order (at, id), stable for equal keys. Events are large values:
    /// an array already in order (the usual case) is returned as is, and otherwise positions
    /// are sorted rather than the events themselves.
    package func inReplayOrder() -> [Event] {
        var sorted = self
        sorted.sortIntoReplayOrder()
        return sorted
    }
}

extension Array where Element == Event {
    /// Whether the event at `lhs` comes before the one at `rhs` in replay order.
    @inline(__always)
    package func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        withUnsafeBufferPointer { $0.precedes(lhs, rhs) }
    }

    /// Sorts the events into replay order in place, as ``inReplayOrder()`` orders them:
    /// positions are sorted, then the events are moved along the permutation's cycles, so no
    /// second copy of the batch is made.
    package mutating func sortIntoReplayOrder() {
        let order: [Int]? = withUnsafeBufferPointer { events in
            var sorted = true
            for index in events.indices.dropFirst() where events.precedes(index, index - 1) {
                sorted = false
                break
            }
            if sorted { return nil }
            // Sorted as keys (the instant and the id's first 16 bytes) so most comparisons
            // touch neither the events nor their strings; equal keys compare in full, and
            // events equal in full keep their order, as in inReplayOrder().
            var keys = events.indices.map { ReplaySortKey(at: events[$0].at, id: events[$0].id, position: $0) }
            keys.sort { lhs, rhs in
                if lhs.at != rhs.at { return lhs.at < rhs.at }
                if lhs.high != rhs.high { return lhs.high < rhs.high }
                if lhs.low != rhs.low { return lhs.low < rhs.low }
                if events.precedes(lhs.position, rhs.position) { return true }
                if events.precedes(rhs.position, lhs.position) { return false }
                return lhs.position < rhs.position
            }
            return keys.map(\.position)
        }
        guard let order else { return }
        // Position i takes the event at order[i].
        withUnsafeMutableBufferPointer { events in
            var placed = [Bool](repeating: false, count: events.count)
            for start in events.indices where !placed[start] {
                var position = start
                while true {
                    placed[position] = true
                    let source = order[position]
                    if source == start { break }
                    events.swapAt(position, source)
                    position = source
                }
            }
        }
    }
}

/// An event's place in replay order, as integers: the instant, then the id's first 16 UTF-8
/// bytes big-endian (zero-padded). Different keys order events as ``OrderKey`` does; equal
/// keys mean "compare the ids in full". A shorter id that is a prefix of a longer one pads
/// with zeros, so it sorts first or ties, never after.
struct ReplaySortKey {
    package var at: Int64
    package var high: UInt64
    package var low: UInt64
    package var position: Int

    init(at: Timestamp, id: String, position: Int) {
        self.at = at.nanoseconds
        self.position = position
        var id = id
        (high, low) = id.withUTF8 { bytes in
            var prefix: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &prefix) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes).prefix(16)))
            }
            return (UInt64(bigEndian: prefix.0), UInt64(bigEndian: prefix.1))
        }
    }
}

extension UnsafeBufferPointer where Element == Event {
    /// Whether the event at `lhs` comes before the one at `rhs` in replay order (at, then the
    /// id's UTF-8 bytes, as ``OrderKey``), without copying either event.
    @inline(__always)
    package func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        let left = self[lhs].at
        let right = self[rhs].at
        if left != right { return left < right }
        return utf8Precedes(self[lhs].id, self[rhs].id)
    }
}

extension Array {
    /// Removes the elements at `positions` (ascending, each once), keeping the order of the rest.
    package mutating func remove(atSorted positions: [Int]) {
        guard !positions.isEmpty else { return }
        var kept = positions[0]
        var skip = 0
        for index in positions[0]..<count {
            if skip < positions.count && positions[skip] == index {
                skip += 1
                continue
            }
            swapAt(kept, index)
            kept += 1
        }
        removeLast(count - kept)
    }
}
