import Foundation

/// Runs any program and collects its exit status and output.
package enum Subprocess {
    /// With a `timeout` (seconds), a process still running then is killed (SIGKILL) and its
    /// run is marked ``TogglesBinary/Run/timedOut``: a test of a hang fails instead of hanging.
    @discardableResult
    package static func run(_ executable: String, _ arguments: [String], in directory: URL, stdin: String? = nil, environment: [String: String]? = nil, timeout: Double? = nil)
        throws -> TogglesBinary.Run
    {
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
