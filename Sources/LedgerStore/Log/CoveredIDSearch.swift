import LedgerPlatform
import LedgerModel
/// Finds which of a few ids the segments under a checkpoint hold, by reading their bytes
/// instead of replaying them.
///
/// An append validated from a checkpoint must know whether any of its ids is already in the
/// log. The checkpoint's Bloom filter answers "surely not" for most, but about 1–2% of fresh
/// ids look seen, so a batch of thousands always has some; before this search, each of them
/// cost a full replay. A replay builds every event; this search looks at one field per line.
///
/// It is exact, or it gives up (nil: the caller replays in full):
/// - A line as the writer writes it starts with `{"schema":1,"id":"`, and its id runs to the
///   next quote. A valid event has no other top-level `id` (duplicate keys are rejected), and
///   every terminated line under a checkpoint decoded when the checkpoint was made, so this
///   is that event's id. An id with an escape, and any line of another shape, is decoded in
///   full, as the replay decodes it.
/// - An unterminated last line that does not decode is a torn tail: not an event, skipped
///   as the replay skips it. A terminated line that does not decode means the segment is not
///   what the checkpoint covered: give up.
/// - An id found on two lines: the replay kept whichever came first in replay order and
///   skipped the other; rather than reproduce that order here, give up.
enum CoveredIDSearch {
    /// The events among `segments` (each read up to `byteCount`, the size it was verified to
    /// have) whose ids are in `ids`, by id; nil when the search cannot be sure.
    package static func events(withIDs ids: Set<String>, in segments: [(segment: Segment, byteCount: Int64)]) throws -> [String: Event]? {
        var search = Search(prefilter: StringPrefilter(ids), ids: ids)
        defer { search.buffer.deallocate() }
        for (segment, byteCount) in segments {
            guard try search.read(segment, byteCount: byteCount) else { return nil }
        }
        return search.found
    }

    private struct Search {
        package let prefilter: StringPrefilter
        package let ids: Set<String>
        package var found: [String: Event] = [:]
        package var decoder = FastEventDecoder()
        /// One buffer for every segment (most are far smaller than it): grown for a longer line.
        package var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
        package var capacity = 1 << 20

        static let writerPrefix = Array(#"{"schema":1,"id":""#.utf8)

        /// Reads one segment in chunks; false when the search has to give up.
        package mutating func read(_ segment: Segment, byteCount: Int64) throws -> Bool {
            let descriptor = try logIO { try SystemCalls.open(segment.path, OpenFlags.readOnly) }
            defer { SystemCalls.close(descriptor) }
            var filled = 0
            var offset: Int64 = 0
            while offset < byteCount {
                if filled == capacity {
                    // One line longer than the buffer: make room for it.
                    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                    larger.update(from: buffer, count: filled)
                    buffer.deallocate()
                    (buffer, capacity) = (larger, capacity * 2)
                }
                let wanted = Int(min(Int64(capacity - filled), byteCount - offset))
                let read = try logIO { try SystemCalls.pread(descriptor, into: buffer + filled, count: wanted, offset: offset, path: segment.path) }
                guard read > 0 else { return false }  // shorter than verified: not the covered file
                offset += Int64(read)
                filled += read
                var lineStart = 0
                while let newline = RawMemory.first(0x0A, in: buffer + lineStart, count: filled - lineStart) {
                    let lineEnd = UnsafeRawPointer(buffer).distance(to: newline)
                    guard lookAt(UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart), terminated: true) else {
                        return false
                    }
                    lineStart = lineEnd + 1
                }
                filled -= lineStart
                if lineStart > 0 && filled > 0 { UnsafeMutableRawPointer(buffer).copyMemory(from: buffer + lineStart, byteCount: filled) }
            }
            return filled == 0 || lookAt(UnsafeBufferPointer(start: buffer, count: filled), terminated: false)
        }

        /// Records the line's event when its id is wanted; false when the search has to give up.
        private mutating func lookAt(_ line: UnsafeBufferPointer<UInt8>, terminated: Bool) -> Bool {
            if terminated, let id = Self.writtenID(line) {
                guard prefilter.mayContain(id) else { return true }
                guard ids.contains(String(decoding: id, as: UTF8.self)) else { return true }
            }
            guard let event = decode(line, terminated: terminated) else { return !terminated }
            guard ids.contains(event.id) else { return true }
            guard found.updateValue(event, forKey: event.id) == nil else { return false }
            return true
        }

        /// The id of a line the writer wrote, located without decoding the line; nil for any
        /// other shape, or an id with an escape in it.
        private static func writtenID(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
            let start = writerPrefix.count
            guard line.count > start, writerPrefix.withUnsafeBufferPointer({ RawMemory.equal($0.baseAddress!, line.baseAddress!, count: start) }),
                let quote = RawMemory.first(0x22, in: line.baseAddress! + start, count: line.count - start)
            else { return nil }
            let id = UnsafeBufferPointer(start: line.baseAddress! + start, count: UnsafeRawPointer(line.baseAddress!).distance(to: quote) - start)
            guard RawMemory.first(0x5C, in: id.baseAddress!, count: id.count) == nil else { return nil }
            return id
        }

        /// The event on a line, as a replay decodes it (CRLF tolerated); nil when it is none.
        private mutating func decode(_ line: UnsafeBufferPointer<UInt8>, terminated: Bool) -> Event? {
            var line = line
            if terminated, line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            if let event = decoder.decode(line) { return event }
            return try? EventLineDecoder.decodeGeneral(line, location: LineLocation(file: "", line: 0)).get()
        }
    }
}
