import Foundation
import ToggleLedger

/// The one way a test runs `toggles`: in this process through `TogglesCLI` (fast, fixed clock),
/// with the same clean environment the binary gets, so a test can move between the two.
@discardableResult
package func toggles(
    _ arguments: [String], in directory: URL, stdin: String? = nil,
    environment: [String: String] = TogglesBinary.cleanEnvironment(), now: Timestamp = InProcessToggles.defaultNow
) -> TogglesBinary.Run {
    InProcessToggles.run(arguments, in: directory, stdin: stdin ?? "", environment: environment, now: now)
}

/// `toggles` as its own process, for what only a process shows: signals, locks held across
/// processes, concurrent writers, the exit status of the real executable, stdin pipes and FIFOs.
@discardableResult
package func togglesBinary(
    _ arguments: [String], in directory: URL, stdin: String? = nil,
    environment: [String: String] = TogglesBinary.cleanEnvironment(), timeout: Double? = nil
) throws -> TogglesBinary.Run {
    try TogglesBinary.run(arguments, in: directory, stdin: stdin, environment: environment, timeout: timeout)
}
