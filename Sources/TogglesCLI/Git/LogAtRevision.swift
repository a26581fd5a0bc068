import Foundation
import ToggleLedger

/// The log directory as a git revision has it, written to a temporary directory so the
/// ordinary reader replays it (`diff --from-rev`/`--to-rev`). Only segments are copied.
final class LogAtRevision {
    /// The temporary directory holding the segments (absent from the revision: empty).
    let directory: String
    /// The commit the revision names.
    let commit: String

    /// Reads the log at `revision`; `option` names the flag in errors.
    init(revision: String, logDirectory: String, displayName: String, option: String) throws {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw UsageError("\(option) must name a git revision such as v2.5, main or a commit hash, not '\(revision)'", command: "diff")
        }
        let location = try GitLogLocation(
            directory: logDirectory, displayName: displayName, flag: option,
            purpose: "\(option) reads the log at a git revision")
        let git = location.git
        guard let commit = try? git.text(["rev-parse", "--verify", "--quiet", revision + "^{commit}"]), !commit.isEmpty else {
            throw UsageError("\(option): '\(revision)' is not a commit of the repository at \(git.directory) (try `git log --oneline` or `git tag`)", command: "diff")
        }
        self.commit = commit
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("toggles-diff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            // -z: paths exactly as stored; each entry is "mode type hash\tpath".
            let listing = try git.run(["ls-tree", "-r", "-z", "--full-tree", commit] + (location.logPath == "." ? [] : ["--", location.logPath]))
            for entry in listing.split(separator: 0) {
                guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
                let fields = entry[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
                let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
                guard fields.count == 3, fields[1] == "blob", GitLogLocation.isSegment(path) else { continue }
                let relative = location.logPath == "." ? path : String(path.dropFirst(location.logPath.count + 1))
                // A path from git never climbs out of the log directory, but check anyway.
                guard !relative.split(separator: "/").contains("..") else { continue }
                let target = URL(fileURLWithPath: directory).appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(try git.run(["cat-file", "blob", fields[2]])).write(to: target)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
