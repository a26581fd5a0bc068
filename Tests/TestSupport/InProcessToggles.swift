import Foundation
import ToggleLedger
import TogglesCLI

/// Runs `toggles` in this process through ``TogglesCLI/run(_:context:)``, with a fixed clock,
/// a chosen working directory and environment, and captured output: fast, and the clock makes
/// "today" in messages predictable.
package enum InProcessToggles {
    package static let defaultNow = Timestamp(rfc3339: "2026-11-27T12:00:00Z")!

    @discardableResult
    package static func run(
        _ arguments: [String], in directory: URL, stdin: String = "", environment: [String: String] = ["USER": "tester"],
        now: Timestamp = defaultNow, terminal: Bool = false
    ) -> TogglesBinary.Run {
        nonisolated(unsafe) var stdout = ""
        nonisolated(unsafe) var stderr = ""
        let context = CommandContext(
            environment: environment, currentDirectory: directory.path, now: { now }, outputIsTerminal: terminal,
            standardInput: { Array(stdin.utf8) }, write: { stdout += $0 }, writeError: { stderr += $0 }, gitEmail: { nil })
        let status = TogglesCLI.run(arguments, context: context)
        return TogglesBinary.Run(status: status, stdout: stdout, stderr: stderr)
    }
}
