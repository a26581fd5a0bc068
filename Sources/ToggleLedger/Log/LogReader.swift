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
        try read(segments: try segments(), until: until, body)
    }

    /// ``read(until:_:)`` over a list of segments already discovered.
    func read(segments: [Segment], until: Timestamp?, _ body: (LoggedEvent) -> Void) throws -> ReadSummary {
        var summary = ReadSummary(segmentCount: segments.count)
        var cursors = segments.enumerated().map { SegmentCursor(segment: $0.element, index: $0.offset) }
        var decoder = FastEventDecoder()
        var seen = SeenIDs(expected: 0)
        try merge(&cursors, segments: segments, until: until, decoder: &decoder, seen: &seen, summary: &summary, body)
        return summary
    }

    /// The k-way merge: primes every cursor, then delivers events in replay order, skipping
    /// ids in `seen` (and adding the new ones).
    func merge(
        _ cursors: inout [SegmentCursor], segments: [Segment], until: Timestamp?, decoder: inout FastEventDecoder,
        seen: inout SeenIDs, summary: inout ReadSummary, admit: ((LoggedEvent) throws -> Void)? = nil,
        _ body: (LoggedEvent) -> Void
    ) throws {
        // Every file is closed on every way out, errors included: a malformed line used to
        // leak one descriptor per failed read in a long-lived process (found by fuzzing).
        defer { for cursor in cursors { cursor.close() } }
        var totalBytes: Int64 = 0
        for cursor in cursors {
            try cursor.prime(decoder: &decoder, warnings: &summary.warnings)
            totalBytes += cursor.fileSize
        }
        if seen.count == 0 {
            // Size the id table once: lines are rarely shorter than 160 bytes on average.
            seen = SeenIDs(expected: Int(totalBytes / 160))
        }
        // Cursors stay in place; the heap holds their positions, ordered by current event.
        var pending = cursors.indices.filter { cursors[$0].current != nil }
        // Activate segments in order of their first event.
        pending.sort { Self.precedes(cursors[$0], cursors[$1]) }
        var nextPending = 0
        var heap = CursorHeap()

        while true {
            while nextPending < pending.count,
                  heap.isEmpty || !Self.precedes(cursors[heap.top], cursors[pending[nextPending]]) {
                heap.push(pending[nextPending], cursors)
                nextPending += 1
            }
            guard !heap.isEmpty else { break }
            let top = heap.top
            let logged = cursors[top].current!
            if let until, logged.event.at > until {
                for index in cursors.indices { cursors[index].close() }
                break
            }
            try admit?(logged)
            let position = SeenIDs.position(segment: logged.segmentIndex, offset: logged.offset)
            let first = try seen.insert(SeenIDs.fingerprint(logged.event.id), at: position) { earlier in
                try Self.sameID(earlier, as: logged, segments: segments)
            }
            if let first {
                summary.duplicateCount += 1
                let firstSegment = segments[SeenIDs.segment(of: first)]
                let firstLine = try LineFetcher.line(in: firstSegment, at: SeenIDs.offset(of: first))
                let line = try LineFetcher.line(in: segments[logged.segmentIndex], at: logged.offset)
                if firstLine != line {
                    let firstLocation = LineLocation(
                        file: firstSegment.displayPath,
                        line: try LineFetcher.lineNumber(in: firstSegment, at: SeenIDs.offset(of: first)))
                    summary.warnings.append(.duplicateID(id: logged.event.id, first: firstLocation, duplicate: logged.location))
                }
            } else {
                summary.eventCount += 1
                summary.lastEventAt = logged.event.at
                summary.lastKey = logged.event.orderKey
                body(logged)
            }
            try cursors[top].advance(decoder: &decoder, warnings: &summary.warnings)
            if cursors[top].current == nil {
                heap.removeTop(cursors)
            } else {
                // Keep at most a bounded number of files open; the rest resume on demand.
                if heap.count > 64 { cursors[top].suspend() }
                heap.topChanged(cursors)
            }
        }
        cursors = []
    }

    /// Whether the event at `position` (read back from its segment) has the id of `logged`.
    private static func sameID(_ position: UInt64, as logged: LoggedEvent, segments: [Segment]) throws -> Bool {
        let segment = segments[SeenIDs.segment(of: position)]
        let line = try LineFetcher.line(in: segment, at: SeenIDs.offset(of: position))
        let decoded = line.withUnsafeBufferPointer { bytes in
            EventLineDecoder.decodeGeneral(bytes, location: LineLocation(file: segment.displayPath, line: 0))
        }
        guard case .success(let event) = decoded else { return false }
        return event.id.utf8.elementsEqual(logged.event.id.utf8)
    }

    fileprivate static func precedes(_ lhs: SegmentCursor, _ rhs: SegmentCursor) -> Bool {
        let left = lhs.current!.event
        let right = rhs.current!.event
        if left.at != right.at { return left.at < right.at }
        if left.id != right.id { return utf8Precedes(left.id, right.id) }
        return utf8Precedes(lhs.segment.relativePath, rhs.segment.relativePath)
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
    /// The replay position of the last event delivered.
    var lastKey: OrderKey?
    public var warnings: [LogWarning] = []

    public init(segmentCount: Int) {
        self.segmentCount = segmentCount
    }
}

/// A binary min-heap of cursor positions, ordered by each cursor's current event.
private struct CursorHeap {
    private var items: [Int] = []

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }
    var top: Int { items[0] }

    mutating func push(_ cursor: Int, _ cursors: [SegmentCursor]) {
        items.append(cursor)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard LogReader.precedes(cursors[items[child]], cursors[items[parent]]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeTop(_ cursors: [SegmentCursor]) {
        items.swapAt(0, items.count - 1)
        items.removeLast()
        topChanged(cursors)
    }

    /// Restores the order after the top cursor moved to its next event.
    mutating func topChanged(_ cursors: [SegmentCursor]) {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count && LogReader.precedes(cursors[items[left]], cursors[items[smallest]]) { smallest = left }
            if right < items.count && LogReader.precedes(cursors[items[right]], cursors[items[smallest]]) { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
