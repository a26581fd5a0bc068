import LedgerPlatform
import LedgerModel
/// Whether a checkpoint still covers the log: its segments unchanged, and which were added.
extension ReplayCheckpoint {

    /// Whether `segments` (sorted by relative path, as listed with their `identities`)
    /// include exactly what this checkpoint covered, unchanged. Returns the positions of the
    /// segments added since, or nil when the checkpoint cannot be used.
    ///
    /// A covered segment is unchanged when its identity (device, inode, size, modification
    /// and status-change times) is the one recorded, or else when its size is and its content
    /// hashes to the recorded hash while its identity holds still; then its new identity is
    /// recorded (``refreshed``).
    ///
    /// git's "racily clean" rule: times are only as fine as the file system keeps them, so a
    /// segment rewritten (same size) within one tick of the checkpoint's writing may show the
    /// recorded identity. An identity vouches for a segment only when both its times are
    /// strictly older than the checkpoint file's own modification time; a racy segment is
    /// checked by its content, and then the checkpoint is written again, later than it.
    package mutating func addedSegments(in segments: [Segment], identities: [SystemCalls.FileIdentity?]) -> [Int]? {
        var added: [Int] = []
        var next = 0
        for (position, segment) in segments.enumerated() {
            guard next < self.segments.count, utf8Equal(self.segments[next].relativePath, segment.relativePath) else {
                added.append(position)
                continue
            }
            let covered = self.segments[next]
            guard let identity = identities[position], identity.size == covered.identity.size else { return nil }
            let racy = identity.modified >= file.modified || identity.changed >= file.modified
            if identity != covered.identity || racy {
                // Touched, copied, checked out again, or too close in time to the checkpoint
                // to tell: trust it only if the bytes are the same.
                guard let hash = try? SegmentHash.hash(file: segment.path), hash == covered.contentHash,
                    SystemCalls.identity(segment.path) == identity
                else { return nil }
                self.segments[next].identity = identity
                refreshed = true
            }
            next += 1
        }
        // A covered segment missing (or listed out of order: the file is not what we wrote).
        guard next == self.segments.count else { return nil }
        return added
    }

    /// The segments it covers, each with the size it had then: those of `segments` (the
    /// current listing, checked by ``addedSegments(in:identities:)``) not at `added`.
    package func covered(in segments: [Segment], added: [Int]) -> [(segment: Segment, byteCount: Int64)] {
        let addedPositions = Set(added)
        let coveredSegments = segments.indices.filter { !addedPositions.contains($0) }.map { segments[$0] }
        return zip(coveredSegments, self.segments).map { (segment: $0, byteCount: $1.identity.size) }
    }

    /// The events it covers with one of `ids`, by id (see ``CoveredIDSearch``); nil when that
    /// cannot be settled, and the caller replays in full. An added event that repeats a covered
    /// id would be skipped by a full replay, so folding it onto the checkpoint would be wrong.
    package func events(withIDs ids: Set<String>, segments: [Segment], added: [Int]) -> [String: Event]? {
        guard !ids.isEmpty else { return [:] }
        // A segment that cannot be read now is not vouched for: the full replay says why.
        return (try? CoveredIDSearch.events(withIDs: ids, in: covered(in: segments, added: added))) ?? nil
    }
}
