import Foundation

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
