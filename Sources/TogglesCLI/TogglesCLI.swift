import LedgerModel
import ToggleLedger
import LedgerPlatform
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `toggles` command line: parses arguments, runs a command, maps errors to exit
/// statuses. The executable only calls ``run(_:context:)``.
public enum TogglesCLI {
    public static let version = "0.1.0"

    /// Every command, in the order `toggles help` lists them.
    nonisolated(unsafe) static let commands: [any Command.Type] = [
        CreateCommand.self,
        ChangeCommand.self,
        PublishCommand.self,
        RemoveCommand.self,
        ResolveCommand.self,
        VoidCommand.self,
        RetireCommand.self,
        SupportCommand.self,
        ExtendCommand.self,
        SetCommand.self,
        AppendCommand.self,
        StateCommand.self,
        HistoryCommand.self,
        ReportCommand.self,
        CheckCommand.self,
        DueCommand.self,
        AuditCommand.self,
        ReplayCommand.self,
        DiffCommand.self,
        ImportCommand.self,
        DriftCommand.self,
        ExportCommand.self,
        ExportSwiftCommand.self,
        ScanCommand.self,
        CleanupCommand.self,
        SyncSwiftCommand.self,
        HelpCommand.self,
        VersionCommand.self,
    ]

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { command in CommandSpec.name(inHelp: command.helpPage) == name }
    }

    /// Runs `toggles` with `arguments` (without the program name) and returns the exit status:
    /// 2 when standard output could not be written, whatever the command said (a report cut
    /// short by a full disk must not pass for a whole one).
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        let status = runCommand(arguments, context: context)
        guard let failure = context.outputFailure() else { return status }
        context.writeError("toggles: error: cannot write standard output: \(failure); the output is incomplete\n")
        return ExitStatus.invalidLog.rawValue
    }

    private static func runCommand(_ arguments: [String], context: CommandContext) -> Int32 {
        var context = context
        guard let first = arguments.first else {
            context.write(HelpCommand.overview())
            return ExitStatus.ok.rawValue
        }
        if first == "--help" || first == "-h" {
            context.write(HelpCommand.overview())
            return ExitStatus.ok.rawValue
        }
        if first == "--version" {
            context.write("toggles \(version)\n")
            return ExitStatus.ok.rawValue
        }
        if first == "--generate-completion-script" || first == "--complete-toggle-names" {
            return ShellSupport.run(arguments, context: context).rawValue
        }
        // Two-word commands (`export swift`, `sync swift`) are matched before one-word ones.
        var consumed = 1
        var found = command(named: first)
        if arguments.count > 1, !arguments[1].hasPrefix("-"), let subcommand = command(named: "\(first) \(arguments[1])") {
            found = subcommand
            consumed = 2
        }
        guard let command = found else {
            let family = commands.map { command in command.spec.name }.filter { name in name.hasPrefix(first + " ") }
            if !family.isEmpty && (arguments.contains("--help") || arguments.contains("-h")) {
                context.write(HelpCommand.familyHelp(first) ?? "")
                return ExitStatus.ok.rawValue
            }
            if !family.isEmpty {
                return report(UsageError("'\(first)' needs a subcommand: \(family.joined(separator: ", "))"), context: context).rawValue
            }
            let suggestion = commandSuggestion(for: first)
            return report(UsageError("unknown command '\(first)'" + (suggestion.isEmpty ? "; run `toggles help` for the list" : suggestion)), context: context).rawValue
        }
        // Read once, before any command runs: a bad value is a usage error even for a command
        // that never replays, and the commands that do reuse what was read.
        do { context.replayOptions = try ReplayEnvironment.options(in: context.environment) } catch { return report(error, context: context).rawValue }
        let rest = Array(arguments.dropFirst(consumed))
        if ArgumentParser.asksForHelp(rest, spec: command.spec) {
            context.write(HelpCommand.help(for: command.spec))
            return ExitStatus.ok.rawValue
        }
        do {
            var parsed = try ArgumentParser.parse(rest, spec: command.spec)
            if command.spec.options.contains(where: { $0.name == "--log" }) { try LogLocation.supply(&parsed, context) }
            return try command.run(parsed, context).rawValue
        } catch {
            // A CI step that asked for workflow commands gets its failure as one, too.
            if asksForGitHub(rest) { context.write(githubFailure(error, command: command.spec.name, context)) }
            return report(error, context: context).rawValue
        }
    }

    /// "; did you mean 'create'?" for a mistyped command (`craete`, `reprot`, `stat`), or "".
    static func commandSuggestion(for name: String) -> String {
        let words = commands.map { command in String(command.spec.name.split(separator: " ")[0]) }
        return NearestSpelling.nearest(to: name, among: words).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// `--format github` among the arguments, in either spelling, even when they do not parse.
    static func asksForGitHub(_ arguments: [String]) -> Bool {
        arguments.contains("--format=github") || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "github" }
    }

    /// The `::error` workflow command for a failed run, at the file and line at fault when
    /// there is one (a log line, a policy setting), relative to the repository root as the
    /// findings' annotations are.
    static func githubFailure(_ error: any Error, command name: String, _ context: CommandContext) -> String {
        var location: (file: String, line: Int)?
        switch error {
        case LogError.malformedLine(let at, _), LogError.segmentOutOfOrder(let at, _): location = (at.file, at.line)
        case let policy as PolicyError: if let line = policy.line { location = (policy.file, line) }
        default: break
        }
        let message = (error as? CommandFailure)?.message ?? "\(error)"
        let file = location.map { RepositoryRoot.paths(context).relative(context.resolve($0.file)) }
        return StaleGitHubRenderer.failure(message, title: "toggles \(name) failed", file: file, line: location?.line)
    }

    /// Prints `toggles: error: …` and returns the status the error stands for.
    static func report(_ error: any Error, context: CommandContext) -> ExitStatus {
        func fail(_ message: String) {
            for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
                context.writeError("toggles: error: \(TerminalText.sanitize(String(line)))\n")
            }
        }
        switch error {
        case let usage as UsageError:
            fail(usage.message)
            if let name = usage.command, let command = command(named: name) {
                context.writeError("usage: toggles \(command.spec.synopsis)\n       see `toggles help \(name)`\n")
            }
            return .usage
        case let failure as CommandFailure:
            fail(failure.message)
            return failure.status
        case let log as LogError:
            fail(log.description)
            return .invalidLog
        case let ledger as LedgerError:
            fail(ledger.description)
            fail("nothing was appended")
            return .rejected
        default:
            fail("\(error)")
            return .invalidLog
        }
    }
}

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

/// Writes a command's `--output FILE`:
/// - a regular file is replaced atomically (a reader never sees half a report), keeping its
///   permissions; a read-only one is refused, as the shell's `>` would;
/// - a symlink is written through, so the link stays a link;
/// - the process's own streams (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
///   `/proc/self/fd/N`) are written to the open descriptor, so `>> ci.log` keeps what the file
///   held (following the link and renaming over its target would not);
/// - another device or a pipe (`/dev/null`, a FIFO) is written in place;
/// - a path inside the log directory is refused: the log would read it as a segment, or the
///   policy would change.
enum OutputFile {
    static func write(_ text: String, to path: String, log: String, command: String, _ context: CommandContext) throws {
        guard !path.isEmpty else { throw UsageError("--output needs a file name", command: command) }
        let resolved = context.resolve(path)
        if path.hasSuffix("/") {
            throw UsageError("--output \(path) names a folder; name a file in it", command: command)
        }
        if let descriptor = openStream(path) {
            try writeAll(text, to: descriptor, path: path)
            return
        }
        try refuseInsideTheLog(resolved, path: path, log: context.resolve(log), shownLog: log, command: command)
        switch destination(resolved) {
        case .folder:
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): it is a folder; name a file")
        case .inPlace:
            do {
                let descriptor = try SystemCalls.open(resolved, O_WRONLY | O_CREAT)
                defer { SystemCalls.close(descriptor) }
                try writeAll(text, to: descriptor, path: path)
            } catch let error as SystemCallError {
                throw CommandFailure(status: .invalidLog, message: "\(error)")
            }
        case .replace(let file):
            try replace(file, with: text, shown: path)
        }
        context.note("wrote \(path)")
    }

    private static func replace(_ file: String, with text: String, shown path: String) throws {
        let url = URL(fileURLWithPath: file)
        // Foundation says only "The file doesn't exist" when the folder is missing: name the folder.
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            let shown = (path as NSString).deletingLastPathComponent
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): the folder \(shown.isEmpty ? folder : shown) does not exist; create it first")
        }
        var existing = stat()
        let exists = stat(file, &existing) == 0
        if exists, access(file, W_OK) != 0 {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): it is read-only")
        }
        if access(folder, W_OK) != 0 {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): the folder \(folder) is not writable (the file is replaced by a new one written beside it)")
        }
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): \(error.localizedDescription)")
        }
        // The new file takes the old one's permissions: a report kept private stays private.
        if exists { _ = chmod(file, existing.st_mode & 0o7777) }
    }

    /// The descriptor a path names when it is one of this process's open streams.
    private static func openStream(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let descriptor = Int32(path.dropFirst(prefix.count)), descriptor >= 0, fcntl(descriptor, F_GETFD) != -1 { return descriptor }
            }
            return nil
        }
    }

    private static func writeAll(_ text: String, to descriptor: Int32, path: String) throws {
        var bytes = Array(text.utf8)
        do {
            try bytes.withUnsafeMutableBytes { try SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer($0), path: path) }
        } catch let error as SystemCallError {
            throw CommandFailure(status: .invalidLog, message: "\(error)")
        }
    }

    /// Refuses a path inside the log directory, symlinks resolved on both sides (a dangling
    /// link by what it names).
    private static func refuseInsideTheLog(_ resolved: String, path: String, log: String, shownLog: String, command: String) throws {
        guard let logDirectory = SystemCalls.realPath(log) else { return }
        // Where the write lands: through every link, a dangling one too (writing through it
        // creates its target, which may be a new segment of the log).
        guard let target = SystemCalls.finalPath(resolved) else {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): too many levels of symbolic links")
        }
        if target == logDirectory || target.hasPrefix(logDirectory.hasSuffix("/") ? logDirectory : logDirectory + "/") {
            throw UsageError("--output \(path) is inside the log directory \(shownLog): the log would read it as part of itself; write it elsewhere", command: command)
        }
    }

    private enum Destination: Equatable {
        case replace(String)
        case inPlace
        case folder
    }

    private static func destination(_ path: String) -> Destination {
        switch SystemCalls.fileType(path) {
        case nil, .regular: return .replace(path)
        case .directory: return .folder
        case .other: return .inPlace
        case .symlink:
            // A link to a regular file: replace the file it points to. A link to a device or a
            // pipe, or a dangling one: write through the link.
            guard let target = SystemCalls.realPath(path) else { return .inPlace }
            switch SystemCalls.fileType(target) {
            case .regular: return .replace(target)
            case .directory: return .folder
            default: return .inPlace
            }
        }
    }
}
