#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a whole file could not be read. Every case names the file as the user typed it.
package enum FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(file: String)
    case directory(file: String)
    /// A FIFO, a device or a socket: reading one could block forever or never end.
    case notARegularFile(file: String)
    case tooLarge(file: String, maximumBytes: Int)
    case unreadable(file: String, errno: Int32)

    package var description: String {
        switch self {
        case .missing(let file): "\(file) does not exist"
        case .directory(let file): "\(file) is a directory; expected a file"
        case .notARegularFile(let file): "\(file) is not a regular file (a FIFO, a device or a socket); expected a file"
        case .tooLarge(let file, let maximum): "\(file) is larger than \(WholeFile.size(maximum)); expected a smaller file"
        case .unreadable(let file, let code): "cannot read \(file): \(SystemCalls.errorMessage(code))"
        }
    }
}

/// The one way to read a whole file named by the user (an events file, a template, a policy,
/// a defaults plist): bounded in size, and refusing FIFOs and devices as the log reader does.
package enum WholeFile {
    /// The bytes of the regular file at `path`.
    /// - Parameters:
    ///   - displayName: how errors name the file (as the user typed it).
    ///   - maximumBytes: a larger file is refused rather than read into memory.
    package static func read(_ path: String, displayName: String, maximumBytes: Int = 1 << 32) throws(FileReadError) -> [UInt8] {
        let (descriptor, size) = try openRegular(path, displayName: displayName, maximumBytes: maximumBytes)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        // One byte more than the size, so a file that grew meanwhile is read to its end too.
        var capacity = size + 1
        while true {
            var failure: Int32 = 0
            var atEnd = false
            let start = bytes.count
            // Zeroed by `Array(repeating:count:)` (a memset in the optimised stdlib): appending
            // `repeatElement` went byte by byte in a debug build, 30 s for a 40 MB file.
            if start == 0 {
                bytes = [UInt8](repeating: 0, count: capacity)
            } else {
                bytes.reserveCapacity(capacity)
                bytes += [UInt8](repeating: 0, count: capacity - start)
            }
            var count = start
            bytes.withUnsafeMutableBytes { buffer in
                while count < buffer.count {
                    let result = systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if result < 0 && errno == EINTR { continue }
                    if result < 0 { failure = errno; return }
                    if result == 0 { atEnd = true; return }
                    count += result
                }
            }
            bytes.removeLast(bytes.count - count)
            if failure != 0 { throw .unreadable(file: displayName, errno: failure) }
            if atEnd { return bytes }
            guard count <= maximumBytes else { throw .tooLarge(file: displayName, maximumBytes: maximumBytes) }
            capacity = count * 2
        }
    }

    /// Opens the regular file at `path` for reading, refusing what ``read(_:displayName:maximumBytes:)``
    /// refuses; returns the descriptor (the caller closes it) and the file's size.
    static func openRegular(_ path: String, displayName: String, maximumBytes: Int) throws(FileReadError) -> (descriptor: Int32, size: Int) {
        // Non-blocking, so opening a FIFO with no writer returns at once; fstat then refuses it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing(file: displayName) }
            throw .unreadable(file: displayName, errno: code)
        }
        var info = stat()
        let refusal: FileReadError? =
            if fstat(descriptor, &info) != 0 {
                .unreadable(file: displayName, errno: errno)
            } else if info.st_mode & S_IFMT == S_IFDIR {
                .directory(file: displayName)
            } else if info.st_mode & S_IFMT != S_IFREG {
                .notARegularFile(file: displayName)
            } else if Int64(info.st_size) > Int64(maximumBytes) {
                .tooLarge(file: displayName, maximumBytes: maximumBytes)
            } else {
                nil
            }
        if let refusal {
            close(descriptor)
            throw refusal
        }
        return (descriptor, Int(info.st_size))
    }

    /// Everything readable from `descriptor` (standard input, which may be a pipe), read with
    /// `read(2)` into one array: no intermediate `Data`, so a big batch on stdin is held once.
    package static func readAll(from descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        if let size = SystemCalls.regularFileIdentity(descriptor)?.size, size > 0 {
            bytes.reserveCapacity(Int(size) + 1)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in systemRead(descriptor, raw.baseAddress!, raw.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    package static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

/// `read(2)`, named apart from ``WholeFile/read(_:displayName:maximumBytes:)``.
@inline(__always)
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
