import Foundation
import ToggleLedger
import LedgerModel

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
            environment: processEnvironment(),
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

    /// The process's environment. On Linux it is read from `environ`: Foundation's
    /// `ProcessInfo.environment` cost every command about 0.75 million instructions
    /// (callgrind, a `check` of a missing log: 16.9 million in all), more than the rest of
    /// reading its arguments. The first of a repeated name wins, as for `getenv`.
    private static func processEnvironment() -> [String: String] {
        #if os(Linux)
        var count = 0
        while environ[count] != nil { count += 1 }
        var environment: [String: String] = [:]
        environment.reserveCapacity(count)
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                if environment[name] == nil {
                    environment[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
                }
            }
            entry += 1
        }
        return environment
        #else
        return ProcessInfo.processInfo.environment
        #endif
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

/// The ``ReplayOptions`` the command line passes to every ledger, built from its environment:
/// `TOGGLES_NO_CHECKPOINT`, `TOGGLES_CHECKPOINT_MIN_BYTES`, `TOGGLES_CHECKPOINT_DIR` (with `HOME`, `XDG_CACHE_HOME`) and `TOGGLES_READ_THREADS`. A value
/// that is not what the variable takes is a usage error, never a silent default.
enum ReplayEnvironment {
    static let checkpointMinimumBytes = "TOGGLES_CHECKPOINT_MIN_BYTES"
    static let readThreads = "TOGGLES_READ_THREADS"
    static let checkpointDirectory = "TOGGLES_CHECKPOINT_DIR"

    static func options(in environment: [String: String]) throws(UsageError) -> ReplayOptions {
        var options = ReplayOptions(usesCheckpoint: !(try EnvironmentSwitch.noCheckpoint.isOn(in: environment)))
        options.checkpointFolder = checkpointFolder(in: environment)
        if let bytes = try integer(checkpointMinimumBytes, in: environment, atLeast: 0, expected: "a number of bytes (0 or more)") {
            options.checkpointMinimumLogBytes = bytes
        }
        if let threads = try integer(readThreads, in: environment, atLeast: 1, expected: "a number of threads (1 or more)") {
            options.parallelMerge.threads = Int(clamping: threads)
        }
        return options
    }

    /// This machine's checkpoint folder: `TOGGLES_CHECKPOINT_DIR`, else the user's cache folder
    /// (`$XDG_CACHE_HOME/toggles`, `~/.cache/toggles`; `~/Library/Caches/toggles` on macOS).
    /// Never inside the log: git must not be able to carry a checkpoint in. Without a home,
    /// none (every replay is a full one).
    static func checkpointFolder(in environment: [String: String]) -> String? {
        func nonEmpty(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        if let folder = nonEmpty(checkpointDirectory) { return folder }
        #if canImport(Darwin)
        return nonEmpty("HOME").map { $0 + "/Library/Caches/toggles" }
        #else
        if let cache = nonEmpty("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/toggles" }
        return nonEmpty("HOME").map { $0 + "/.cache/toggles" }
        #endif
    }

    /// The variable's value as an integer of at least `minimum`; nil when unset or empty.
    private static func integer(
        _ name: String, in environment: [String: String], atLeast minimum: Int64, expected: String
    ) throws(UsageError) -> Int64? {
        guard let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        guard let number = Int64(value), number >= minimum else {
            throw UsageError("\(name) must be \(expected), not '\(value)'")
        }
        return number
    }
}

/// An on/off environment variable of the command line, read the same way for each: `1`,
/// `true`, `yes`, `on` and `0`, `false`, `no`, `off` in any case, unset or empty for off;
/// anything else is a usage error rather than a silent "off".
enum EnvironmentSwitch: String, CaseIterable {
    /// Neither read nor write the replay checkpoint (to measure a full replay).
    case noCheckpoint = "TOGGLES_NO_CHECKPOINT"

    func isOn(in environment: [String: String]) throws(UsageError) -> Bool {
        guard let value = environment[rawValue]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return false }
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default:
            throw UsageError("\(rawValue) must be 1, true, yes or on (or 0, false, no, off), not '\(value)'")
        }
    }
}

/// Reads who is acting and where from the environment of a CI job.
///
/// Supports GitHub Actions, GitLab CI, Buildkite, CircleCI, Bitrise and Jenkins; elsewhere
/// the actor comes from git's `user.email`, then the login name.
struct CIEnvironment: Sendable {
    var variables: [String: String]

    init(_ variables: [String: String]) {
        self.variables = variables
    }

    private func value(_ name: String) -> String? {
        guard let value = variables[name]?.trimmingSpaces, !value.isEmpty else { return nil }
        return value
    }

    /// The CI system's name, or nil when not running in CI.
    var system: String? {
        if value("GITHUB_ACTIONS") == "true" { return "github-actions" }
        if value("GITLAB_CI") != nil { return "gitlab-ci" }
        if value("BUILDKITE") == "true" { return "buildkite" }
        if value("CIRCLECI") == "true" { return "circleci" }
        if value("BITRISE_IO") == "true" { return "bitrise" }
        if value("JENKINS_URL") != nil { return "jenkins" }
        return nil
    }

    /// Who triggered the job, as the CI system names them.
    var actor: String? {
        switch system {
        case "github-actions": return value("GITHUB_ACTOR").map { "github:\($0)" }
        case "gitlab-ci": return value("GITLAB_USER_EMAIL") ?? value("GITLAB_USER_LOGIN").map { "gitlab:\($0)" }
        case "buildkite": return value("BUILDKITE_BUILD_CREATOR_EMAIL") ?? value("BUILDKITE_BUILD_CREATOR")
        case "circleci": return value("CIRCLE_USERNAME").map { "circleci:\($0)" }
        case "bitrise": return value("GIT_CLONE_COMMIT_AUTHOR_EMAIL") ?? "bitrise"
        case "jenkins": return value("BUILD_USER_EMAIL") ?? value("BUILD_USER_ID").map { "jenkins:\($0)" } ?? "jenkins"
        default: return nil
        }
    }

    /// The actor for an event: the CI actor, else git's user.email (looked up lazily), else
    /// the login name, else `unknown`.
    func resolveActor(gitEmail: () throws -> String?) rethrows -> String {
        if let actor { return actor }
        if let email = try gitEmail()?.trimmingSpaces, !email.isEmpty { return email }
        return value("USER") ?? value("LOGNAME") ?? "unknown"
    }

    /// The variables naming a job's commit, branch, run and URL, by system; where several
    /// are listed, the first one set wins.
    private static let jobVariables: [String: (commit: String, branch: [String], run: String, url: [String])] = [
        "gitlab-ci": ("CI_COMMIT_SHA", ["CI_COMMIT_REF_NAME"], "CI_PIPELINE_ID", ["CI_JOB_URL", "CI_PIPELINE_URL"]),
        "buildkite": ("BUILDKITE_COMMIT", ["BUILDKITE_BRANCH"], "BUILDKITE_BUILD_NUMBER", ["BUILDKITE_BUILD_URL"]),
        "circleci": ("CIRCLE_SHA1", ["CIRCLE_BRANCH"], "CIRCLE_BUILD_NUM", ["CIRCLE_BUILD_URL"]),
        "bitrise": ("BITRISE_GIT_COMMIT", ["BITRISE_GIT_BRANCH"], "BITRISE_BUILD_NUMBER", ["BITRISE_BUILD_URL"]),
        "jenkins": ("GIT_COMMIT", ["BRANCH_NAME", "GIT_BRANCH"], "BUILD_NUMBER", ["BUILD_URL"]),
    ]

    /// Commit, branch, run and URL of the CI job, or nil outside CI.
    var provenance: Provenance? {
        guard let system else { return nil }
        var source = Provenance(ci: system)
        if system == "github-actions" {
            // GitHub names the run's attempt apart, and its URL is built from three variables.
            source.commit = value("GITHUB_SHA")
            source.branch = value("GITHUB_HEAD_REF") ?? value("GITHUB_REF_NAME")
            source.run = value("GITHUB_RUN_ID").map { run in value("GITHUB_RUN_ATTEMPT").map { "\(run).\($0)" } ?? run }
            if let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY"), let run = value("GITHUB_RUN_ID") {
                source.url = "\(server)/\(repository)/actions/runs/\(run)"
            }
        } else if let names = Self.jobVariables[system] {
            source.commit = value(names.commit)
            source.branch = names.branch.lazy.compactMap(value).first
            source.run = value(names.run)
            source.url = names.url.lazy.compactMap(value).first
        }
        return source
    }
}

extension String {
    /// Without leading and trailing whitespace (a variable set to " " is unset).
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

/// Which log a command uses when `--log` is not given, found as git finds its repository,
/// so a command run from `Sources/App` reads and writes the repository's log instead of
/// failing, or starting a second log in that folder:
///
/// 1. `TOGGLES_LOG` (relative to the working directory), when set;
/// 2. else, inside a git repository, from the working directory up to the repository root,
///    the first `events/` that holds toggle segments (`.jsonl`);
/// 3. else the folder inside the repository the root's `.toggles.json` names
///    (`{"log": "config/toggles"}`), or the root's `events/`;
/// 4. outside a repository, `events/` in the working directory.
///
/// The result is handed to the command as its `--log` value, a path relative to the working
/// directory (`../../events`), so every message names the log used.
struct LogLocation {
    enum Origin: Equatable {
        case option, environment, found, repositoryRoot, workingDirectory
    }

    /// As the command receives it: relative to the working directory, or absolute.
    var given: String
    var origin: Origin
    /// The repository root, when the lookup found one.
    var root: String?

    /// The file at the repository root that may name the log folder.
    static let configurationFile = ".toggles.json"

    /// Where `--log` points, or where the lookup finds the log.
    static func locate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> LogLocation {
        if let given = arguments.value("--log") { return LogLocation(given: given, origin: .option) }
        if let variable = context.environment["TOGGLES_LOG"], !variable.isEmpty {
            return LogLocation(given: variable, origin: .environment)
        }
        let working = RepositoryPaths.absolute(context.currentDirectory, from: "/")
        let root = RepositoryRoot.paths(context).root
        guard FileManager.default.fileExists(atPath: join(root, ".git")) else {
            return LogLocation(given: "events", origin: .workingDirectory)
        }
        var directory = working
        var levels = 0
        // From the working directory up to, not including, the root: the root's log may be
        // elsewhere (.toggles.json).
        while directory != root, directory.hasPrefix(root) {
            if holdsSegments(join(directory, "events")) {
                return LogLocation(given: up(levels) + "events", origin: .found, root: root)
            }
            guard let slash = directory.lastIndex(of: "/") else { break }
            directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
            levels += 1
        }
        let folder = try configuredFolder(root: root) ?? "events"
        return LogLocation(given: up(levels) + folder, origin: .repositoryRoot, root: root)
    }

    /// Gives a command that takes `--log` the log the lookup found, and says so on standard
    /// error when the working directory is below the root and the log does not exist yet:
    /// the first `create` from a subfolder names where it writes.
    static func supply(_ arguments: inout ParsedArguments, _ context: CommandContext) throws {
        guard !arguments.has("--log") else { return }
        let location = try locate(arguments, context)
        arguments.supply("--log", location.given)
        if location.origin == .repositoryRoot, location.given.hasPrefix("../"),
            !FileManager.default.fileExists(atPath: context.resolve(location.given))
        {
            context.note("no log yet between here and the repository root; using \(location.given) (the root's log; --log DIR or TOGGLES_LOG choose another)")
        }
    }

    private static func configuredFolder(root: String) throws -> String? {
        let path = join(root, configurationFile)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let bytes: [UInt8]
        do {
            // Named by its path: the command may run from a subfolder.
            bytes = try WholeFile.read(path, displayName: path, maximumBytes: 1 << 16)
        } catch {
            throw CommandFailure(status: .invalidLog, message: "\(error)")
        }
        func fail(_ message: String) -> CommandFailure {
            CommandFailure(status: .invalidLog, message: "\(path): \(message); expected {\"log\": \"FOLDER\"}, the log folder relative to the repository root")
        }
        guard case .object(let object)? = try? JSONParser.parse(bytes) else { throw fail("not a JSON object") }
        for key in object.keys where key != "log" { throw fail("unknown setting \(JSONWriter.quoted(key))") }
        guard case .string(let folder)? = object["log"], !folder.isEmpty else { throw fail("\"log\" must be a non-empty string") }
        // The file comes with the repository: a clone must not make commands write where git
        // neither keeps the log nor lets `audit --git` and `diff --from-rev` read it.
        let target = RepositoryPaths.absolute(folder, from: root)
        let gitDirectory = join(root, ".git")
        guard !folder.hasPrefix("/"), isInside(target, root), target != gitDirectory, !target.hasPrefix(gitDirectory + "/") else {
            throw fail("\"log\" must name a folder inside the repository (not .git), found \(JSONWriter.quoted(folder))")
        }
        return folder
    }

    /// Whether `path` (absolute, normalised) is `root` or below it, symbolic links followed as
    /// far as the path exists: `linked/events`, `linked` leading out, is outside.
    private static func isInside(_ path: String, _ root: String) -> Bool {
        func below(_ path: String, _ root: String) -> Bool { path == root || path.hasPrefix(root == "/" ? "/" : root + "/") }
        guard below(path, root) else { return false }
        var existing = path
        while !FileManager.default.fileExists(atPath: existing), let slash = existing.lastIndex(of: "/"), slash != existing.startIndex {
            existing = String(existing[..<slash])
        }
        let real = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        return below(real(existing), real(root))
    }

    /// Whether `directory` holds a toggle segment: a `.jsonl` file, at any depth, hidden
    /// names and what is below them skipped, as readers skip them (a writer's temporary file).
    static func holdsSegments(_ directory: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
            let files = FileManager.default.enumerator(atPath: directory)
        else { return false }
        while let file = files.nextObject() as? String {
            let name = file.split(separator: "/").last ?? Substring(file)
            if name.hasPrefix(".") {
                files.skipDescendants()
                continue
            }
            if name.hasSuffix(".jsonl") { return true }
        }
        return false
    }

    private static func up(_ levels: Int) -> String { String(repeating: "../", count: levels) }

    private static func join(_ directory: String, _ name: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name
    }
}

/// The repository a command runs in: the nearest directory at or above the working
/// directory that holds `.git` (a directory, or a file in a worktree or submodule). CI
/// formats name files relative to it. Outside a repository the working directory stands in.
enum RepositoryRoot {
    static func paths(_ context: CommandContext) -> RepositoryPaths {
        let working = RepositoryPaths.absolute(context.currentDirectory, from: "/")
        var directory = working
        while true {
            if FileManager.default.fileExists(atPath: (directory == "/" ? "" : directory) + "/.git") {
                return RepositoryPaths(root: directory, workingDirectory: working)
            }
            guard directory != "/", let slash = directory.lastIndex(of: "/") else { break }
            directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
        }
        return RepositoryPaths(root: working, workingDirectory: working)
    }
}
