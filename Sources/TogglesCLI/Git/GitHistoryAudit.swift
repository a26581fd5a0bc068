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
struct GitHistoryAudit {
    typealias Finding = GitHistoryReport.EditedLine
    typealias Result = GitHistoryReport

    private struct Commit {
        var hash: String
        var parents: [String]
        var author: String
        var date: String
        var subject: String
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
        guard git.succeeds(["rev-parse", "--verify", "-q", "HEAD"]) else { return result }  // no commits yet
        let log = try git.run([
            "log", "--full-history", "--reverse", "--no-color",
            "--format=%H%x1f%P%x1f%an <%ae>%x1f%aI%x1f%s%x1e", "HEAD", "--", logPath,
        ])
        for record in log.split(separator: 0x1E) {
            let fields = String(decoding: record, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                .components(separatedBy: "\u{1F}")
            guard fields.count == 5 else { continue }
            let commit = Commit(
                hash: fields[0], parents: fields[1].split(separator: " ").map(String.init),
                author: fields[2], date: fields[3], subject: fields[4])
            result.commits += 1
            try check(commit, into: &result)
        }
        try checkWorkingTree(into: &result)
        return result
    }

    private func check(_ commit: Commit, into result: inout Result) throws {
        var changesByParent: [[Change]] = []
        if commit.parents.isEmpty {
            changesByParent = [try diff(["diff-tree", "-r", "--root", "--no-renames", "--raw", "--no-abbrev", "-z", commit.hash, "--", logPath])]
        } else {
            for parent in commit.parents {
                changesByParent.append(try diff(["diff-tree", "-r", "--no-renames", "--raw", "--no-abbrev", "-z", parent, commit.hash, "--", logPath]))
            }
        }
        // A merge brings the other side's segments; count only those new to every parent.
        result.segmentsAdded += changesByParent[0].filter { change in
            change.status == "A" && isSegment(change.path)
                && changesByParent.allSatisfy { $0.contains { $0.path == change.path && $0.status == "A" } }
        }.count
        try judge(changesByParent, newContent: { change in change.status == "D" ? nil : try blob(change.newBlob) },
                  describe: commit, into: &result)
    }

    /// Uncommitted edits are part of what a reviewer would merge; check them against HEAD.
    private func checkWorkingTree(into result: inout Result) throws {
        let changes = try diff(["diff-index", "--no-renames", "--raw", "--no-abbrev", "-z", "HEAD", "--", logPath])
        guard !changes.isEmpty else { return }
        let top = git.directory
        let pseudo = Commit(hash: "working tree", parents: ["HEAD"], author: "(uncommitted)", date: "", subject: "uncommitted changes")
        try judge([changes], newContent: { change in
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
                    if commit.parents.count > 1, try changedOnAnotherSide(
                        line.old, path: change.path, parent: parentIndex, of: commit, lines: &linesCache, bases: &baseCache) {
                        continue
                    }
                    guard reported.insert(Array(change.path.utf8) + [0] + line.old).inserted else { continue }
                    let kind = change.status == "D" ? "deleted with its segment" : line.kind.rawValue
                    result.findings.append(Finding(
                        commit: commit.hash, author: commit.author, date: commit.date, subject: commit.subject,
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
        let relative = logPath == "." ? path : String(path.dropFirst(logPath.count + 1))
        if displayName.isEmpty || displayName == "." { return relative }
        return displayName.hasSuffix("/") ? displayName + relative : displayName + "/" + relative
    }

    private func short(_ hash: String) -> String { hash.count == 40 ? String(hash.prefix(12)) : hash }
}
