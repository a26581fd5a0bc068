import LedgerPlatform
import LedgerModel

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
        // outside the log (OpenFlags.create follows a dangling link), as a segment's link may not.
        let descriptor: Int32
        do {
            descriptor = try SystemCalls.open(path, OpenFlags.readWrite | OpenFlags.create | OpenFlags.noFollow, mode: 0o644)
        } catch {
            if SystemCalls.fileType(path) == .symlink {
                let target = SystemCalls.linkTarget(path) ?? "?"
                throw LogError.lockNotAFile(path: displayName ?? path, target: target)
            }
            throw (error as? SystemCallError).map(LogError.init) ?? error
        }
        if let code = SystemCalls.lockExclusively(descriptor) {
            SystemCalls.close(descriptor)
            throw LogError.io(path: path, operation: "lock", errno: code)
        }
        self.descriptor = descriptor
    }

    deinit {
        SystemCalls.unlock(descriptor)
        SystemCalls.close(descriptor)
    }
}
