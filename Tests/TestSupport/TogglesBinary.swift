import Foundation
import Testing

/// Runs the built `toggles` executable as a user would, in a working directory of its own.
package struct TogglesBinary {
    /// The result of one run.
    package struct Run: CustomStringConvertible {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        /// Killed by the ``Subprocess/run(_:_:in:stdin:environment:timeout:)`` timeout.
        package var timedOut = false

        package init(status: Int32, stdout: String, stderr: String, timedOut: Bool = false) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
            self.timedOut = timedOut
        }

        package var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The executable next to the test bundle (`.build/debug/toggles`), or `$TOGGLES_BINARY`.
    package static let url: URL = {
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
    package static func cleanEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "USER": "tester", "HOME": NSTemporaryDirectory(), "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": "/dev/null",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    /// Runs `toggles arguments…` in `directory` and waits for it.
    @discardableResult
    package static func run(_ arguments: [String], in directory: URL, stdin: String? = nil, environment: [String: String] = cleanEnvironment(), timeout: Double? = nil) throws
        -> Run
    {
        try Subprocess.run(url.path, arguments, in: directory, stdin: stdin, environment: environment, timeout: timeout)
    }
}
