#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory: the checkpoint is read in place, with neither a copy
/// nor a fresh page per 4 KB of it. Checkpoints are only ever replaced by rename, never
/// rewritten in place, so the mapped bytes stay what was read.
package final class MappedFile: @unchecked Sendable {
    package let bytes: UnsafeRawBufferPointer
    /// The file's modification time (nanoseconds since 1970): when it was written.
    package let modified: Int64

    /// Nil unless `path` is a regular file (not a symlink): opening a FIFO for reading would
    /// wait for a writer forever, so the open does not block and anything else is refused.
    /// Also nil when the file is larger than `maximumBytes` (nothing of it is read then).
    package init?(_ path: String, maximumBytes: Int64 = Int64(Int.max)) {
        guard let descriptor = try? SystemCalls.open(path, OpenFlags.readOnly | O_NONBLOCK | O_NOFOLLOW) else { return nil }
        defer { SystemCalls.close(descriptor) }
        guard let identity = SystemCalls.regularFileIdentity(descriptor), identity.size > 0,
            identity.size <= min(maximumBytes, Int64(Int.max)),
            let address = mmap(nil, Int(identity.size), PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED
        else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: Int(identity.size))
        modified = identity.modified
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
