import LedgerPlatform

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
            guard let permissions = SystemCalls.permissions(file.absolutePath) else {
                discard()
                throw .io(file.path, SystemCalls.errorMessage(SystemCalls.errnoValue))
            }
            let temporary = file.absolutePath + ".toggles-cleanup-\(SystemCalls.processID)"
            do {
                let descriptor = try SystemCalls.open(temporary, OpenFlags.writeOnly | OpenFlags.create | OpenFlags.truncate | OpenFlags.exclusive, mode: permissions)
                defer { SystemCalls.close(descriptor) }
                staged.append((temporary, file.absolutePath))
                SystemCalls.setPermissions(descriptor, permissions)
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
