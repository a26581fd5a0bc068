import Foundation
import Testing

/// Runs the built `toggles` executable as a user would, in a working directory of its own.
struct TogglesBinary {
    /// The result of one run.
    struct Run: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Killed by the ``Subprocess/run(_:_:in:stdin:environment:timeout:)`` timeout.
        var timedOut = false

        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The executable next to the test bundle (`.build/debug/toggles`), or `$TOGGLES_BINARY`.
    static let url: URL = {
        if let override = ProcessInfo.processInfo.environment["TOGGLES_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("toggles")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/toggles")
    }()

    /// An environment without CI variables, so actors and sources are predictable.
    static func cleanEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "USER": "tester", "HOME": NSTemporaryDirectory(), "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"]
        environment.merge(extra) { $1 }
        return environment
    }

    /// Runs `toggles arguments…` in `directory` and waits for it.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL, stdin: String? = nil, environment: [String: String] = cleanEnvironment(), timeout: Double? = nil) throws -> Run {
        try Subprocess.run(url.path, arguments, in: directory, stdin: stdin, environment: environment, timeout: timeout)
    }
}

/// Runs any program and collects its exit status and output.
enum Subprocess {
    /// With a `timeout` (seconds), a process still running then is killed (SIGKILL) and its
    /// run is marked ``TogglesBinary/Run/timedOut``: a test of a hang fails instead of hanging.
    static func run(_ executable: String, _ arguments: [String], in directory: URL, stdin: String? = nil, environment: [String: String]? = nil, timeout: Double? = nil) throws -> TogglesBinary.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input
        try process.run()
        final class Flag: @unchecked Sendable { var value = false }
        let timedOut = Flag()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem {
            timedOut.value = true
            kill(pid, SIGKILL)
        }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog) }
        defer { watchdog.cancel() }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process cannot fill one and block.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return TogglesBinary.Run(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self),
            timedOut: timedOut.value)
    }
}

/// A fresh directory under the system's temporary directory, removed when the test ends.
final class TemporaryDirectory {
    let url: URL

    init(_ name: String = "toggles-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }

    func file(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    func write(_ relative: String, _ contents: String) throws {
        let target = file(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: target)
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: file(relative)), as: UTF8.self)
    }

    /// The `.jsonl` segments under `relative`, sorted, relative to this directory.
    func segments(under relative: String = "events") -> [String] {
        let root = file(relative)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { ($0 as? URL)?.path }
            .filter { $0.hasSuffix(".jsonl") }
            .map { String($0.dropFirst(url.path.count + 1)) }
            .sorted()
    }

    /// Every event line of the log under `relative`, in file order.
    func eventLines(under relative: String = "events") throws -> [String] {
        try segments(under: relative).flatMap { try read($0).split(separator: "\n").map(String.init) }
    }
}
