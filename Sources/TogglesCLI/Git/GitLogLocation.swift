import Foundation
import ToggleLedger

/// Where the log directory is in its git repository: the runner for the repository's top
/// and the log's path inside it (`events`, or `.` at the top).
struct GitLogLocation {
    let git: GitRunner
    let logPath: String

    /// Finds the repository holding `directory`; `purpose` ends the messages (`--git audits
    /// the log's history in git`).
    init(directory: String, displayName: String, flag: String, purpose: String) throws {
        guard FileManager.default.fileExists(atPath: directory) else {
            throw LogError.directoryMissing(path: displayName)
        }
        let probe = GitRunner(directory: directory)
        guard GitRunner.locate(in: probe.environment) != nil else {
            throw CommandFailure(status: .invalidLog, message: "git is not installed or not on PATH; \(flag) reads the log's history with git")
        }
        guard let top = try? probe.text(["rev-parse", "--show-toplevel"]) else {
            throw CommandFailure(status: .invalidLog, message: "\(displayName) is not inside a git repository; \(purpose)")
        }
        let realTop = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
        let realLog = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        git = GitRunner(directory: realTop)
        if realLog == realTop {
            logPath = "."
        } else if realLog.hasPrefix(realTop + "/") {
            logPath = String(realLog.dropFirst(realTop.count + 1))
        } else {
            throw CommandFailure(status: .invalidLog, message: "\(displayName) resolves outside the repository at \(realTop)")
        }
    }

    /// Segments are the `.jsonl` files readers replay; `.torn`, `.lock` and hidden temporary
    /// files are bookkeeping.
    static func isSegment(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".jsonl") && !name.hasPrefix(".")
    }
}
