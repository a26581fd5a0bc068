import LedgerPlatform
import LedgerModel
/// Streams the events of a log directory in replay order.
///
/// Each segment is sorted (the writer guarantees it, the reader checks it), so replay is a
/// k-way merge: the reader learns each segment's first event, then keeps open only the
/// segments whose range overlaps the merge front. Memory grows with the number of toggles
/// the caller folds into and the number of ids seen, never with the size of the files.
package struct LogReader: Sendable {
    /// The directory to read.
    package let directory: String
    /// How to name the directory in messages (as the user typed it).
    package let displayName: String
    /// When a large log is merged on a second thread.
    package let parallelMerge: ParallelMerge

    package init(directory: String, displayName: String? = nil, parallelMerge: ParallelMerge = ParallelMerge()) {
        self.directory = directory
        self.displayName = displayName ?? directory
        self.parallelMerge = parallelMerge
    }

    /// The segments, sorted by relative path.
    package func segments() throws -> [Segment] {
        try SegmentDiscovery.segments(in: directory, displayName: displayName)
    }

    /// Calls `body` with every event in replay order, up to and including `until` when
    /// given. An id seen before in replay order is skipped: silently when the line is
    /// identical (the same event reached the log twice), with a warning otherwise.
    @discardableResult
    package func read(until: Timestamp? = nil, _ body: (LoggedEvent) -> Void) throws -> ReadSummary {
        try read(segments: try segments(), until: until, body)
    }

    /// ``read(until:_:)`` over a list of segments already discovered.
    /// `prefetch` is shown each event's toggle number a few events before it is delivered, so
    /// the caller can start loading the state it will update (see ``merge``).
    package func read(
        segments: [Segment], until: Timestamp?, prefetch: ((Int32) -> Void)? = nil, _ body: (LoggedEvent) -> Void
    ) throws -> ReadSummary {
        var summary = ReadSummary(segmentCount: segments.count)
        var cursors = segments.enumerated().map { SegmentCursor(segment: $0.element, index: $0.offset) }
        var decoder = FastEventDecoder(defersIdentity: true)
        var seen = SeenIDs()
        try merge(&cursors, segments: segments, until: until, decoder: &decoder, seen: &seen, summary: &summary, prefetch: prefetch, body)
        return summary
    }

    /// The k-way merge: primes every cursor, then delivers events in replay order, skipping
    /// ids in `seen` (and adding the new ones).
    package func merge(
        _ cursors: inout [SegmentCursor], segments: [Segment], until: Timestamp?, decoder: inout FastEventDecoder,
        seen: inout SeenIDs, summary: inout ReadSummary, admit: ((LoggedEvent) throws -> Void)? = nil,
        prefetch: ((Int32) -> Void)? = nil, _ body: (LoggedEvent) -> Void
    ) throws {
        // Every file is closed on every way out, errors included: a malformed line used to
        // leak one descriptor per failed read in a long-lived process (found by fuzzing).
        defer { for cursor in cursors { cursor.close() } }
        for cursor in cursors { try cursor.prime(decoder: &decoder, warnings: &summary.warnings) }
        if !seen.isConfigured { seen.configure(segmentSizes: cursors.map(\.fileSize)) }
        /// Whether the event at `position` was new (and given to `body`). The event is reached
        /// through the batch's buffer: a closure capturing the event itself would copy it.
        func deliver(_ events: UnsafeMutableBufferPointer<LoggedEvent>, _ position: Int, fingerprint: UInt64) throws -> Bool {
            let logged = events.baseAddress! + position
            try admit?(logged.pointee)
            let first = try seen.insert(fingerprint, segment: logged.pointee.segmentIndex, offset: logged.pointee.offset) {
                try Self.sameID(segment: $0, offset: $1, as: logged.pointee, segments: segments)
            }
            if let first {
                summary.duplicateCount += 1
                let firstSegment = segments[first.segment]
                let firstLine = try LineFetcher.line(in: firstSegment, at: first.offset)
                let line = try LineFetcher.line(in: segments[logged.pointee.segmentIndex], at: logged.pointee.offset)
                if firstLine != line {
                    let firstLocation = LineLocation(
                        file: firstSegment.displayPath,
                        line: try LineFetcher.lineNumber(in: firstSegment, at: first.offset))
                    summary.warnings.append(.duplicateID(id: logged.pointee.event.id, first: firstLocation, duplicate: logged.pointee.location))
                }
            } else {
                summary.eventCount += 1
                // Lent to `body` from a local: passing `pointee` would copy the event (a retain
                // per field), as the closure might write to that memory. Then put back.
                let event = logged.move()
                body(event)
                logged.initialize(to: event)
                return true
            }
            return false
        }
        /// A batch at a time: names and ids become strings, then each item is delivered.
        var names = StringInterner()
        func consume(_ batch: inout MergeBatch) throws {
            batch.materializeIdentities(names: &names)
            var nextWarning = 0
            var lastDelivered: Int?
            let (warnings, fingerprints) = (batch.warnings, batch.fingerprints)
            // Through the buffer, so each event is lent to `deliver` rather than copied.
            try batch.withEvents { events in
                // The id-table slot and the state the fold will use are loaded a few events
                // ahead: far enough for a miss to arrive in time, near enough not to queue more
                // than the cache can track.
                let distance = 12
                func prefetchLookups(of index: Int) {
                    seen.prefetch(fingerprints[index])
                    prefetch?(events[index].toggleSlot)
                }
                for index in events.indices.prefix(distance) { prefetchLookups(of: index) }
                for index in events.indices {
                    if index + distance < events.count { prefetchLookups(of: index + distance) }
                    while nextWarning < warnings.count && warnings[nextWarning].position == index {
                        summary.warnings.append(warnings[nextWarning].warning)
                        nextWarning += 1
                    }
                    if try deliver(events, index, fingerprint: fingerprints[index]) { lastDelivered = index }
                }
                // The summary's last position, once per batch rather than once per event.
                if let lastDelivered {
                    summary.lastEventAt = events[lastDelivered].event.at
                    summary.lastKey = events[lastDelivered].event.orderKey
                }
            }
            for remaining in warnings[nextWarning...] { summary.warnings.append(remaining.warning) }
            if batch.stoppedAtUntil { summary.stoppedAtUntil = true }
        }
        let totalBytes = cursors.reduce(Int64(0)) { $0 + $1.fileSize }
        if parallelMerge.isWorthIt(totalBytes: totalBytes) {
            try MergePipeline.run(cursors: cursors, until: until, decoder: decoder, consume)
        } else {
            var batch = MergeBatch()
            do {
                try Self.produce(&cursors, until: until, decoder: &decoder, into: &batch) { full in
                    try consume(&full)
                    full.removeAll()
                }
            } catch {
                // What was read before the error is delivered first, as it would have been
                // one event at a time.
                try consume(&batch)
                throw error
            }
            try consume(&batch)
        }
        cursors = []
    }

    /// The merge itself: delivers every event of `cursors` (already primed) in replay order,
    /// and the warnings reading them raises, into `batch`, calling `flush` with each full one. Decoding happens here, so this is
    /// the half of a replay that can run on another core (``MergePipeline``).
    package static func produce(
        _ cursors: inout [SegmentCursor], until: Timestamp?, decoder: inout FastEventDecoder,
        into batch: inout MergeBatch, flush: (inout MergeBatch) throws -> Void
    ) throws {
        // Cursors stay in place; the heap holds their positions, ordered by current event.
        var pending = cursors.indices.filter { cursors[$0].current != nil }
        // Activate segments in order of their first event.
        pending.sort { precedes(cursors[$0], cursors[$1]) }
        var nextPending = 0
        var heap = CursorHeap()
        var warnings: [LogWarning] = []
        // The waiting cursors' keys do not change until they join the heap.
        let pendingKeys = pending.map { (at: cursors[$0].currentAt, idPrefix: cursors[$0].currentIDPrefix) }
        while true {
            while nextPending < pending.count,
                heap.isEmpty || !heap.topPrecedes(pendingKeys[nextPending], pending[nextPending], cursors)
            {
                heap.push(pending[nextPending], cursors)
                nextPending += 1
            }
            guard !heap.isEmpty else { break }
            let top = heap.top
            let cursor = cursors[top]
            if let until, cursor.currentAt > until.nanoseconds {
                batch.stoppedAtUntil = true
                for index in cursors.indices { cursors[index].close() }
                break
            }
            cursor.moveCurrent(into: &batch)
            try cursor.advance(decoder: &decoder, warnings: &warnings)
            if !warnings.isEmpty {
                for warning in warnings { batch.append(warning) }
                warnings.removeAll()
            }
            if batch.isFull { try flush(&batch) }
            if cursor.current == nil {
                heap.removeTop(cursors)
            } else {
                // Keep at most a bounded number of files open; the rest resume on demand.
                if heap.count > 64 { cursor.suspend() }
                heap.topChanged(cursor, cursors)
            }
        }
    }

    /// Whether the event at `position` (read back from its segment) has the id of `logged`.
    private static func sameID(segment index: Int, offset: Int64, as logged: LoggedEvent, segments: [Segment]) throws -> Bool {
        let segment = segments[index]
        let line = try LineFetcher.line(in: segment, at: offset)
        let decoded = line.withUnsafeBufferPointer { bytes in
            EventLineDecoder.decodeGeneral(bytes, location: LineLocation(file: segment.displayPath, line: 0))
        }
        guard case .success(let event) = decoded else { return false }
        return event.id.utf8.elementsEqual(logged.event.id.utf8)
    }

    fileprivate static func precedes(_ lhs: SegmentCursor, _ rhs: SegmentCursor) -> Bool {
        if lhs.currentAt != rhs.currentAt { return lhs.currentAt < rhs.currentAt }
        if lhs.currentIDPrefix != rhs.currentIDPrefix { return lhs.currentIDPrefix < rhs.currentIDPrefix }
        let order: Bool? = lhs.withCurrentID { left in
            rhs.withCurrentID { right in
                left.elementsEqual(right) ? nil : utf8Precedes(left, right)
            }
        }
        return order ?? utf8Precedes(lhs.segment.relativePath, rhs.segment.relativePath)
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
    package var lastKey: OrderKey?
    public var warnings: [LogWarning] = []
    /// Whether the read left events out because they came after its `until` (then it is not
    /// a replay of the whole log, and no checkpoint is written of it).
    package var stoppedAtUntil = false

    public init(segmentCount: Int) {
        self.segmentCount = segmentCount
    }
}

/// A binary min-heap of cursor positions, ordered by each cursor's current event. Each entry
/// carries its cursor's sort key, so sifting compares integers in the heap's own array and
/// touches a cursor only when two keys tie.
private struct CursorHeap {
    private struct Entry {
        package var at: Int64
        package var idPrefix: UInt64
        package var cursor: Int
    }

    private var items: [Entry] = []

    package var isEmpty: Bool { items.isEmpty }
    package var count: Int { items.count }
    package var top: Int { items[0].cursor }

    mutating func push(_ cursor: Int, _ cursors: [SegmentCursor]) {
        items.append(Entry(at: cursors[cursor].currentAt, idPrefix: cursors[cursor].currentIDPrefix, cursor: cursor))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(items[child], items[parent], cursors) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Whether the top cursor's event comes before that of `cursor`, whose key is `key`.
    func topPrecedes(_ key: (at: Int64, idPrefix: UInt64), _ cursor: Int, _ cursors: [SegmentCursor]) -> Bool {
        Self.precedes(items[0], Entry(at: key.at, idPrefix: key.idPrefix, cursor: cursor), cursors)
    }

    mutating func removeTop(_ cursors: [SegmentCursor]) {
        items.swapAt(0, items.count - 1)
        items.removeLast()
        siftDown(cursors)
    }

    /// Restores the order after the top cursor (`top`) moved to its next event.
    mutating func topChanged(_ top: SegmentCursor, _ cursors: [SegmentCursor]) {
        items[0].at = top.currentAt
        items[0].idPrefix = top.currentIDPrefix
        siftDown(cursors)
    }

    private mutating func siftDown(_ cursors: [SegmentCursor]) {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count && Self.precedes(items[left], items[smallest], cursors) { smallest = left }
            if right < items.count && Self.precedes(items[right], items[smallest], cursors) { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }

    private static func precedes(_ lhs: Entry, _ rhs: Entry, _ cursors: [SegmentCursor]) -> Bool {
        if lhs.at != rhs.at { return lhs.at < rhs.at }
        if lhs.idPrefix != rhs.idPrefix { return lhs.idPrefix < rhs.idPrefix }
        return LogReader.precedes(cursors[lhs.cursor], cursors[rhs.cursor])
    }
}

/// Why the log could not be read or written. Every case names the file (and line) involved.
public enum LogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The log directory does not exist.
    case directoryMissing(path: String)
    /// Something that should be a directory is not.
    case notADirectory(path: String)
    /// A system call failed.
    case io(path: String, operation: String, errno: Int32)
    /// A line is not valid JSON, or not a valid event.
    case malformedLine(LineLocation, reason: String)
    /// A segment's events are not in replay order (segments are written sorted).
    case segmentOutOfOrder(LineLocation, previous: String)
    /// A symlink in the log points outside the log directory.
    case symlinkOutsideLog(path: String, target: String)
    /// A name ending in `.jsonl` is not a regular file.
    case segmentNotAFile(path: String)
    /// The log's lock file is a symlink (to `target`), which a writer must not follow.
    case lockNotAFile(path: String, target: String)

    /// The same failure, as the log reports it.
    package init(_ error: SystemCallError) {
        switch error {
        case .failed(let path, let operation, let code): self = .io(path: path, operation: operation, errno: code)
        case .notADirectory(let path): self = .notADirectory(path: path)
        }
    }

    public var description: String {
        switch self {
        case .directoryMissing(let path):
            "log directory \(path) does not exist (create it with `toggles create`, or pass --log DIR)"
        case .notADirectory(let path):
            "\(path) is not a directory; expected the log directory of .jsonl segments"
        case .io(let path, let operation, let code):
            "cannot \(operation) \(path): \(SystemCalls.errorMessage(code))"
        case .malformedLine(let location, let reason):
            "\(location): \(reason)"
        case .segmentOutOfOrder(let location, let previous):
            "\(location): event is out of order (it sorts before the previous line, \(previous)); segments must be sorted by time and id, as `toggles append` writes them"
        case .symlinkOutsideLog(let path, let target):
            "\(path) is a symlink to \(target), outside the log directory; segments must live inside it"
        case .lockNotAFile(let path, let target):
            "\(path) is a symlink to \(target); the log's lock must be a plain file in the log directory (a link could make a writer create files outside the log): remove the link, toggles creates the lock"
        case .segmentNotAFile(let path):
            "\(path) ends in .jsonl but is not a regular file; a segment must be a file of JSON lines"
        }
    }
}

/// Something wrong with the log that does not stop it from being read.
public enum LogWarning: Sendable, Hashable, CustomStringConvertible {
    /// The segment's last line has no newline and is not a valid event: a writer was
    /// killed mid-line. The line is ignored; the next append moves it aside.
    case tornTail(LineLocation, byteCount: Int, offset: Int64)
    /// The segment's last line has no newline but is a complete event. It is read; the
    /// next append adds the newline.
    case missingFinalNewline(LineLocation, offset: Int64)
    /// An id already seen earlier in replay order, with different content. The later event
    /// is ignored.
    case duplicateID(id: String, first: LineLocation, duplicate: LineLocation)

    public var description: String {
        switch self {
        case .tornTail(let location, let count, _):
            "\(location): torn last line (\(count) bytes without a newline, left by an interrupted writer); ignored, and moved aside by the next append"
        case .missingFinalNewline(let location, _):
            "\(location): last line has no newline; the next append adds it"
        case .duplicateID(let id, let first, let duplicate):
            "\(duplicate): id \(JSONWriter.quoted(id)) was already used at \(first) for a different event; this one is ignored"
        }
    }
}

/// Runs `body` (system calls), reporting a failed call as the log's ``LogError``.
@inline(__always)
func logIO<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as SystemCallError {
        throw LogError(error)
    }
}
