#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `open(2)` flags the layers above pass to ``SystemCalls/open(_:_:mode:)``, so that only
/// this layer imports libc.
package enum OpenFlags {
    package static let readOnly = O_RDONLY
    package static let writeOnly = O_WRONLY
    package static let readWrite = O_RDWR
    package static let create = O_CREAT
    package static let exclusive = O_EXCL
    package static let append = O_APPEND
    package static let truncate = O_TRUNC
    package static let noFollow = O_NOFOLLOW
    package static let nonBlocking = O_NONBLOCK
}

/// The `errno` values the layers above test for.
package enum ErrorCode {
    package static let noSuchFile = ENOENT
    package static let permissionDenied = EACCES
    package static let isADirectory = EISDIR
    /// Opening a FIFO for writing without blocking when nothing reads it.
    package static let noReader = ENXIO
}
