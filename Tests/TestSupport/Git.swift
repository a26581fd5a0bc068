import Foundation
import Testing

/// The one git runner: `git arguments…` in a directory with no user or system configuration
/// (and a fixed identity and date unless the caller passes its own environment), failing the
/// test with git's output when git fails.
package enum Git {
    /// A fixed author and committer, so commits (and their hashes) are the same on every run.
    package static let identity = [
        "GIT_AUTHOR_NAME": "Ann Author", "GIT_AUTHOR_EMAIL": "ann@example.com",
        "GIT_COMMITTER_NAME": "Ann Author", "GIT_COMMITTER_EMAIL": "ann@example.com",
        "GIT_AUTHOR_DATE": "2026-11-22T10:00:00Z", "GIT_COMMITTER_DATE": "2026-11-22T10:00:00Z",
    ]

    package static var environment: [String: String] { TogglesBinary.cleanEnvironment(identity) }

    /// Whether `git` is on the PATH, for `.enabled(if:)`.
    package static let isAvailable: Bool = {
        (try? Subprocess.run("/usr/bin/env", ["git", "--version"], in: URL(fileURLWithPath: NSTemporaryDirectory())).status) == 0
    }()

    /// Runs git and returns its standard output; a failing git fails the test with its output.
    @discardableResult
    package static func run(_ arguments: [String], in directory: URL, environment: [String: String] = environment) throws -> String {
        let run = try process(arguments, in: directory, environment: environment)
        try #require(run.status == 0, "git \(arguments.joined(separator: " ")): \(run)")
        return run.stdout
    }

    @discardableResult
    package static func run(_ arguments: [String], in directory: TemporaryDirectory, environment: [String: String] = environment) throws -> String {
        try run(arguments, in: directory.url, environment: environment)
    }

    /// Runs git and returns its status and output, for a test that checks them itself.
    @discardableResult
    package static func process(_ arguments: [String], in directory: URL, environment: [String: String] = TogglesBinary.cleanEnvironment()) throws -> TogglesBinary.Run {
        try Subprocess.run("/usr/bin/env", ["git"] + arguments, in: directory, environment: environment)
    }
}
