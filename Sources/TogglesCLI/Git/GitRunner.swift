import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs git in one repository and returns its raw output; a failure is an error naming the
/// git command and quoting git's message (exit 2: the history cannot be read).
///
/// git is found on `PATH` here and started with `posix_spawn`, not `Foundation.Process`:
/// Process traps (SIGILL) when it cannot make its pipes, for instance under a low descriptor
/// limit, and a missing git would only show up as `env`'s exit status 127. Both are errors
/// that say what happened.
struct GitRunner {
    let directory: String
    /// The environment git runs with (`LC_ALL=C` and `GIT_PAGER=cat` are added).
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// Why git could not be started (as opposed to git failing).
    enum StartFailure: Error {
        case notOnPath
        case system(operation: String, errno: Int32)
    }

    /// - Parameter input: a file git reads as its standard input (else /dev/null).
    func run(_ arguments: [String], input: String? = nil) throws -> [UInt8] {
        let result: (status: Int32, output: [UInt8], error: [UInt8])
        do {
            result = try spawn(arguments, input: input)
        } catch StartFailure.notOnPath {
            throw CommandFailure(status: .invalidLog, message: "git is not installed or not on PATH; --git reads the log's history with git")
        } catch StartFailure.system(let operation, let code) {
            throw CommandFailure(status: .invalidLog, message: Self.describe(operation: operation, errno: code))
        }
        guard result.status == 0 else {
            let message = String(decoding: result.error, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure(status: .invalidLog, message: "git \(arguments.prefix(2).joined(separator: " ")) failed in \(directory): \(message)")
        }
        return result.output
    }

    func text(_ arguments: [String]) throws -> String {
        String(decoding: try run(arguments), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether git succeeds, without output.
    func succeeds(_ arguments: [String]) -> Bool {
        (try? run(arguments)) != nil
    }

    /// `cannot run git: Too many open files (…)`, with the fix for a descriptor limit.
    static func describe(operation: String, errno code: Int32) -> String {
        var message = "cannot run git (\(operation)): \(String(cString: strerror(code)))"
        if code == EMFILE || code == ENFILE {
            message += "; the open-file limit is too low (raise it with `ulimit -n`)"
        }
        return message
    }

    /// The first executable `git` in the `PATH` of `environment`.
    static func locate(in environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/git"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Starts git with `-C directory`, reads its output and error to the end, and waits.
    func spawn(_ arguments: [String], input: String? = nil) throws(StartFailure) -> (status: Int32, output: [UInt8], error: [UInt8]) {
        guard let git = Self.locate(in: environment) else { throw .notOnPath }
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { throw .system(operation: "pipe", errno: errno) }
        guard pipe(&errorPipe) == 0 else {
            let code = errno
            close(outputPipe[0]); close(outputPipe[1])
            throw .system(operation: "pipe", errno: code)
        }
        // The parent's ends must not leak into git (dup2 clears the flag on the child's copies).
        for descriptor in outputPipe + errorPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        var variables = environment
        variables["LC_ALL"] = "C"
        variables["GIT_PAGER"] = "cat"
        let argv = (["git", "-C", directory] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, git, &actions, nil, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        guard started == 0 else {
            close(outputPipe[0]); close(errorPipe[0])
            throw started == ENOENT ? .notOnPath : .system(operation: "posix_spawn", errno: started)
        }
        let (output, error) = Self.drain(outputPipe[0], errorPipe[0])
        close(outputPipe[0])
        close(errorPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw .system(operation: "waitpid", errno: errno) }
        }
        // Exited normally: its exit code; killed by a signal: 128 + the signal, as shells say.
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitCode, output, error)
    }

    /// Reads both pipes to their end at once, so neither can fill up and block git.
    private static func drain(_ output: Int32, _ error: Int32) -> ([UInt8], [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var open = [output, error]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open.contains(where: { $0 >= 0 }) {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in polled.indices where open[index] >= 0 && polled[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(open[index], $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index].append(contentsOf: buffer[0..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = -1  // poll ignores negative descriptors
                }
            }
        }
        return (collected[0], collected[1])
    }
}
