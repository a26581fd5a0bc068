/// Why a system call failed: the file, the operation and `errno`. The log maps it to its own
/// ``LogError`` (same words), so the platform layer names nothing above it.
package enum SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A call failed.
    case failed(path: String, operation: String, errno: Int32)
    /// A directory was to be created where something other than a directory exists.
    case notADirectory(path: String)

    package var description: String {
        switch self {
        case .failed(let path, let operation, let code):
            "cannot \(operation) \(path): \(SystemCalls.errorMessage(code))"
        case .notADirectory(let path):
            "\(path) is not a directory; expected the log directory of .jsonl segments"
        }
    }
}
