import LedgerPlatform
import LedgerModel

/// One `.jsonl` file of the log.
package struct Segment: Sendable, Hashable {
    /// The path to open.
    package var path: String
    /// The path relative to the log directory, with `/` separators (`2026/11/x.jsonl`).
    package var relativePath: String
    /// The path to show the user: the log directory as given, joined with ``relativePath``.
    var displayPath: String
}

/// Finds the segments of a log directory: every regular file ending in `.jsonl` at any
/// depth. Names starting with `.` (the lock, interrupted temporary files, caches) are
/// skipped. The log directory itself may be a symlink; inside it, a symlink that leads inside
/// the log is followed (a folder's segments are read once, where they really are) and one
/// that leads outside it, to a segment or a folder, is an error. The result is sorted by relative path so every run sees the same list.
package enum SegmentDiscovery {
    package static func segments(in directory: String, displayName: String) throws -> [Segment] {
        try listing(in: directory, displayName: displayName).segments
    }

    /// The segments, sorted by relative path, each with its identity as one `stat` found it
    /// while listing (nil when it could not be examined): what a checkpoint is checked against.
    package static func listing(in directory: String, displayName: String) throws -> (segments: [Segment], identities: [SystemCalls.FileIdentity?]) {
        switch SystemCalls.fileType(directory) {
        case nil: throw LogError.directoryMissing(path: displayName)
        case .directory: break
        case .symlink:
            guard let resolved = SystemCalls.realPath(directory), SystemCalls.fileType(resolved) == .directory else {
                throw LogError.notADirectory(path: displayName)
            }
        default: throw LogError.notADirectory(path: displayName)
        }
        let root = SystemCalls.realPath(directory) ?? directory
        var found: [(segment: Segment, identity: SystemCalls.FileIdentity?)] = []
        try walk(directory: directory, relative: "", root: root, displayName: displayName, into: &found)
        // Sorting positions by path bytes, not the (larger) entries themselves.
        let paths = found.map { Array($0.segment.relativePath.utf8) }
        let order = paths.indices.sorted { bytesPrecede(paths[$0], paths[$1]) }
        var segments: [Segment] = []
        var identities: [SystemCalls.FileIdentity?] = []
        segments.reserveCapacity(found.count)
        identities.reserveCapacity(found.count)
        for position in order {
            segments.append(found[position].segment)
            identities.append(found[position].identity)
        }
        return (segments, identities)
    }

    private static func walk(
        directory: String, relative: String, root: String, displayName: String,
        into found: inout [(segment: Segment, identity: SystemCalls.FileIdentity?)]
    ) throws {
        // Each name is joined to these once.
        let pathPrefix = directory + "/"
        let relativePrefix = relative.isEmpty ? "" : relative + "/"
        let displayPrefix = join(displayName, relativePrefix)
        try logIO {
            try SystemCalls.withDirectoryEntries(directory, skipHidden: true) { descriptor, entries in
                for (name, listedType) in entries {
                    let isSegmentName = name.hasSuffix(".jsonl")
                    if listedType == .regular && !isSegmentName { continue }  // not a segment: never opened
                    let path = concatenate(pathPrefix, name)
                    let relativePath = relativePrefix.isEmpty ? name : concatenate(relativePrefix, name)
                    // The common cases, told by the directory entry itself: a regular segment
                    // (one fstatat for its identity) or a plain subdirectory.
                    if listedType == .regular {
                        if let identity = SystemCalls.identity(in: descriptor, name) {
                            found.append((Segment(path: path, relativePath: relativePath, displayPath: concatenate(displayPrefix, name)), identity))
                            continue
                        }
                        // Replaced since it was listed: examine it as below.
                    } else if listedType == .directory && !isSegmentName {
                        try walk(directory: path, relative: relativePath, root: root, displayName: displayName, into: &found)
                        continue
                    }
                    let display = join(displayName, relativePath)
                    var type = SystemCalls.fileType(path)
                    if type == .symlink {
                        guard let target = SystemCalls.realPath(path) else { continue }  // dangling: nothing to read
                        guard target == root || target.hasPrefix(root + "/") else {
                            // Git keeps only the link, not what it leads to: a segment, or a folder
                            // of them, outside the log would be read here and missing from the history.
                            if isSegmentName || SystemCalls.fileType(target) == .directory {
                                throw LogError.symlinkOutsideLog(path: display, target: target)
                            }
                            continue
                        }
                        type = SystemCalls.fileType(target)
                        // A folder inside the log is read where it really is; walking the link too
                        // would read its segments twice (or loop, for a link to an ancestor).
                        if type == .directory { continue }
                    }
                    switch type {
                    case .directory where isSegmentName:
                        throw LogError.segmentNotAFile(path: display)
                    case .directory:
                        try walk(directory: path, relative: relativePath, root: root, displayName: displayName, into: &found)
                    case .regular where isSegmentName:
                        found.append((Segment(path: path, relativePath: relativePath, displayPath: display), SystemCalls.identity(path)))
                    default:
                        if isSegmentName { throw LogError.segmentNotAFile(path: display) }
                    }
                }
            }
        }
    }

    private static func bytesPrecede(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { right in utf8Precedes(left, right) } }
    }

    package static func join(_ directory: String, _ relative: String) -> String {
        if directory.isEmpty || directory == "." { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}

/// Reads one segment line by line, in chunks, without holding the file in memory.
///
/// A cursor can be suspended (its file closed) after reading its first event and resumed
/// later, so the reader can learn where every segment starts without keeping thousands of
/// files open. A class, so the merge heap moves references, not buffers and events.
package final class SegmentCursor {
    package let segment: Segment
    /// The segment's position in the reader's list, to name it compactly.
    package let segmentIndex: Int
    @exclusivity(unchecked) private var descriptor: Int32 = -1
    /// The read-ahead bytes: owned memory rather than an array, so the per-line work pays no
    /// reference counting, uniqueness or exclusivity checks. `capacity` bytes; nil when empty.
    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>?
    @exclusivity(unchecked) private var capacity = 0
    /// Start of unconsumed bytes in `buffer`.
    @exclusivity(unchecked) private var start = 0
    /// End of valid bytes in `buffer`.
    @exclusivity(unchecked) private var end = 0
    /// File offset of `buffer[0]`.
    @exclusivity(unchecked) private var bufferOffset: Int64 = 0
    @exclusivity(unchecked) private var atEndOfFile = false
    @exclusivity(unchecked) private var lineNumber = 0
    /// The replay position of the previous event, to check the segment is sorted: its
    /// instant, and its id's bytes (reused, so no allocation per event).
    @exclusivity(unchecked) private var previousAt: Int64?
    @exclusivity(unchecked) private var previousID: [UInt8] = []
    @exclusivity(unchecked) package private(set) var current: LoggedEvent?
    /// Where the id and toggle name of `current` are in `buffer`, when the decoder left them
    /// for the folding thread to turn into strings (see ``FastEventDecoder/defersIdentity``).
    @exclusivity(unchecked) private var currentIdentity: (id: Range<Int>, toggle: Range<Int>)?
    /// The replay position of `current`, kept apart so the merge compares it without
    /// touching the event: its instant and the first eight bytes of its id, big-endian.
    @exclusivity(unchecked) private(set) var currentAt: Int64 = 0
    @exclusivity(unchecked) private(set) var currentIDPrefix: UInt64 = 0
    /// The size of the file when it was first opened.
    @exclusivity(unchecked) package private(set) var fileSize: Int64 = 0

    private static let firstChunk = 4096
    private static let chunk = 256 * 1024

    /// A cursor at the start of `segment`, or at `offset` (the start of line `lineNumber + 1`)
    /// when resuming after a checkpoint; `previousKey` is then the last event before it.
    init(segment: Segment, index: Int, offset: Int64 = 0, lineNumber: Int = 0, previousKey: OrderKey? = nil) {
        self.segment = segment
        self.segmentIndex = index
        self.bufferOffset = offset
        self.lineNumber = lineNumber
        if let previousKey {
            previousAt = previousKey.at.nanoseconds
            previousID = Array(previousKey.id.utf8)
        }
    }

    deinit { buffer?.deallocate() }

    /// Reads the first event (if any) and closes the file. Warnings go to `warnings`.
    package func prime(decoder: inout FastEventDecoder, warnings: inout [LogWarning]) throws {
        try open()
        defer { suspend() }  // closed on every path, a malformed first line included
        fileSize = try logIO { try SystemCalls.fileSize(descriptor, path: segment.displayPath) }
        try advance(decoder: &decoder, warnings: &warnings)
    }

    /// Moves to the next event; `current` is nil at the end of the segment.
    package func advance(decoder: inout FastEventDecoder, warnings: inout [LogWarning]) throws {
        if descriptor < 0 && !atEndOfFile { try open() }
        currentIdentity = nil
        current = nil
        try readNextEvent(decoder: &decoder, warnings: &warnings)
        guard current != nil else {
            close()
            dropBuffer()  // finished: a merge of thousands of segments must not keep their buffers
            return
        }
        // Field by field: binding the whole event would copy it (a retain per field).
        let at = current!.event.at.nanoseconds
        let outOfOrder: Bool = withCurrentID { id in
            if let previousAt, at < previousAt || (at == previousAt && previousID.withUnsafeBufferPointer { utf8Precedes(id, $0) }) {
                return true
            }
            currentIDPrefix = Self.prefix(of: id)
            // By hand: Array.append(contentsOf:) copies a byte at a time here.
            if previousID.count != id.count { previousID = [UInt8](repeating: 0, count: id.count) }
            previousID.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: id.baseAddress!, count: id.count) }
            return false
        }
        if outOfOrder {
            let previous = "\(Timestamp(nanoseconds: previousAt!)) \(String(decoding: previousID, as: UTF8.self))"
            throw LogError.segmentOutOfOrder(current!.location, previous: previous)
        }
        currentAt = at
        previousAt = at
    }

    /// Calls `body` with the bytes of the current event's id (there must be one).
    func withCurrentID<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let identity = currentIdentity { return try body(bytes(identity.id)) }
        var id = current!.event.id
        return try id.withUTF8(body)
    }

    /// Appends the current event to `batch` without copying it, with its deferred id and
    /// toggle name; the cursor moves on next.
    func moveCurrent(into batch: inout MergeBatch) {
        guard let identity = currentIdentity else { return batch.append(current.take()!) }
        currentIdentity = nil
        batch.appendIdentity(id: bytes(identity.id), toggle: bytes(identity.toggle))
        batch.append(identifiedBy: current.take()!)
    }

    /// Gives the current event its deferred id and toggle name, before the bytes they are
    /// read from go away.
    private func materializeIdentity() {
        guard let identity = currentIdentity, current != nil else { return }
        currentIdentity = nil
        current!.event.id = String(decoding: bytes(identity.id), as: UTF8.self)
        current!.event.toggle = String(decoding: bytes(identity.toggle), as: UTF8.self)
    }

    /// The buffered bytes at `range`.
    private func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer! + range.lowerBound, count: range.count)
    }

    private func dropBuffer() {
        buffer?.deallocate()
        buffer = nil
        capacity = 0
    }

    /// The first eight bytes of `id` as a big-endian number (zero-padded): comparing two
    /// prefixes orders ids as their bytes do, except when they are equal.
    package static func prefix(of id: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value = value << 8 | UInt64(index < id.count ? id[index] : 0) }
        return value
    }

    /// Closes the file but remembers the position, dropping the read-ahead buffer.
    func suspend() {
        guard descriptor >= 0 else { return }
        materializeIdentity()
        bufferOffset += Int64(start)
        dropBuffer()
        start = 0
        end = 0
        close()
    }

    package func close() {
        if descriptor >= 0 {
            SystemCalls.close(descriptor)
            descriptor = -1
        }
    }

    private func open() throws {
        descriptor = try logIO { try SystemCalls.open(segment.path, OpenFlags.readOnly) }
    }

    /// Reads the next line into `current` (left nil at the end). Events are big (over 200
    /// bytes), so they are built in place rather than returned through each caller.
    private func readNextEvent(decoder: inout FastEventDecoder, warnings: inout [LogWarning]) throws {
        while true {
            // Find the next newline in the buffered bytes.
            let searchStart = start
            let count = end - start
            var newline: Int?
            if count > 0, let base = buffer, let found = RawMemory.first(0x0A, in: base + searchStart, count: count) {
                newline = UnsafeRawPointer(base).distance(to: found)
            }
            if let newline {
                let lineStart = start
                start = newline + 1
                lineNumber += 1
                return try decodeLine(from: lineStart, to: newline, terminated: true, decoder: &decoder, warnings: &warnings)
            }
            if atEndOfFile {
                guard start < end else { return }
                let lineStart = start
                start = end
                lineNumber += 1
                return try decodeLine(from: lineStart, to: end, terminated: false, decoder: &decoder, warnings: &warnings)
            }
            try fill()
        }
    }

    /// Reads more bytes, keeping the unconsumed tail and growing the buffer for long lines.
    private func fill() throws {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 {
                UnsafeMutableRawPointer(buffer!).copyMemory(from: UnsafeRawPointer(buffer! + start), byteCount: remaining)
            }
            bufferOffset += Int64(start)
            start = 0
            end = remaining
        }
        var wanted = capacity == 0 && bufferOffset == 0 ? Self.firstChunk : Self.chunk
        // A small segment needs no more than its size (plus one byte to see the end).
        if fileSize > 0 { wanted = min(wanted, max(Self.firstChunk, Int(fileSize - bufferOffset) + 1)) }
        if capacity - end < wanted / 2 {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: end + max(wanted, capacity))
            if let buffer { grown.update(from: buffer, count: end) }
            buffer?.deallocate()
            buffer = grown
            capacity = end + max(wanted, capacity)
        }
        let count = capacity - end
        let offset = bufferOffset + Int64(end)
        let path = segment.displayPath
        let descriptor = self.descriptor
        let readEnd = end
        let read = try logIO { try SystemCalls.pread(descriptor, into: UnsafeMutableRawPointer(buffer! + readEnd), count: count, offset: offset, path: path) }
        if read == 0 { atEndOfFile = true } else { end += read }
    }

    private func decodeLine(
        from lineStart: Int, to lineEnd: Int, terminated: Bool, decoder: inout FastEventDecoder, warnings: inout [LogWarning]
    ) throws {
        let location = LineLocation(file: segment.displayPath, line: lineNumber)
        let fileOffset = bufferOffset + Int64(lineStart)
        var contentEnd = lineEnd
        if terminated && contentEnd > lineStart && buffer![contentEnd - 1] == 0x0D { contentEnd -= 1 }  // tolerate CRLF
        let line = bytes(lineStart..<contentEnd)
        // The fast decoder first; the general one explains what it declines (or accepts it:
        // the fast path only takes the common shapes).
        var failure: LogError?
        if lineNumber == 1 && line.count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF {
            failure = .malformedLine(location, reason: "the file starts with a byte-order mark; JSON Lines files are UTF-8 without one")
        } else if let event = decoder.decode(line) {
            current = LoggedEvent(event: event, location: location, segmentIndex: segmentIndex, offset: fileOffset, toggleSlot: decoder.toggleSlot)
            if let deferred = decoder.deferredIdentity {
                currentIdentity = (
                    (deferred.id.lowerBound + lineStart)..<(deferred.id.upperBound + lineStart),
                    (deferred.toggle.lowerBound + lineStart)..<(deferred.toggle.upperBound + lineStart)
                )
            }
        } else {
            switch EventLineDecoder.decodeGeneral(line, location: location) {
            case .success(let general):
                current = LoggedEvent(event: general, location: location, segmentIndex: segmentIndex, offset: fileOffset, toggleSlot: -1)
            case .failure(let error):
                failure = error
            }
        }
        guard let failure else {
            if !terminated { warnings.append(.missingFinalNewline(location, offset: fileOffset + Int64(lineEnd - lineStart))) }
            return
        }
        if terminated { throw failure }
        warnings.append(.tornTail(location, byteCount: lineEnd - lineStart, offset: fileOffset))
    }
}

/// The general decoder of one line: ``JSONParser`` then ``EventCodec``. It is the reference
/// the fast path must agree with, and the one that explains every rejection.
enum EventLineDecoder {
    static func decodeGeneral(_ line: UnsafeBufferPointer<UInt8>, location: LineLocation) -> Result<Event, LogError> {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            return .failure(.malformedLine(location, reason: "blank line; every line must be one JSON event"))
        }
        do {
            let value = try JSONParser.parse(line)
            return .success(try EventCodec.decode(value))
        } catch let error as JSONError {
            return .failure(.malformedLine(location, reason: "invalid JSON: \(error)"))
        } catch let error as EventDecodingError {
            return .failure(.malformedLine(location, reason: "invalid event: \(error)"))
        } catch {
            return .failure(.malformedLine(location, reason: "\(error)"))
        }
    }
}
