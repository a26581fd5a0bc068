/// The exit statuses of `toggles`, the contract scripts depend on.
public enum ExitStatus: Int32, Sendable {
    /// Success.
    case ok = 0
    /// `toggles check` found stale toggles.
    case stale = 1
    /// The log is invalid or cannot be read or written.
    case invalidLog = 2
    /// The command line is wrong (`EX_USAGE`).
    case usage = 64
    /// An event was rejected by lifecycle rules (`EX_DATAERR`).
    case rejected = 65
}
