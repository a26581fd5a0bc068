/// Streams the events of a log directory in replay order.
///
/// Each segment is sorted (the writer guarantees it, the reader checks it), so replay is a
/// k-way merge: the reader learns each segment's first event, then keeps open only the
/// segments whose range overlaps the merge front. Memory grows with the number of toggles
/// the caller folds into and the number of ids seen, never with the size of the files.
public struct LogReader: Sendable {
    /// The directory to read.
    public let directory: String
    /// How to name the directory in messages (as the user typed it).
    public let displayName: String

    public init(directory: String, displayName: String? = nil) {
        self.directory = directory
        self.displayName = displayName ?? directory
    }

    /// The segments, sorted by relative path.
    public func segments() throws -> [Segment] {
        try SegmentDiscovery.segments(in: directory, displayName: displayName)
    }

    /// Calls `body` with every event in replay order, up to and including `until` when
    /// given. An id seen before in replay order is skipped: silently when the line is
    /// identical (the same event reached the log twice), with a warning otherwise.
    @discardableResult
    public func read(until: Timestamp? = nil, _ body: (LoggedEvent) -> Void) throws -> ReadSummary {
        let segments = try segments()
        var summary = ReadSummary(segmentCount: segments.count)
        var pending: [SegmentCursor] = []
        pending.reserveCapacity(segments.count)
        for segment in segments {
            var cursor = SegmentCursor(segment: segment)
            try cursor.prime(warnings: &summary.warnings)
            if cursor.current != nil { pending.append(cursor) }
        }
        // Activate segments in order of their first event.
        pending.sort { lhs, rhs in Self.precedes(lhs, rhs) }
        var nextPending = 0
        var heap = CursorHeap()
        var seen: [IDFingerprint: SeenEvent] = [:]

        while true {
            while nextPending < pending.count,
                  heap.isEmpty || !Self.precedes(heap.top, pending[nextPending]) {
                heap.push(pending[nextPending])
                nextPending += 1
            }
            guard var cursor = heap.popTop() else { break }
            let logged = cursor.current!
            if let until, logged.event.at > until {
                cursor.close()
                heap.closeAll()
                for index in nextPending..<pending.count { pending[index].close() }
                break
            }
            let fingerprint = IDFingerprint(logged.event.id)
            if let first = seen[fingerprint] {
                summary.duplicateCount += 1
                if first.contentHash != logged.contentHash {
                    summary.warnings.append(.duplicateID(id: logged.event.id, first: first.location, duplicate: logged.location))
                }
            } else {
                seen[fingerprint] = SeenEvent(contentHash: logged.contentHash, location: logged.location)
                summary.eventCount += 1
                summary.lastEventAt = logged.event.at
                body(logged)
            }
            do {
                try cursor.advance(warnings: &summary.warnings)
            } catch {
                // A malformed line ends the read: close every open file, or a long-lived
                // process leaks one descriptor per failed read (found by fuzzing).
                cursor.close()
                heap.closeAll()
                throw error
            }
            if cursor.current != nil {
                // Keep at most a bounded number of files open; the rest resume on demand.
                if heap.count >= 64 { cursor.suspend() }
                heap.push(cursor)
            }
        }
        return summary
    }

    fileprivate static func precedes(_ lhs: SegmentCursor, _ rhs: SegmentCursor) -> Bool {
        let left = lhs.current!.event.orderKey
        let right = rhs.current!.event.orderKey
        if left != right { return left < right }
        return lhs.segment.relativePath.utf8.lexicographicallyPrecedes(rhs.segment.relativePath.utf8)
    }
}

/// What a read found besides the events.
public struct ReadSummary: Sendable {
    public var segmentCount: Int
    /// Events delivered (duplicates excluded).
    public var eventCount = 0
    /// Events skipped because their id was already seen.
    public var duplicateCount = 0
    public var lastEventAt: Timestamp?
    public var warnings: [LogWarning] = []

    public init(segmentCount: Int) {
        self.segmentCount = segmentCount
    }
}

/// 128 bits of an id's hash: enough to tell ids apart without storing them
/// (a collision among a billion ids has odds below 10^-20).
private struct IDFingerprint: Hashable {
    var high: Int
    var low: Int

    init(_ id: String) {
        var first = Hasher()
        first.combine(id)
        var second = Hasher()
        second.combine(0x5EED)
        second.combine(id)
        high = first.finalize()
        low = second.finalize()
    }
}

private struct SeenEvent {
    var contentHash: Int
    var location: LineLocation
}

/// A binary min-heap of cursors ordered by their current event.
private struct CursorHeap {
    private var items: [SegmentCursor] = []

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }
    var top: SegmentCursor { items[0] }

    mutating func push(_ cursor: SegmentCursor) {
        items.append(cursor)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard LogReader.precedes(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popTop() -> SegmentCursor? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count && LogReader.precedes(items[left], items[smallest]) { smallest = left }
            if right < items.count && LogReader.precedes(items[right], items[smallest]) { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }

    mutating func closeAll() {
        for index in items.indices { items[index].close() }
    }
}
