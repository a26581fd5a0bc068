import Foundation
import ToggleLedger

/// The ``ReplayOptions`` the command line passes to every ledger, built from its environment:
/// `TOGGLES_NO_CHECKPOINT`, `TOGGLES_CHECKPOINT_MIN_BYTES`, `TOGGLES_CHECKPOINT_DIR` (with `HOME`, `XDG_CACHE_HOME`) and `TOGGLES_READ_THREADS`. A value
/// that is not what the variable takes is a usage error, never a silent default.
enum ReplayEnvironment {
    static let checkpointMinimumBytes = "TOGGLES_CHECKPOINT_MIN_BYTES"
    static let readThreads = "TOGGLES_READ_THREADS"
    static let checkpointDirectory = "TOGGLES_CHECKPOINT_DIR"

    static func options(in environment: [String: String]) throws(UsageError) -> ReplayOptions {
        var options = ReplayOptions(usesCheckpoint: !(try EnvironmentSwitch.noCheckpoint.isOn(in: environment)))
        options.checkpointFolder = checkpointFolder(in: environment)
        if let bytes = try integer(checkpointMinimumBytes, in: environment, atLeast: 0, expected: "a number of bytes (0 or more)") {
            options.checkpointMinimumLogBytes = bytes
        }
        if let threads = try integer(readThreads, in: environment, atLeast: 1, expected: "a number of threads (1 or more)") {
            options.parallelMerge.threads = Int(clamping: threads)
        }
        return options
    }

    /// This machine's checkpoint folder: `TOGGLES_CHECKPOINT_DIR`, else the user's cache folder
    /// (`$XDG_CACHE_HOME/toggles`, `~/.cache/toggles`; `~/Library/Caches/toggles` on macOS).
    /// Never inside the log: git must not be able to carry a checkpoint in. Without a home,
    /// none (every replay is a full one).
    static func checkpointFolder(in environment: [String: String]) -> String? {
        func nonEmpty(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        if let folder = nonEmpty(checkpointDirectory) { return folder }
        #if canImport(Darwin)
        return nonEmpty("HOME").map { $0 + "/Library/Caches/toggles" }
        #else
        if let cache = nonEmpty("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/toggles" }
        return nonEmpty("HOME").map { $0 + "/.cache/toggles" }
        #endif
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

/// An on/off environment variable of the command line, read the same way for each: `1`,
/// `true`, `yes`, `on` and `0`, `false`, `no`, `off` in any case, unset or empty for off;
/// anything else is a usage error rather than a silent "off".
enum EnvironmentSwitch: String, CaseIterable {
    /// Neither read nor write the replay checkpoint (to measure a full replay).
    case noCheckpoint = "TOGGLES_NO_CHECKPOINT"

    func isOn(in environment: [String: String]) throws(UsageError) -> Bool {
        guard let value = environment[rawValue]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return false }
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default:
            throw UsageError("\(rawValue) must be 1, true, yes or on (or 0, false, no, off), not '\(value)'")
        }
    }
}
