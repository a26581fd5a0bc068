import LedgerPlatform

/// Signal dispositions the `toggles` process needs before it touches the log.
public enum ProcessSignals {
    /// Ignores `SIGXFSZ`, whose default action kills the process when a write crosses the
    /// file-size limit (`ulimit -f`). Ignored, the write fails with `EFBIG` instead, the
    /// writer removes its temporary file, and the command exits 2 with the file named,
    /// leaving the log exactly as it was.
    public static func prepare() {
        SystemCalls.ignoreFileSizeLimitSignal()
    }
}
