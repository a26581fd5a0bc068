import Foundation
import ToggleLedger

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
