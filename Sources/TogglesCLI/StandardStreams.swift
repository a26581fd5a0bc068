#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output and error with `write(2)`.
///
/// `FileHandle.write(_:)` traps when the write fails, so a full disk or a file-size limit
/// on a redirected output (`toggles state > report.txt` under `ulimit -f`) crashed the
/// process instead of reporting. Here a failed write is dropped, and so is everything written
/// to that descriptor after it, so what arrived is a prefix of the output, never a splice (a
/// command may write its output in parts: `scan` does). The failure is kept, and a command
/// whose standard output failed exits 2 with "cannot write standard output" (``failure(of:)``):
/// a truncated report must not pass for a whole one. A non-blocking descriptor that is full
/// is waited on, not dropped.
enum StandardStreams {
    /// The descriptors a write failed on, with the error; the process's only writer of them is
    /// the command's thread.
    nonisolated(unsafe) private static var failed: [Int32: Int32] = [:]

    /// Why writing to `descriptor` failed, if it did, as `strerror` says it. A reader that
    /// went away (`EPIPE`: `toggles state | head`) is not a failure: it asked for no more.
    static func failure(of descriptor: Int32) -> String? {
        guard let code = failed[descriptor], code != EPIPE else { return nil }
        return String(cString: strerror(code))
    }

    static func write(_ text: String, to descriptor: Int32) {
        guard failed[descriptor] == nil else { return }
        var text = text
        var written = 0
        text.withUTF8 { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            while written < raw.count {
                #if canImport(Darwin)
                let result = Darwin.write(descriptor, raw.baseAddress! + written, raw.count - written)
                #elseif canImport(Glibc)
                let result = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                #else
                let result = Musl.write(descriptor, raw.baseAddress! + written, raw.count - written)
                #endif
                if result < 0 && errno == EINTR { continue }
                if result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
                }
                guard result > 0 else {
                    failed[descriptor] = result < 0 ? errno : EIO
                    return
                }
                written += result
            }
        }
    }

    /// Everything readable from `descriptor` (standard input), read with `read(2)` into one
    /// array: no intermediate `Data`, so a big batch on stdin is held once.
    static func readAll(from descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 {
            bytes.reserveCapacity(Int(status.st_size) + 1)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress!, raw.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
