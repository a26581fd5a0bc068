/// One `.jsonl` file of the log.
public struct Segment: Sendable, Hashable {
    /// The path to open.
    public var path: String
    /// The path relative to the log directory, with `/` separators (`2026/11/x.jsonl`).
    public var relativePath: String
    /// The path to show the user: the log directory as given, joined with ``relativePath``.
    public var displayPath: String
}

/// Finds the segments of a log directory: every regular file ending in `.jsonl` at any
/// depth. Names starting with `.` (the lock, interrupted temporary files, caches) are
/// skipped. The result is sorted by relative path so every run sees the same list.
enum SegmentDiscovery {
    static func segments(in directory: String, displayName: String) throws -> [Segment] {
        switch SystemCalls.fileType(directory) {
        case nil: throw LogError.directoryMissing(path: displayName)
        case .directory: break
        case .symlink:
            guard let resolved = SystemCalls.realPath(directory), SystemCalls.fileType(resolved) == .directory else {
                throw LogError.notADirectory(path: displayName)
            }
        default: throw LogError.notADirectory(path: displayName)
        }
        let root = SystemCalls.realPath(directory) ?? directory
        var found: [Segment] = []
        try walk(directory: directory, relative: "", root: root, displayName: displayName, into: &found)
        found.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        return found
    }

    private static func walk(directory: String, relative: String, root: String, displayName: String, into found: inout [Segment]) throws {
        for name in try SystemCalls.directoryEntries(directory) where !name.hasPrefix(".") {
            let path = directory + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            let display = join(displayName, relativePath)
            var type = SystemCalls.fileType(path)
            if type == .symlink {
                guard let target = SystemCalls.realPath(path) else { continue }  // dangling: nothing to read
                guard target == root || target.hasPrefix(root + "/") else {
                    if name.hasSuffix(".jsonl") { throw LogError.symlinkOutsideLog(path: display, target: target) }
                    continue
                }
                type = SystemCalls.fileType(target)
                if type == .directory { continue }  // never follow directory links: no cycles
            }
            switch type {
            case .directory where name.hasSuffix(".jsonl"):
                throw LogError.segmentNotAFile(path: display)
            case .directory:
                try walk(directory: path, relative: relativePath, root: root, displayName: displayName, into: &found)
            case .regular where name.hasSuffix(".jsonl"):
                found.append(Segment(path: path, relativePath: relativePath, displayPath: display))
            default:
                if name.hasSuffix(".jsonl") { throw LogError.segmentNotAFile(path: display) }
            }
        }
    }

    static func join(_ directory: String, _ relative: String) -> String {
        if directory.isEmpty || directory == "." { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
