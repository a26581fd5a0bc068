import LedgerPlatform
import LedgerModel

/// One `.jsonl` file of the log.
package struct Segment: Sendable, Hashable {
    /// The path to open.
    package var path: String
    /// The path relative to the log directory, with `/` separators (`2026/11/x.jsonl`).
    package var relativePath: String
    /// The path to show the user: the log directory as given, joined with ``relativePath``.
    var displayPath: String
}

/// Finds the segments of a log directory: every regular file ending in `.jsonl` at any
/// depth. Names starting with `.` (the lock, interrupted temporary files, caches) are
/// skipped. The log directory itself may be a symlink; inside it, a symlink that leads inside
/// the log is followed (a folder's segments are read once, where they really are) and one
/// that leads outside it, to a segment or a folder, is an error. The result is sorted by relative path so every run sees the same list.
package enum SegmentDiscovery {
    package static func segments(in directory: String, displayName: String) throws -> [Segment] {
        try listing(in: directory, displayName: displayName).segments
    }

    /// The segments, sorted by relative path, each with its identity as one `stat` found it
    /// while listing (nil when it could not be examined): what a checkpoint is checked against.
    package static func listing(in directory: String, displayName: String) throws -> (segments: [Segment], identities: [SystemCalls.FileIdentity?]) {
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
        var found: [(segment: Segment, identity: SystemCalls.FileIdentity?)] = []
        try walk(directory: directory, relative: "", root: root, displayName: displayName, into: &found)
        // Sorting positions by path bytes, not the (larger) entries themselves.
        let paths = found.map { Array($0.segment.relativePath.utf8) }
        let order = paths.indices.sorted { bytesPrecede(paths[$0], paths[$1]) }
        var segments: [Segment] = []
        var identities: [SystemCalls.FileIdentity?] = []
        segments.reserveCapacity(found.count)
        identities.reserveCapacity(found.count)
        for position in order {
            segments.append(found[position].segment)
            identities.append(found[position].identity)
        }
        return (segments, identities)
    }

    private static func walk(
        directory: String, relative: String, root: String, displayName: String,
        into found: inout [(segment: Segment, identity: SystemCalls.FileIdentity?)]
    ) throws {
        // Each name is joined to these once.
        let pathPrefix = directory + "/"
        let relativePrefix = relative.isEmpty ? "" : relative + "/"
        let displayPrefix = join(displayName, relativePrefix)
        try logIO {
            try SystemCalls.withDirectoryEntries(directory, skipHidden: true) { descriptor, entries in
                for (name, listedType) in entries {
                    let isSegmentName = name.hasSuffix(".jsonl")
                    if listedType == .regular && !isSegmentName { continue }  // not a segment: never opened
                    let path = concatenate(pathPrefix, name)
                    let relativePath = relativePrefix.isEmpty ? name : concatenate(relativePrefix, name)
                    // The common cases, told by the directory entry itself: a regular segment
                    // (one fstatat for its identity) or a plain subdirectory.
                    if listedType == .regular {
                        if let identity = SystemCalls.identity(in: descriptor, name) {
                            found.append((Segment(path: path, relativePath: relativePath, displayPath: concatenate(displayPrefix, name)), identity))
                            continue
                        }
                        // Replaced since it was listed: examine it as below.
                    } else if listedType == .directory && !isSegmentName {
                        try walk(directory: path, relative: relativePath, root: root, displayName: displayName, into: &found)
                        continue
                    }
                    let display = join(displayName, relativePath)
                    var type = SystemCalls.fileType(path)
                    if type == .symlink {
                        guard let target = SystemCalls.realPath(path) else { continue }  // dangling: nothing to read
                        guard target == root || target.hasPrefix(root + "/") else {
                            // Git keeps only the link, not what it leads to: a segment, or a folder
                            // of them, outside the log would be read here and missing from the history.
                            if isSegmentName || SystemCalls.fileType(target) == .directory {
                                throw LogError.symlinkOutsideLog(path: display, target: target)
                            }
                            continue
                        }
                        type = SystemCalls.fileType(target)
                        // A folder inside the log is read where it really is; walking the link too
                        // would read its segments twice (or loop, for a link to an ancestor).
                        if type == .directory { continue }
                    }
                    switch type {
                    case .directory where isSegmentName:
                        throw LogError.segmentNotAFile(path: display)
                    case .directory:
                        try walk(directory: path, relative: relativePath, root: root, displayName: displayName, into: &found)
                    case .regular where isSegmentName:
                        found.append((Segment(path: path, relativePath: relativePath, displayPath: display), SystemCalls.identity(path)))
                    default:
                        if isSegmentName { throw LogError.segmentNotAFile(path: display) }
                    }
                }
            }
        }
    }

    private static func bytesPrecede(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { right in utf8Precedes(left, right) } }
    }

    package static func join(_ directory: String, _ relative: String) -> String {
        if directory.isEmpty || directory == "." { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
