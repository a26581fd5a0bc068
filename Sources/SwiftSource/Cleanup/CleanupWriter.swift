import LedgerPlatform
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a planned cleanup was not written.
public enum CleanupWriteError: Error, Sendable, CustomStringConvertible {
    /// The file's bytes are not those the plan was made from.
    case changedSincePlan(String)
    case io(String, String)

    public var description: String {
        switch self {
        case .changedSincePlan(let path): "\(path) changed since the cleanup was planned; nothing was written, run it again"
        case .io(let path, let reason): "cannot write \(path): \(reason); nothing was written"
        }
    }
}

extension CleanupPlan {
    /// Writes every changed file: each is checked to hold the bytes the plan was made from,
    /// then written beside itself with the same permissions and renamed over it only once all
    /// are written, so an error leaves every file as it was.
    public func write() throws(CleanupWriteError) {
        var staged: [(temporary: String, target: String)] = []
        func discard() { for entry in staged { SystemCalls.unlink(entry.temporary) } }
        for file in changedFiles {
            guard case .success(let current) = SwiftSourceScan.readFile(file.absolutePath), current == file.original else {
                discard()
                throw .changedSincePlan(file.path)
            }
            var info = stat()
            guard stat(file.absolutePath, &info) == 0 else {
                discard()
                throw .io(file.path, SystemCalls.errorMessage(errno))
            }
            let temporary = file.absolutePath + ".toggles-cleanup-\(getpid())"
            do {
                let descriptor = try SystemCalls.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, mode: info.st_mode & 0o7777)
                defer { SystemCalls.close(descriptor) }
                staged.append((temporary, file.absolutePath))
                _ = fchmod(descriptor, info.st_mode & 0o7777)
                try file.cleaned!.withUnsafeBytes { try SystemCalls.writeAll(descriptor, $0, path: temporary) }
                try SystemCalls.sync(descriptor, path: temporary)
            } catch {
                discard()
                throw .io(file.path, "\(error)")
            }
        }
        for entry in staged {
            do {
                try SystemCalls.rename(entry.temporary, entry.target)
            } catch {
                discard()
                throw .io(entry.target, "\(error)")
            }
        }
    }
}
