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
/// process instead of reporting. Here a failed write is dropped: the exit status still
/// tells the caller what happened to the log.
enum StandardStreams {
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var written = 0
        bytes.withUnsafeMutableBytes { raw in
            while written < raw.count {
                #if canImport(Darwin)
                let result = Darwin.write(descriptor, raw.baseAddress! + written, raw.count - written)
                #elseif canImport(Glibc)
                let result = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                #else
                let result = Musl.write(descriptor, raw.baseAddress! + written, raw.count - written)
                #endif
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { return }
                written += result
            }
        }
    }
}
