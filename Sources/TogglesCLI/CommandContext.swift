import Foundation
import ToggleLedger

/// Everything a command may touch besides its arguments, injected so tests can run
/// commands in-process with a fixed clock, environment and captured output.
public struct CommandContext {
    public var environment: [String: String]
    /// The directory relative paths are resolved against.
    public var currentDirectory: String
    /// The clock: the default for `--at` and `--now`.
    public var now: () -> Timestamp
    /// Whether standard output is a terminal (colour is used only then).
    public var outputIsTerminal: Bool
    public var standardInput: () -> [UInt8]
    public var write: (String) -> Void
    public var writeError: (String) -> Void
    /// git's user.email, looked up only when an actor is needed.
    public var gitEmail: () -> String?
    /// Takes what a command built and no longer needs (a replay, a report). The real process
    /// keeps it until it exits, when the kernel reclaims the memory at once: releasing tens of
    /// thousands of toggle states one by one just before exiting only costs time. Elsewhere
    /// (tests running commands in-process) it is released as usual.
    public var discard: (Any) -> Void

    public init(
        environment: [String: String], currentDirectory: String, now: @escaping () -> Timestamp,
        outputIsTerminal: Bool, standardInput: @escaping () -> [UInt8],
        write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
        gitEmail: @escaping () -> String?, discard: @escaping (Any) -> Void = { _ in }
    ) {
        self.discard = discard
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.now = now
        self.outputIsTerminal = outputIsTerminal
        self.standardInput = standardInput
        self.write = write
        self.writeError = writeError
        self.gitEmail = gitEmail
    }

    /// The context of a real process: its environment, clock and standard streams.
    public static func process() -> CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            // Milliseconds: events a person or a script records back to back get their own
            // instants (the log still orders them when the clock cannot, see WriterDating).
            now: { Timestamp(nanoseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) * 1_000_000) },
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            standardInput: { StandardStreams.readAll(from: STDIN_FILENO) },
            write: { text in StandardStreams.write(text, to: STDOUT_FILENO) },
            writeError: { text in StandardStreams.write(text, to: STDERR_FILENO) },
            gitEmail: { runGit(["config", "user.email"]) },
            discard: { value in _ = Unmanaged.passRetained(KeptUntilExit(value)) })
    }

    /// Prints a warning line on standard error.
    func warn(_ message: String) {
        writeError("toggles: warning: \(TerminalText.sanitize(message))\n")
    }

    /// Prints a note line on standard error.
    func note(_ message: String) {
        writeError("toggles: \(TerminalText.sanitize(message))\n")
    }

    /// Resolves a path argument against the current directory.
    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/") + path
    }
}

/// A value deliberately never released (``CommandContext/discard``).
private final class KeptUntilExit {
    let value: Any
    init(_ value: Any) { self.value = value }
}

/// Runs git and returns its trimmed standard output, or nil if it fails or is missing.
func runGit(_ arguments: [String], in directory: String? = nil) -> String? {
    let runner = GitRunner(directory: directory ?? FileManager.default.currentDirectoryPath)
    return (try? runner.text(arguments))?.trimmingCharacters(in: .whitespacesAndNewlines)
}
