import Foundation
import ToggleLedger
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's `--output FILE`:
/// - a regular file is replaced atomically (a reader never sees half a report), keeping its
///   permissions; a read-only one is refused, as the shell's `>` would;
/// - a symlink is written through, so the link stays a link;
/// - the process's own streams (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
///   `/proc/self/fd/N`) are written to the open descriptor, so `>> ci.log` keeps what the file
///   held (following the link and renaming over its target would not);
/// - another device or a pipe (`/dev/null`, a FIFO) is written in place;
/// - a path inside the log directory is refused: the log would read it as a segment, or the
///   policy would change.
enum OutputFile {
    static func write(_ text: String, to path: String, log: String, command: String, _ context: CommandContext) throws {
        guard !path.isEmpty else { throw UsageError("--output needs a file name", command: command) }
        let resolved = context.resolve(path)
        if path.hasSuffix("/") {
            throw UsageError("--output \(path) names a folder; name a file in it", command: command)
        }
        if let descriptor = openStream(path) {
            try writeAll(text, to: descriptor, path: path)
            return
        }
        try refuseInsideTheLog(resolved, path: path, log: context.resolve(log), shownLog: log, command: command)
        switch destination(resolved) {
        case .folder:
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): it is a folder; name a file")
        case .inPlace:
            do {
                let descriptor = try SystemCalls.open(resolved, O_WRONLY | O_CREAT)
                defer { SystemCalls.close(descriptor) }
                try writeAll(text, to: descriptor, path: path)
            } catch let error as SystemCallError {
                throw CommandFailure(status: .invalidLog, message: "\(error)")
            }
        case .replace(let file):
            try replace(file, with: text, shown: path)
        }
        context.note("wrote \(path)")
    }

    private static func replace(_ file: String, with text: String, shown path: String) throws {
        let url = URL(fileURLWithPath: file)
        // Foundation says only "The file doesn't exist" when the folder is missing: name the folder.
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            let shown = (path as NSString).deletingLastPathComponent
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): the folder \(shown.isEmpty ? folder : shown) does not exist; create it first")
        }
        var existing = stat()
        let exists = stat(file, &existing) == 0
        if exists, access(file, W_OK) != 0 {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): it is read-only")
        }
        if access(folder, W_OK) != 0 {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): the folder \(folder) is not writable (the file is replaced by a new one written beside it)")
        }
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): \(error.localizedDescription)")
        }
        // The new file takes the old one's permissions: a report kept private stays private.
        if exists { _ = chmod(file, existing.st_mode & 0o7777) }
    }

    /// The descriptor a path names when it is one of this process's open streams.
    private static func openStream(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let descriptor = Int32(path.dropFirst(prefix.count)), descriptor >= 0, fcntl(descriptor, F_GETFD) != -1 { return descriptor }
            }
            return nil
        }
    }

    private static func writeAll(_ text: String, to descriptor: Int32, path: String) throws {
        var bytes = Array(text.utf8)
        do {
            try bytes.withUnsafeMutableBytes { try SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer($0), path: path) }
        } catch let error as SystemCallError {
            throw CommandFailure(status: .invalidLog, message: "\(error)")
        }
    }

    /// Refuses a path inside the log directory, symlinks resolved on both sides (a dangling
    /// link by what it names).
    private static func refuseInsideTheLog(_ resolved: String, path: String, log: String, shownLog: String, command: String) throws {
        guard let logDirectory = SystemCalls.realPath(log) else { return }
        // Where the write lands: through every link, a dangling one too (writing through it
        // creates its target, which may be a new segment of the log).
        guard let target = SystemCalls.finalPath(resolved) else {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): too many levels of symbolic links")
        }
        if target == logDirectory || target.hasPrefix(logDirectory.hasSuffix("/") ? logDirectory : logDirectory + "/") {
            throw UsageError("--output \(path) is inside the log directory \(shownLog): the log would read it as part of itself; write it elsewhere", command: command)
        }
    }

    private enum Destination: Equatable {
        case replace(String)
        case inPlace
        case folder
    }

    private static func destination(_ path: String) -> Destination {
        switch SystemCalls.fileType(path) {
        case nil, .regular: return .replace(path)
        case .directory: return .folder
        case .other: return .inPlace
        case .symlink:
            // A link to a regular file: replace the file it points to. A link to a device or a
            // pipe, or a dangling one: write through the link.
            guard let target = SystemCalls.realPath(path) else { return .inPlace }
            switch SystemCalls.fileType(target) {
            case .regular: return .replace(target)
            case .directory: return .folder
            default: return .inPlace
            }
        }
    }
}
