#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// At file scope these names are libc's; inside `SystemCalls` they are its own wrappers.
@inline(__always) private func libcOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
@inline(__always) private func libcClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
@inline(__always) private func libcPread(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    pread(descriptor, buffer, count, offset)
}
@inline(__always) private func libcWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
@inline(__always) private func libcRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
@inline(__always) private func libcUnlink(_ path: String) -> Int32 { unlink(path) }

/// Thin, throwing wrappers over the POSIX calls the log needs. Every failure becomes a
/// ``SystemCallError`` naming the file and the operation.
@usableFromInline
package enum SystemCalls {
    package static var errnoValue: Int32 { errno }

    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws -> Int32 {
        while true {
            let descriptor = path.withCString { libcOpen($0, flags | O_CLOEXEC, mode) }
            if descriptor >= 0 { return descriptor }
            if errno == EINTR { continue }
            throw SystemCallError.failed(path: path, operation: "open", errno: errno)
        }
    }

    package static func close(_ descriptor: Int32) {
        _ = libcClose(descriptor)
    }

    /// Reads up to `count` bytes at `offset`; returns how many were read (0 at end of file).
    package static func pread(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, offset: Int64, path: String) throws -> Int {
        while true {
            let result = libcPread(descriptor, buffer, count, off_t(offset))
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw SystemCallError.failed(path: path, operation: "read", errno: errno)
        }
    }

    /// Writes all of `bytes`, looping over short writes and EINTR.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        if let code = write(bytes, to: descriptor) {
            throw SystemCallError.failed(path: path, operation: "write", errno: code)
        }
    }

    /// The package's one write loop: writes all of `bytes`, looping over short writes and
    /// EINTR, and waiting while a non-blocking descriptor (a terminal or pipe someone set
    /// so) is full. Returns the errno of the failure (EIO for a write that wrote nothing),
    /// nil when everything was written.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let result = libcWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 && errno == EINTR { continue }
            if result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
            }
            guard result > 0 else { return result < 0 ? errno : EIO }
            written += result
        }
        return nil
    }

    /// Flushes the file to stable storage. On Apple platforms plain fsync may leave data in
    /// the drive's cache, so F_FULLFSYNC is tried first. An fsync error is never retried:
    /// after a failed writeback the kernel may have dropped the data (fsyncgate).
    package static func sync(_ descriptor: Int32, path: String) throws {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        if fsync(descriptor) != 0 {
            throw SystemCallError.failed(path: path, operation: "fsync", errno: errno)
        }
    }

    /// Makes a directory entry (a new or renamed file) durable.
    package static func syncDirectory(_ path: String) throws {
        let descriptor = try open(path, O_RDONLY)
        defer { close(descriptor) }
        // Some file systems refuse fsync on a directory (EINVAL); the rename is then as
        // durable as that file system can make it.
        if fsync(descriptor) != 0 && errno != EINVAL {
            throw SystemCallError.failed(path: path, operation: "fsync", errno: errno)
        }
    }

    package static func rename(_ from: String, _ to: String) throws {
        if libcRename(from, to) != 0 { throw SystemCallError.failed(path: to, operation: "rename", errno: errno) }
    }

    package static func unlink(_ path: String) {
        _ = libcUnlink(path)
    }

    /// Links `existing` as `new` too; nothing when `new` exists (another writer got there first).
    package static func hardLink(_ existing: String, _ new: String) {
        _ = link(existing, new)
    }

    /// The permission bits of `path` (following links), nil when it cannot be examined
    /// (``errnoValue`` says why).
    package static func permissions(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    package static func setPermissions(_ descriptor: Int32, _ permissions: mode_t) {
        _ = fchmod(descriptor, permissions)
    }

    /// Why `path` cannot be examined without following a link (`lstat`'s errno), nil when it can.
    package static func examinationError(_ path: String) -> Int32? {
        var info = stat()
        return lstat(path, &info) == 0 ? nil : errno
    }

    /// Whether `path` is a regular file, following links.
    package static func isRegularFile(followingLinks path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    package static var processID: Int32 { getpid() }

    /// Removes `path` if it is an empty directory; anything else stays.
    package static func removeEmptyDirectory(_ path: String) {
        _ = rmdir(path)
    }

    /// Moves the file offset of `descriptor` to `offset` from the start.
    package static func seek(_ descriptor: Int32, to offset: Int64) {
        _ = lseek(descriptor, off_t(offset), SEEK_SET)
    }

    /// Takes an exclusive `flock` on `descriptor`, waiting for it (and again after EINTR);
    /// returns the errno when it cannot be taken.
    package static func lockExclusively(_ descriptor: Int32) -> Int32? {
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            return errno
        }
        return nil
    }

    package static func unlock(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
    }

    package static func truncate(_ descriptor: Int32, to length: Int64, path: String) throws {
        if ftruncate(descriptor, off_t(length)) != 0 {
            throw SystemCallError.failed(path: path, operation: "truncate", errno: errno)
        }
    }

    /// Creates `path` as a directory if it does not exist. Returns whether it created it.
    @discardableResult
    package static func makeDirectory(_ path: String, mode: mode_t = 0o755) throws -> Bool {
        if mkdir(path, mode) == 0 { return true }
        if errno == EEXIST {
            // Following a symlink, as the reader does: `events -> /elsewhere/events` is written through.
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw SystemCallError.notADirectory(path: path) }
            return false
        }
        throw SystemCallError.failed(path: path, operation: "create directory", errno: errno)
    }

    package enum FileType { case regular, directory, symlink, other }

    package struct FileIdentity: Equatable {
        package var device: UInt64
        package var inode: UInt64
        package var size: Int64
        package var modified: Int64
        package var changed: Int64
        package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
            self.device = device
            self.inode = inode
            self.size = size
            self.modified = modified
            self.changed = changed
        }
    }

    /// The type of `path` without following a symlink, or nil when it does not exist.
    package static func fileType(_ path: String) -> FileType? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// The names in a directory, unsorted, without `.` and `..`.
    package static func directoryEntries(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else {
            throw SystemCallError.failed(path: path, operation: "list", errno: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The names in a directory (without `.`, `..` and names starting with `.` when
    /// `skipHidden`), each with its type when the directory entry tells it without a `stat`
    /// (nil: the file system does not say, or it is something other than a file, directory
    /// or symlink; ask ``fileType(_:)``). `body` also gets the open directory's descriptor,
    /// for ``identity(in:_:)``.
    package static func withDirectoryEntries<T>(
        _ path: String, skipHidden: Bool, _ body: (Int32, [(name: String, type: FileType?)]) throws -> T
    ) throws -> T {
        guard let directory = opendir(path) else {
            throw SystemCallError.failed(path: path, operation: "list", errno: errno)
        }
        defer { closedir(directory) }
        var entries: [(name: String, type: FileType?)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name -> String? in
                    if name[0] == 0x2E && (skipHidden || name[1] == 0 || (name[1] == 0x2E && name[2] == 0)) { return nil }
                    return String(cString: name)
                }
            }
            guard let name else { continue }
            let type: FileType?
            switch entry.pointee.d_type {
            case 8: type = .regular  // DT_REG
            case 4: type = .directory  // DT_DIR
            case 10: type = .symlink  // DT_LNK
            default: type = nil  // DT_UNKNOWN and the rest: lstat decides
            }
            entries.append((name, type))
        }
        return try body(dirfd(directory), entries)
    }

    /// The identity of the regular file `name` in the open directory `directory`, with one
    /// `fstatat` that does not follow a symlink; nil when it is not (or no longer) a regular
    /// file or cannot be examined. For a regular file it is what ``identity(_:)`` gives.
    package static func identity(in directory: Int32, _ name: String) -> FileIdentity? {
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return identity(of: info)
    }

    /// Resolves symlinks and `..` in an existing path.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What a symlink holds (`readlink`), as written: relative to the link's folder or absolute.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Where writing to `path` would land: symlinks followed (dangling ones too, which
    /// `realpath` cannot resolve) and the folder of the last name resolved. Nil after too
    /// many links (a loop).
    package static func finalPath(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            guard fileType(current) == .symlink, let target = linkTarget(current) else {
                if let resolved = realPath(current) { return resolved }
                let slash = current.lastIndex(of: "/")
                let folder = slash.map { String(current[..<$0]) } ?? "."
                let name = slash.map { String(current[current.index(after: $0)...]) } ?? current
                return (realPath(folder.isEmpty ? "/" : folder) ?? folder) + "/" + name
            }
            if target.hasPrefix("/") {
                current = target
            } else {
                let slash = current.lastIndex(of: "/")
                current = (slash.map { String(current[...$0]) } ?? "") + target
            }
        }
        return nil
    }

    package static func fileSize(_ descriptor: Int32, path: String) throws -> Int64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemCallError.failed(path: path, operation: "stat", errno: errno) }
        return Int64(info.st_size)
    }

    /// What identifies a file's content cheaply: any write or rename changes the size, the
    /// modification or status-change time, or the inode (a status change cannot be faked
    /// with `touch`). Nil when the file cannot be examined.
    package static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }  // follows links: the content is the target
        return identity(of: info)
    }

    /// The identity of the file open on `descriptor` when it is a regular file; nil for
    /// anything else (a FIFO, a device, a directory) or when it cannot be examined.
    package static func regularFileIdentity(_ descriptor: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return identity(of: info)
    }

    private static func identity(of info: stat) -> FileIdentity {
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        let changed = info.st_ctimespec
        #else
        let modified = info.st_mtim
        let changed = info.st_ctim
        #endif
        return FileIdentity(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: Int64(info.st_size),
            modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
    }

    /// The processors online (at least 1).
    package static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Ignores `SIGXFSZ`, whose default action kills the process when a write crosses the
    /// file-size limit (`ulimit -f`): the write fails with `EFBIG` instead.
    package static func ignoreFileSizeLimitSignal() {
        _ = signal(SIGXFSZ, SIG_IGN)
    }

    /// Whether a write failed because the reader went away (`toggles state | head`).
    package static func isBrokenPipe(_ code: Int32) -> Bool { code == EPIPE }

    package static func errorMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// libc's byte comparison and search (vectorised: on long runs several times faster than a
/// Swift loop), for the layers above, which do not import libc themselves.
// Inlinable: the decoder, the interner and the scanner call them per field and per line.
package enum RawMemory {
    /// Whether the `count` bytes at `left` and `right` are equal (`memcmp`).
    @inlinable @inline(__always)
    package static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(left, right, count) == 0
    }

    /// The first `byte` among the `count` bytes at `start`, or nil (`memchr`).
    @inlinable @inline(__always)
    package static func first(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        UnsafeRawPointer(memchr(start, Int32(byte), count))
    }
}
