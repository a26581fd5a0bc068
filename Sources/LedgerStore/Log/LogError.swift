import LedgerPlatform
import LedgerModel
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
