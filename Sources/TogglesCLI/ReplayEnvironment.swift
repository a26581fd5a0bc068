import Foundation
import ToggleLedger

/// The ``ReplayOptions`` the command line passes to every ledger, built from its environment:
/// `TOGGLES_NO_CHECKPOINT`, `TOGGLES_CHECKPOINT_MIN_BYTES` and `TOGGLES_READ_THREADS`. A value
/// that is not what the variable takes is a usage error, never a silent default.
enum ReplayEnvironment {
    static let checkpointMinimumBytes = "TOGGLES_CHECKPOINT_MIN_BYTES"
    static let readThreads = "TOGGLES_READ_THREADS"

    static func options(in environment: [String: String]) throws(UsageError) -> ReplayOptions {
        var options = ReplayOptions(usesCheckpoint: !(try EnvironmentSwitch.noCheckpoint.isOn(in: environment)))
        if let bytes = try integer(checkpointMinimumBytes, in: environment, atLeast: 0, expected: "a number of bytes (0 or more)") {
            options.checkpointMinimumLogBytes = bytes
        }
        if let threads = try integer(readThreads, in: environment, atLeast: 1, expected: "a number of threads (1 or more)") {
            options.parallelMerge.threads = Int(clamping: threads)
        }
        return options
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
