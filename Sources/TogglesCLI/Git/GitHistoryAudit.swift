import Foundation
import ToggleLedger

/// `toggles audit --git`: proves from the repository's history that the log was only ever
/// appended to.
///
/// It walks every commit that touched the log directory (`git log --full-history`), diffs
/// each against each of its parents (`git diff-tree`), and checks every segment that was
/// modified or deleted with ``SegmentRevision``. Added segments are the normal case. A
/// merge is judged against each parent that had the file: a change that is append-only
/// relative to one of them was already checked on that side. Uncommitted changes to the
/// working tree are checked against `HEAD` as well.
///
/// A log moved into its folder (`git mv events app/events`) keeps its history: segments a
/// commit moved in are compared with the files they were, and the history of the folder
/// they came from is walked up to the move, so an edit made before the move is still found.
struct GitHistoryAudit {
    typealias Finding = GitHistoryReport.EditedLine
    typealias Result = GitHistoryReport

    private struct Commit {
        struct Metadata {
            var author: String
            var date: String
            var subject: String
        }

        var hash: String
        var parents: [String]
        /// Known at once for the working tree; read from git for a commit with a finding.
        var metadata: Metadata?
    }

    private struct Change {
        var status: Character
        var oldBlob: String
        var newBlob: String
        var path: String
    }

    let git: GitRunner
    /// The log directory's path inside the repository (`events`, or `.` at the top).
    let logPath: String
    /// How to show a path of the repository: relative to the log directory as the user named it.
    let displayName: String

    /// Finds the repository holding `directory`.
    init(directory: String, displayName: String) throws {
        let location = try GitLogLocation(
            directory: directory, displayName: displayName, flag: "--git", purpose: "--git audits the log's history in git")
        git = location.git
        logPath = location.logPath
        self.displayName = displayName
    }

    func run() throws -> Result {
        var result = Result()
        // A shallow clone's oldest commit looks like a root that added every segment: the
        // edits and deletions before it are invisible, so the history proves nothing.
        result.shallow = try git.text(["rev-parse", "--is-shallow-repository"]) == "true"
        result.trackedCheckpoints = try trackedCheckpoints()
        guard git.succeeds(["rev-parse", "--verify", "-q", "HEAD"]) else { return result }  // no commits yet
        var followed: Set<String> = []
        // A folder's commits are reached again when its history is entered from two sides
        // of a merge: each (folder, commit) is checked once.
        var checked: Set<String> = []
        var pending = [(path: logPath, revision: "HEAD")]
        while let next = pending.popLast() {
            guard followed.insert(next.path + "\u{0}" + next.revision).inserted else { continue }
            pending += try walk(next.path, from: next.revision, skipping: &checked, into: &result)
        }
        try checkWorkingTree(into: &result)
        return result
    }

    /// Checks every commit that touched `path` in the history of `revision`; returns the
    /// paths (with the revision before the move) that segments were moved in from.
    ///
    /// Commits are listed by hash and parents only (hex, NUL-separated): no byte of an
    /// author's name or a subject can split or hide a record. Who and why are read, field by
    /// field, only for a commit with a finding.
    private func walk(
        _ path: String, from revision: String, skipping checked: inout Set<String>, into result: inout Result
    ) throws -> [(path: String, revision: String)] {
        let log = try git.run(["log", "--full-history", "--reverse", "--no-color", "-z", "--format=%H %P", revision, "--", path])
        var movedIn: [(path: String, revision: String)] = []
        for record in log.split(separator: 0) {
            let hashes = String(decoding: record, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
            guard let hash = hashes.first, checked.insert(path + "\u{0}" + hash).inserted else { continue }
            result.commits += 1
            movedIn += try check(Commit(hash: hash, parents: Array(hashes.dropFirst())), path: path, into: &result)
        }
        return movedIn
    }

    /// Who made a commit, when and why, for a finding (`%an <%ae>`, `%aI`, `%s`, NUL-separated).
    private func describe(_ hash: String) -> Commit.Metadata {
        guard let output = try? git.run(["show", "-s", "--no-color", "--format=%an <%ae>%x00%aI%x00%s", hash]) else {
            return Commit.Metadata(author: "", date: "", subject: "")
        }
        var fields = output.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        while fields.count < 3 { fields.append("") }
        return Commit.Metadata(author: fields[0], date: fields[1], subject: fields[2].trimmingCharacters(in: .newlines))
    }

    /// Checkpoint files committed into the log directory: toggles never reads one from there
    /// (its checkpoints live outside the repository), so a tracked one was put there on purpose.
    private func trackedCheckpoints() throws -> [String] {
        let listed = try git.run(["ls-files", "-z", "--full-name", "--", logPath])
        return listed.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            .filter { ($0.split(separator: "/").last.map(String.init) ?? $0).hasPrefix(".replay-checkpoint") }
            .map(display)
    }

    private func check(_ commit: Commit, path: String, into result: inout Result) throws -> [(path: String, revision: String)] {
        var changesByParent: [[Change]] = []
        if commit.parents.isEmpty {
            changesByParent = [try diff(["diff-tree", "-r", "--root", "--no-renames", "--raw", "--no-abbrev", "-z", commit.hash, "--", path])]
        } else {
            for parent in commit.parents {
                changesByParent.append(try diff(["diff-tree", "-r", "--no-renames", "--raw", "--no-abbrev", "-z", parent, commit.hash, "--", path]))
            }
        }
        // Segments moved in from outside `path` (`git mv events app/events`) are not new: they
        // are compared with the file they were, and that file's history is walked too.
        var movedIn: [(path: String, revision: String)] = []
        for (index, parent) in commit.parents.enumerated() where changesByParent[index].contains(where: { $0.status == "A" && isSegment($0.path) }) {
            for move in try moves(from: parent, to: commit.hash, into: path) {
                guard let position = changesByParent[index].firstIndex(where: { $0.path == move.new && $0.status == "A" }) else { continue }
                changesByParent[index][position] = Change(status: "M", oldBlob: move.oldBlob, newBlob: move.newBlob, path: move.new)
                movedIn.append((move.origin, parent))
            }
        }
        // A merge brings the other side's segments; count only those new to every parent.
        result.segmentsAdded +=
            changesByParent[0].filter { change in
                change.status == "A" && isSegment(change.path)
                    && changesByParent.allSatisfy { $0.contains { $0.path == change.path && $0.status == "A" } }
            }.count
        try judge(
            changesByParent, newContent: { change in change.status == "D" ? nil : try blob(change.newBlob) },
            describe: commit, into: &result)
        return movedIn
    }

    /// Segments that `commit` moved into `path` from elsewhere in the repository, by git's
    /// rename detection over the whole tree (a pathspec would hide the source). `origin` is
    /// the folder they came from when the move kept the rest of the path (a folder moved
    /// whole), else the old file itself.
    private func moves(from parent: String, to commit: String, into path: String) throws -> [(origin: String, new: String, oldBlob: String, newBlob: String)] {
        let output = try git.run(["diff-tree", "-r", "-M", "--diff-filter=R", "--raw", "--no-abbrev", "-z", parent, commit])
        let fields = output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var found: [(origin: String, new: String, oldBlob: String, newBlob: String)] = []
        var index = 0
        while index + 2 < fields.count {
            // ":old-mode new-mode old-blob new-blob R<score>\0old-path\0new-path\0"
            let header = fields[index]
            guard header.hasPrefix(":") else { index += 1; continue }
            let parts = header.dropFirst().split(separator: " ")
            let (old, new) = (fields[index + 1], fields[index + 2])
            index += 3
            guard parts.count >= 5, isSegment(new), Self.isInside(new, path), !Self.isInside(old, path) else { continue }
            let rest = path == "." ? new : String(new.dropFirst(path.count + 1))
            var origin = old
            if old == rest {
                origin = "."
            } else if old.hasSuffix("/" + rest) {
                origin = String(old.dropLast(rest.count + 1))
            }
            found.append((origin, new, String(parts[2]), String(parts[3])))
        }
        return found
    }

    private static func isInside(_ file: String, _ folder: String) -> Bool {
        folder == "." || file == folder || file.hasPrefix(folder + "/")
    }

    /// Uncommitted edits are part of what a reviewer would merge; check them against HEAD.
    private func checkWorkingTree(into result: inout Result) throws {
        let changes = try diff(["diff-index", "--no-renames", "--raw", "--no-abbrev", "-z", "HEAD", "--", logPath])
        guard !changes.isEmpty else { return }
        let top = git.directory
        let pseudo = Commit(
            hash: "working tree", parents: ["HEAD"], metadata: Commit.Metadata(author: "(uncommitted)", date: "", subject: "uncommitted changes"))
        try judge(
            [changes],
            newContent: { change in
                change.status == "D" ? nil : try? WholeFile.read(top + "/" + change.path, displayName: change.path)
            }, describe: pseudo, into: &result)
    }

    /// Judges the changes of one commit, given its diff against each parent.
    ///
    /// Every parent's lines must survive in the commit: a line present in any parent and
    /// missing from the commit is a deletion, merges included (`git merge -s ours` of a branch
    /// that appended, or a conflict resolved by `git rm` of the other side's segment). The one
    /// exception is a line another parent's side deleted or edited itself: that commit was
    /// reported on its own side.
    private func judge(_ changesByParent: [[Change]], newContent: (Change) throws -> [UInt8]?, describe commit: Commit, into result: inout Result) throws {
        var reported: Set<[UInt8]> = []
        var metadata = commit.metadata
        var linesCache: [String: Set<[UInt8]>] = [:]
        var baseCache: [String: String?] = [:]
        for (parentIndex, changes) in changesByParent.enumerated() {
            var addedLines: Set<[UInt8]>?
            for change in changes where isSegment(change.path) && change.status != "A" {
                var comparison = SegmentRevision.compare(old: try blob(change.oldBlob), new: try newContent(change))
                if !comparison.changes.isEmpty {
                    // A deleted line that reappears in a segment added by the same commit was moved, not lost.
                    if addedLines == nil {
                        let added = try changes.filter { $0.status == "A" && isSegment($0.path) }.map { try newContent($0) ?? [] }
                        addedLines = Set(added.flatMap { content in content.split(separator: 0x0A).map(Array.init) })
                    }
                    comparison.changes.removeAll { $0.kind == .deleted && addedLines!.contains($0.old) }
                }
                let unchangedInAnotherParent = changesByParent.contains { other in !other.contains { $0.path == change.path } }
                if parentIndex == 0 && comparison.cutTornTail && !unchangedInAnotherParent {
                    result.repairs.append("\(short(commit.hash)): cut a torn tail from \(display(change.path))")
                }
                for line in comparison.changes {
                    if commit.parents.count > 1,
                        try changedOnAnotherSide(
                            line.old, path: change.path, parent: parentIndex, of: commit, lines: &linesCache, bases: &baseCache)
                    {
                        continue
                    }
                    guard reported.insert(Array(change.path.utf8) + [0] + line.old).inserted else { continue }
                    let kind = change.status == "D" ? "deleted with its segment" : line.kind.rawValue
                    if metadata == nil { metadata = describe(commit.hash) }
                    result.findings.append(
                        Finding(
                            commit: commit.hash, author: metadata!.author, date: metadata!.date, subject: metadata!.subject,
                            location: "\(display(change.path)):\(line.line)", kind: kind,
                            old: String(decoding: line.old, as: UTF8.self), new: line.new.map { String(decoding: $0, as: UTF8.self) }))
                }
            }
        }
    }

    /// Whether a line of parent `parent`'s version of `path`, missing from a merge, was deleted
    /// or edited on another parent's side: that parent lacks it and their merge base had it.
    private func changedOnAnotherSide(
        _ line: [UInt8], path: String, parent: Int, of commit: Commit,
        lines: inout [String: Set<[UInt8]>], bases: inout [String: String?]
    ) throws -> Bool {
        func linesOf(_ revision: String) -> Set<[UInt8]> {
            let key = revision + ":" + path
            if let cached = lines[key] { return cached }
            let content = (try? git.run(["cat-file", "blob", key])) ?? []
            let found = Set(content.split(separator: 0x0A).map(Array.init))
            lines[key] = found
            return found
        }
        for (index, other) in commit.parents.enumerated() where index != parent {
            guard !linesOf(other).contains(line) else { continue }
            let pair = commit.parents[parent] + " " + other
            if bases[pair] == nil { bases[pair] = .some(try? git.text(["merge-base", commit.parents[parent], other])) }
            if let base = bases[pair] ?? nil, !base.isEmpty, linesOf(base).contains(line) { return true }
        }
        return false
    }

    private func diff(_ arguments: [String]) throws -> [Change] {
        // Raw -z output: ":old-mode new-mode old-blob new-blob STATUS\0path\0" per file.
        let fields = try git.run(arguments).split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var changes: [Change] = []
        var index = 0
        while index + 1 < fields.count {
            let header = fields[index]
            guard header.hasPrefix(":") else { index += 1; continue }
            let parts = header.dropFirst().split(separator: " ")
            guard parts.count >= 5, let status = parts[4].first else { index += 2; continue }
            changes.append(Change(status: status, oldBlob: String(parts[2]), newBlob: String(parts[3]), path: fields[index + 1]))
            index += 2
        }
        return changes
    }

    private func blob(_ hash: String) throws -> [UInt8] {
        try git.run(["cat-file", "blob", hash])
    }

    private func isSegment(_ path: String) -> Bool { GitLogLocation.isSegment(path) }

    /// A repository path shown as the user named the log directory.
    private func display(_ path: String) -> String {
        // A file of a folder the log was moved from (its history is walked too) is shown as git names it.
        guard Self.isInside(path, logPath) else { return path }
        let relative = logPath == "." ? path : String(path.dropFirst(logPath.count + 1))
        if displayName.isEmpty || displayName == "." { return relative }
        return displayName.hasSuffix("/") ? displayName + relative : displayName + "/" + relative
    }

    private func short(_ hash: String) -> String { hash.count == 40 ? String(hash.prefix(12)) : hash }
}
