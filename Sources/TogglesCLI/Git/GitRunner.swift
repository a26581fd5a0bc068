import Foundation

/// Runs git in one repository and returns its raw output; a failure is an error naming the
/// git command and quoting git's message (exit 2: the history cannot be read).
struct GitRunner {
    let directory: String

    func run(_ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_PAGER"] = "cat"
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandFailure(status: .invalidLog, message: "cannot run git: \(error.localizedDescription); --git needs git on PATH")
        }
        // Drain stderr on the side so neither pipe can fill up and block git.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure(status: .invalidLog, message: "git \(arguments.prefix(2).joined(separator: " ")) failed in \(directory): \(message)")
        }
        return Array(data)
    }

    func text(_ arguments: [String]) throws -> String {
        String(decoding: try run(arguments), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether git succeeds, without output.
    func succeeds(_ arguments: [String]) -> Bool {
        (try? run(arguments)) != nil
    }
}
