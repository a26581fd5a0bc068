import LedgerPlatform
import LedgerModel
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock between processes on one machine, held on a side file with `flock(2)`.
///
/// `flock` belongs to the open file description, so unlike `fcntl` record locks it is not
/// dropped when some other descriptor for the same file is closed. It does not coordinate
/// machines; across CI jobs git's ref update (a rejected push) is the serialisation point.
struct FileLock: ~Copyable {
    private let descriptor: Int32

    /// - Parameter displayName: how errors name the lock file.
    init(path: String, displayName: String? = nil) throws {
        // Never through a symlink: `.lock -> ../outside` would make `create` write a file
        // outside the log (O_CREAT follows a dangling link), as a segment's link may not.
        let descriptor: Int32
        do {
            descriptor = try SystemCalls.open(path, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o644)
        } catch {
            if SystemCalls.fileType(path) == .symlink {
                let target = SystemCalls.linkTarget(path) ?? "?"
                throw LogError.lockNotAFile(path: displayName ?? path, target: target)
            }
            throw (error as? SystemCallError).map(LogError.init) ?? error
        }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let code = errno
            SystemCalls.close(descriptor)
            throw LogError.io(path: path, operation: "lock", errno: code)
        }
        self.descriptor = descriptor
    }

    deinit {
        _ = flock(descriptor, LOCK_UN)
        SystemCalls.close(descriptor)
    }
}
