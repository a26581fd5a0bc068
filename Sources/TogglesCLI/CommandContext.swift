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
    /// git's user.email, looked up only when an actor is needed; throws when git exists but
    /// cannot be started (nil when it is missing or has no email).
    public var gitEmail: () throws -> String?
    /// Takes what a command built and no longer needs (a replay, a report). The real process
    /// keeps it until it exits, when the kernel reclaims the memory at once: releasing tens of
    /// thousands of toggle states one by one just before exiting only costs time. Elsewhere
    /// (tests running commands in-process) it is released as usual.
    public var discard: (Any) -> Void
    /// Why writing to standard output failed (a full disk, `> /dev/full`), once a write has;
    /// the command then exits 2 whatever it returned.
    public var outputFailure: () -> String? = { nil }
    /// The replay settings of ``environment`` (``ReplayEnvironment``), read once by
    /// ``TogglesCLI/run(_:context:)`` before the command runs.
    var replayOptions: ReplayOptions?

    public init(
        environment: [String: String], currentDirectory: String, now: @escaping () -> Timestamp,
        outputIsTerminal: Bool, standardInput: @escaping () -> [UInt8],
        write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
        gitEmail: @escaping () throws -> String?, discard: @escaping (Any) -> Void = { _ in },
        outputFailure: @escaping () -> String? = { nil }
    ) {
        self.discard = discard
        self.outputFailure = outputFailure
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
            standardInput: { WholeFile.readAll(from: STDIN_FILENO) },
            write: { text in StandardStreams.write(text, to: STDOUT_FILENO) },
            writeError: { text in StandardStreams.write(text, to: STDERR_FILENO) },
            gitEmail: GitEmailLookup().email,
            discard: { value in _ = Unmanaged.passRetained(KeptUntilExit(value)) },
            outputFailure: { StandardStreams.failure(of: STDOUT_FILENO) })
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

/// git's user.email, asked once per process: a command that builds many events (`sync swift`
/// of hundreds of new cases) starts git once, as `append` does, not once per event.
private final class GitEmailLookup {
    private var answer: String??

    func email() throws -> String? {
        if let answer { return answer }
        let runner = GitRunner(directory: FileManager.default.currentDirectoryPath)
        var found: String?
        do {
            let result = try runner.spawn(["config", "user.email"])
            if result.status == 0 {
                found = String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        } catch GitRunner.StartFailure.notOnPath {
            found = nil  // no git: the actor comes from $USER
        } catch GitRunner.StartFailure.system(let operation, let code) {
            throw CommandFailure(
                status: .invalidLog,
                message: GitRunner.describe(operation: operation, errno: code)
                    + " while asking git for the actor (git config user.email); or pass --actor WHO")
        }
        answer = .some(found)
        return found
    }
}
