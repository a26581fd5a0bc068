import LedgerPlatform

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
        guard let code = failed[descriptor], !SystemCalls.isBrokenPipe(code) else { return nil }
        return SystemCalls.errorMessage(code)
    }

    static func write(_ text: String, to descriptor: Int32) {
        guard failed[descriptor] == nil else { return }
        var text = text
        if let code = text.withUTF8({ SystemCalls.write(UnsafeRawBufferPointer($0), to: descriptor) }) {
            failed[descriptor] = code
        }
    }
}
