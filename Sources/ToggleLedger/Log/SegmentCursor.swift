/// Reads one segment line by line, in chunks, without holding the file in memory.
///
/// A cursor can be suspended (its file closed) after reading its first event and resumed
/// later, so the reader can learn where every segment starts without keeping thousands of
/// files open.
struct SegmentCursor {
    let segment: Segment
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    /// Start of unconsumed bytes in `buffer`.
    private var start = 0
    /// End of valid bytes in `buffer`.
    private var end = 0
    /// File offset of `buffer[0]`.
    private var bufferOffset: Int64 = 0
    private var atEndOfFile = false
    private var lineNumber = 0
    private var previousKey: OrderKey?
    private(set) var current: LoggedEvent?

    private static let firstChunk = 4096
    private static let chunk = 256 * 1024

    init(segment: Segment) {
        self.segment = segment
    }

    /// Reads the first event (if any) and closes the file. Warnings go to `warnings`.
    mutating func prime(warnings: inout [LogWarning]) throws {
        try open()
        // Closed on every path: a malformed first line used to leak the descriptor (found by fuzzing).
        defer { suspend() }
        try advance(warnings: &warnings)
    }

    /// Moves to the next event; `current` is nil at the end of the segment.
    mutating func advance(warnings: inout [LogWarning]) throws {
        if descriptor < 0 && !atEndOfFile { try open() }
        current = try nextEvent(warnings: &warnings)
        if let current {
            if let previousKey, current.event.orderKey < previousKey {
                throw LogError.segmentOutOfOrder(current.location, previous: "\(previousKey.at) \(previousKey.id)")
            }
            previousKey = current.event.orderKey
        } else {
            close()
        }
    }

    /// Closes the file but remembers the position, dropping the read-ahead buffer.
    mutating func suspend() {
        guard descriptor >= 0 else { return }
        bufferOffset += Int64(start)
        buffer = []
        start = 0
        end = 0
        close()
    }

    mutating func close() {
        if descriptor >= 0 {
            SystemCalls.close(descriptor)
            descriptor = -1
        }
    }

    private mutating func open() throws {
        descriptor = try SystemCalls.open(segment.path, O_RDONLY_VALUE)
    }

    private mutating func nextEvent(warnings: inout [LogWarning]) throws -> LoggedEvent? {
        while true {
            // Find the next newline in the buffered bytes.
            var newline = start
            while newline < end && buffer[newline] != 0x0A { newline += 1 }
            if newline < end {
                let lineStart = start
                start = newline + 1
                lineNumber += 1
                return try decodeLine(from: lineStart, to: newline, terminated: true, warnings: &warnings)
            }
            if atEndOfFile {
                guard start < end else { return nil }
                let lineStart = start
                start = end
                lineNumber += 1
                return try decodeLine(from: lineStart, to: end, terminated: false, warnings: &warnings)
            }
            try fill()
        }
    }

    /// Reads more bytes, keeping the unconsumed tail and growing the buffer for long lines.
    private mutating func fill() throws {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 {
                buffer.withUnsafeMutableBufferPointer { pointer in
                    UnsafeMutableRawPointer(pointer.baseAddress!).copyMemory(
                        from: UnsafeRawPointer(pointer.baseAddress! + start), byteCount: remaining)
                }
            }
            bufferOffset += Int64(start)
            start = 0
            end = remaining
        }
        let wanted = buffer.isEmpty && bufferOffset == 0 ? Self.firstChunk : Self.chunk
        if buffer.count - end < wanted / 2 {
            buffer.append(contentsOf: repeatElement(0, count: max(wanted, buffer.count) - (buffer.count - end)))
        }
        let count = buffer.count - end
        let offset = bufferOffset + Int64(end)
        let path = segment.displayPath
        let descriptor = self.descriptor
        let readEnd = end
        let read = try buffer.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) throws -> Int in
            try SystemCalls.pread(descriptor, into: raw.baseAddress! + readEnd, count: count, offset: offset, path: path)
        }
        if read == 0 { atEndOfFile = true } else { end += read }
    }

    private func decodeLine(from lineStart: Int, to lineEnd: Int, terminated: Bool, warnings: inout [LogWarning]) throws -> LoggedEvent? {
        let location = LineLocation(file: segment.displayPath, line: lineNumber)
        let fileOffset = bufferOffset + Int64(lineStart)
        var contentEnd = lineEnd
        if terminated && contentEnd > lineStart && buffer[contentEnd - 1] == 0x0D { contentEnd -= 1 }  // tolerate CRLF
        let result: Result<(Event, Int), LogError> = buffer.withUnsafeBufferPointer { pointer in
            let line = UnsafeBufferPointer(rebasing: pointer[lineStart..<contentEnd])
            if lineNumber == 1 && line.count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF {
                return .failure(.malformedLine(location, reason: "the file starts with a byte-order mark; JSON Lines files are UTF-8 without one"))
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                return .failure(.malformedLine(location, reason: "blank line; every line must be one JSON event"))
            }
            do {
                let value = try JSONParser.parse(line)
                let event = try EventCodec.decode(value)
                var hasher = Hasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(line))
                return .success((event, hasher.finalize()))
            } catch let error as JSONError {
                return .failure(.malformedLine(location, reason: "invalid JSON: \(error)"))
            } catch let error as EventDecodingError {
                return .failure(.malformedLine(location, reason: "invalid event: \(error)"))
            } catch {
                return .failure(.malformedLine(location, reason: "\(error)"))
            }
        }
        switch result {
        case .success(let (event, contentHash)):
            if !terminated { warnings.append(.missingFinalNewline(location, offset: fileOffset + Int64(lineEnd - lineStart))) }
            return LoggedEvent(event: event, location: location, contentHash: contentHash)
        case .failure(let error):
            if terminated { throw error }
            warnings.append(.tornTail(location, byteCount: lineEnd - lineStart, offset: fileOffset))
            return nil
        }
    }
}

/// An event with the line it was read from.
public struct LoggedEvent: Sendable {
    public var event: Event
    public var location: LineLocation
    /// A hash of the line's bytes, to tell an identical duplicate from a reused id.
    public var contentHash: Int
}
