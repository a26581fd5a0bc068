import LedgerPlatform
import LedgerModel
/// The checkpoint still matches the log's files, but the events added since do not all come
/// after it: one sorts at or before its last event (backdated, or merged from a branch) or
/// repeats an id it covered (a full replay would skip it), or there are more of them than the
/// caller keeps. Not damage: a full replay gives the answer, and writes a fresh checkpoint.
package struct CheckpointSuperseded: Error {}

extension ReplayCheckpoint {
    /// The one incremental fold: hands `fold` every event of the segments at positions
    /// `added` (up to `until`), in replay order, after checking that each sorts after this
    /// checkpoint's last event and has an id it never saw; `summary` starts as the stored one
    /// and takes in the added events. Returns the covered events with the ids `wanted` (one
    /// search of the covered bytes settles both those and the ids the filter may have seen).
    ///
    /// - Parameter maximumEvents: more added events than this throws (a caller that keeps
    ///   them in memory bounds them).
    /// - Throws: ``CheckpointSuperseded`` (replay in full), or the reader's ``LogError``.
    package func foldAdded(
        by reader: LogReader, segments: [Segment], added: [Int], until: Timestamp?, summary: inout ReadSummary,
        lookingUp wanted: Set<String> = [], maximumEvents: Int = .max, _ fold: (LoggedEvent) -> Void
    ) throws -> [String: Event] {
        summary = self.summary
        summary.segmentCount = segments.count
        var maybeSeen: Set<String> = []
        if !added.isEmpty {
            let addedSegments = added.map { segments[$0] }
            var cursors = addedSegments.enumerated().map { SegmentCursor(segment: $0.element, index: $0.offset) }
            var decoder = FastEventDecoder(defersIdentity: true)
            var seen = SeenIDs()
            var delivered = 0
            do {
                try reader.merge(
                    &cursors, segments: addedSegments, until: until, decoder: &decoder, seen: &seen, summary: &summary,
                    admit: { logged in
                        guard lastKey < logged.event.orderKey, delivered < maximumEvents else { throw CheckpointSuperseded() }
                        if ids.mayContain(logged.event.id) { maybeSeen.insert(logged.event.id) }
                    }
                ) { logged in
                    delivered += 1
                    fold(logged)
                }
            } catch let superseded as CheckpointSuperseded {
                for cursor in cursors { cursor.close() }
                throw superseded
            }
        }
        guard let found = events(withIDs: maybeSeen.union(wanted), segments: segments, added: added),
            !maybeSeen.contains(where: { found[$0] != nil })
        else { throw CheckpointSuperseded() }
        return found
    }
}
