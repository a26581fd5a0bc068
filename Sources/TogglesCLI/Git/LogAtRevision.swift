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
    init(revision: String, logDirectory: String, displayName: String, option: String, command: String = "diff") throws {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw UsageError("\(option) must name a git revision such as v2.5, main or a commit hash, not '\(revision)'", command: command)
        }
        let location = try GitLogLocation(
            directory: logDirectory, displayName: displayName, flag: option,
            purpose: "\(option) reads the log at a git revision")
        let git = location.git
        guard let commit = try? git.text(["rev-parse", "--verify", "--quiet", revision + "^{commit}"]), !commit.isEmpty else {
            throw UsageError("\(option): '\(revision)' is not a commit of the repository at \(git.directory) (try `git log --oneline` or `git tag`)", command: command)
        }
        self.commit = commit
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("toggles-diff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            // -z: paths exactly as stored; each entry is "mode type hash\tpath".
            let listing = try git.run(["ls-tree", "-r", "-z", "--full-tree", commit] + (location.logPath == "." ? [] : ["--", location.logPath]))
            var segments: [(hash: String, relative: String)] = []
            for entry in listing.split(separator: 0) {
                guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
                let fields = entry[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
                let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
                guard fields.count == 3, fields[1] == "blob", GitLogLocation.isSegment(path) else { continue }
                let relative = location.logPath == "." ? path : String(path.dropFirst(location.logPath.count + 1))
                // A path from git never climbs out of the log directory, but check anyway.
                guard !relative.split(separator: "/").contains("..") else { continue }
                // A committed symlink's blob is the link's target, not a segment: read as one
                // it would be a torn line. The disk reader reads a link into the log where it
                // leads (so it is skipped here, its target is listed too) and refuses one
                // that leads out of it; so does this.
                if fields[0] == "120000" {
                    let target = try Self.linkTarget(fields[2], git: git, scratch: directory)
                    guard Self.staysInside(link: relative, target: target) else {
                        throw CommandFailure(
                            status: .invalidLog,
                            message: "\(option) \(revision): \(displayName)/\(relative) is a symlink to \(target), outside the log directory; segments must live inside it")
                    }
                    continue
                }
                segments.append((fields[2], relative))
            }
            // One git process for every blob (a log has a segment per command: thousands).
            let blobs = try Self.readBlobs(segments.map(\.hash), git: git, scratch: directory)
            // A scratch copy: written without Foundation's fsync per file (4 ms each here).
            var folders: Set<String> = []
            for (segment, content) in zip(segments, blobs) {
                let target = URL(fileURLWithPath: directory).appendingPathComponent(segment.relative)
                let folder = target.deletingLastPathComponent().path
                if folders.insert(folder).inserted {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                do {
                    let descriptor = try SystemCalls.open(target.path, OpenFlags.writeOnly | OpenFlags.create | OpenFlags.exclusive)
                    defer { SystemCalls.close(descriptor) }
                    try content.withUnsafeBytes { try SystemCalls.writeAll(descriptor, $0, path: target.path) }
                } catch let error as SystemCallError {
                    throw CommandFailure(status: .invalidLog, message: "cannot copy the log at \(revision) to \(directory): \(error)")
                }
            }
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// The contents of `hashes`, in order, from one `git cat-file --batch`: for each object
    /// git prints `<hash> blob <size>`, a line feed, the content and a line feed.
    static func readBlobs(_ hashes: [String], git: GitRunner, scratch: String) throws -> [ArraySlice<UInt8>] {
        guard !hashes.isEmpty else { return [] }
        let request = scratch + "/.cat-file-request"
        guard FileManager.default.createFile(atPath: request, contents: Data((hashes.joined(separator: "\n") + "\n").utf8)) else {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(request)")
        }
        defer { try? FileManager.default.removeItem(atPath: request) }
        let output = try git.run(["cat-file", "--batch", "--buffer"], input: request)
        var blobs: [ArraySlice<UInt8>] = []
        var position = output.startIndex
        for hash in hashes {
            guard let newline = output[position...].firstIndex(of: UInt8(ascii: "\n")) else { throw unreadable(hash) }
            let header = output[position..<newline].split(separator: UInt8(ascii: " "))
            guard header.count == 3, String(decoding: header[1], as: UTF8.self) == "blob",
                let size = Int(String(decoding: header[2], as: UTF8.self)), size >= 0,
                output.endIndex - (newline + 1) >= size + 1
            else { throw unreadable(hash) }
            blobs.append(output[(newline + 1)..<(newline + 1 + size)])
            position = newline + 1 + size + 1
        }
        return blobs
    }

    /// The target a committed symlink's blob names.
    static func linkTarget(_ hash: String, git: GitRunner, scratch: String) throws -> String {
        String(decoding: try readBlobs([hash], git: git, scratch: scratch)[0], as: UTF8.self)
    }

    /// Whether `target`, read from the folder of the log-relative `link`, stays in the log.
    static func staysInside(link: String, target: String) -> Bool {
        guard !target.hasPrefix("/") else { return false }
        var parts = link.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init)
        for part in target.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return false }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return !parts.isEmpty
    }

    private static func unreadable(_ hash: String) -> CommandFailure {
        CommandFailure(status: .invalidLog, message: "git cat-file --batch did not return the segment \(hash) as a blob; is the repository complete (`git fsck`)?")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
