import LedgerPlatform
import LedgerModel

/// Writes to a log directory: one new segment per batch, never an edit of an existing line.
///
/// A batch becomes `YYYY/MM/<first instant>-<toggle>-<hash>.jsonl`: written to a hidden
/// temporary file, fsynced, renamed into place, and the directory fsynced. A reader sees the
/// whole batch or none of it, and two git branches never touch the same file, so they merge
/// without conflicts. The name is derived from the content: the same batch written on two
/// branches is the same file.
///
/// Internal on purpose: it writes what it is given, unvalidated. A library user writes through
/// ``Ledger/append(_:dating:now:)``, which validates and holds the lock.
package struct LogWriter: Sendable {
    package let directory: String
    package let displayName: String

    package init(directory: String, displayName: String? = nil) {
        self.directory = directory
        self.displayName = displayName ?? directory
    }

    /// Runs `body` holding the log's exclusive lock (`.lock` in the log directory), creating
    /// the directory first if `create` is set.
    package func withLock<T>(creatingDirectory create: Bool, _ body: () throws -> T) throws -> T {
        if create {
            let created = try makeDirectories(directory)
            do {
                try writeGitignoreIfMissing()
            } catch {
                removeDirectories(created)
                throw error
            }
        } else if SystemCalls.fileType(directory) == nil {
            throw LogError.directoryMissing(path: displayName)
        }
        let lock = try FileLock(path: directory + "/.lock", displayName: SegmentDiscovery.join(displayName, ".lock"))
        let result = Result { try body() }
        _ = consume lock  // released here, after the body, whatever it did
        return try result.get()
    }

    /// The log directory's own `.gitignore`: the lock, interrupted temporary files and caches
    /// (every hidden file) stay out of git, wherever the log lives and whatever the
    /// repository's own `.gitignore` says.
    package static let gitignore = "# Written by toggles: local files of the log that never belong in git.\n.*\n!.gitignore\n"

    private func writeGitignoreIfMissing() throws {
        let path = directory + "/.gitignore"
        guard SystemCalls.fileType(path) == nil else { return }
        let temporaryPath = path + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let descriptor = try logIO { try SystemCalls.open(temporaryPath, OpenFlags.writeOnly | OpenFlags.create | OpenFlags.exclusive, mode: 0o644) }
        do {
            try Array(Self.gitignore.utf8).withUnsafeBytes { raw in try logIO { try SystemCalls.writeAll(descriptor, raw, path: path) } }
            SystemCalls.close(descriptor)
            try logIO { try SystemCalls.rename(temporaryPath, path) }
        } catch {
            // A full disk must not leave a stray temporary file next to the log.
            SystemCalls.close(descriptor)
            SystemCalls.unlink(temporaryPath)
            throw error
        }
    }

    /// Writes `events` (already validated, any order) as one new segment, sorted into replay
    /// order. Returns the segment's path as shown to the user.
    @discardableResult
    package func writeSegment(_ events: [Event]) throws -> String {
        precondition(!events.isEmpty, "a segment holds at least one event")
        let sorted = events.inReplayOrder()
        let bytes = Self.encode(sorted)
        let first = sorted[0]
        let (year, month, _) = first.at.date.components
        let folder = String(year) + "/" + twoDigits(month)
        let oneToggle = sorted.withUnsafeBufferPointer { events in events.indices.allSatisfy { events[$0].toggle == first.toggle } }
        let label = oneToggle ? String(first.toggle.prefix(80)) : "batch-\(sorted.count)"
        let name = Self.compactTime(first.at) + "-" + label + "-" + ByteHash.fnv1aHex(bytes.bytes) + ".jsonl"
        let folderPath = directory + "/" + folder
        let finalPath = folderPath + "/" + name
        let display = SegmentDiscovery.join(displayName, folder + "/" + name)
        let createdFolders = try makeDirectories(folderPath)
        if SystemCalls.fileType(finalPath) != nil {
            // Same name means same bytes: this exact batch is already in the log.
            return display
        }
        removeAbandonedTemporaryFiles(in: folderPath)
        let temporaryPath = folderPath + "/.tmp-" + name + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        do {
            // The temporary file is an implementation detail: errors name the segment.
            let descriptor: Int32
            do {
                descriptor = try logIO { try SystemCalls.open(temporaryPath, OpenFlags.writeOnly | OpenFlags.create | OpenFlags.exclusive, mode: 0o644) }
            } catch LogError.io(_, _, let code) {
                throw LogError.io(path: display, operation: "create", errno: code)
            }
            do {
                try logIO { try SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer(bytes.bytes), path: display) }
                try logIO { try SystemCalls.sync(descriptor, path: display) }
                SystemCalls.close(descriptor)
                do {
                    try logIO { try SystemCalls.rename(temporaryPath, finalPath) }
                } catch LogError.io(_, _, let code) {
                    throw LogError.io(path: display, operation: "create", errno: code)
                }
                try logIO { try SystemCalls.syncDirectory(folderPath) }
            } catch {
                SystemCalls.close(descriptor)
                SystemCalls.unlink(temporaryPath)
                throw error
            }
        } catch {
            // A month folder made for this segment goes too: a failed append leaves nothing.
            removeDirectories(createdFolders)
            throw error
        }
        return display
    }

    /// The segment's bytes: one line per event, in the given order.
    package static func encode(_ events: [Event]) -> OutputBuffer {
        var bytes = OutputBuffer(capacity: 64 * 1024)
        events.withUnsafeBufferPointer { events in
            // Sized from the first events so a big batch is not moved on every doubling;
            // memory reserved but never written costs nothing.
            let sample = min(events.count, 64)
            guard let first = events.baseAddress else { return }
            // Through the pointer, so the event is read in place rather than copied.
            for index in 0..<sample {
                EventCodec.write(first + index, to: &bytes)
                bytes.append(0x0A)
            }
            if sample < events.count {
                bytes.reserve(bytes.count / max(sample, 1) * (events.count - sample) * 5 / 4 + 4096)
            }
            for index in sample..<events.count {
                EventCodec.write(first + index, to: &bytes)
                bytes.append(0x0A)
            }
        }
        return bytes
    }

    /// Repairs what a killed or foreign writer left at the end of segments: a complete last
    /// event without a newline gets its newline; a torn fragment is moved to
    /// `<segment>.torn` (so nothing is lost) and cut from the segment.
    package func repair(_ warnings: [LogWarning]) throws -> [String] {
        var repaired: [String] = []
        for warning in warnings {
            switch warning {
            case .missingFinalNewline(let location, let offset):
                let path = try physicalPath(of: location)
                let descriptor = try logIO { try SystemCalls.open(path, OpenFlags.writeOnly) }
                defer { SystemCalls.close(descriptor) }
                guard try logIO({ try SystemCalls.fileSize(descriptor, path: location.file) }) == offset else { continue }
                let newline: [UInt8] = [0x0A]
                try logIO { try SystemCalls.truncate(descriptor, to: offset, path: location.file) }
                SystemCalls.seek(descriptor, to: offset)
                try newline.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws in
                    try logIO { try SystemCalls.writeAll(descriptor, raw, path: location.file) }
                }
                try logIO { try SystemCalls.sync(descriptor, path: location.file) }
                repaired.append("\(location): added the missing final newline")
            case .tornTail(let location, let byteCount, let offset):
                let path = try physicalPath(of: location)
                let descriptor = try logIO { try SystemCalls.open(path, OpenFlags.readWrite) }
                defer { SystemCalls.close(descriptor) }
                guard try logIO({ try SystemCalls.fileSize(descriptor, path: location.file) }) == offset + Int64(byteCount) else { continue }
                var fragment = [UInt8](repeating: 0, count: byteCount)
                _ = try fragment.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) throws -> Int in
                    try logIO { try SystemCalls.pread(descriptor, into: raw.baseAddress!, count: byteCount, offset: offset, path: location.file) }
                }
                let tornPath = path + ".torn"
                let tornDescriptor = try logIO { try SystemCalls.open(tornPath, OpenFlags.writeOnly | OpenFlags.create | OpenFlags.append, mode: 0o644) }
                defer { SystemCalls.close(tornDescriptor) }
                fragment.append(0x0A)
                try fragment.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws in
                    try logIO { try SystemCalls.writeAll(tornDescriptor, raw, path: tornPath) }
                }
                try logIO { try SystemCalls.sync(tornDescriptor, path: tornPath) }
                try logIO { try SystemCalls.truncate(descriptor, to: offset, path: location.file) }
                try logIO { try SystemCalls.sync(descriptor, path: location.file) }
                repaired.append("\(location): moved a torn line (\(byteCount) bytes) to \(location.file).torn")
            case .duplicateID:
                continue
            }
        }
        return repaired
    }

    private func physicalPath(of location: LineLocation) throws -> String {
        // Display paths are the log directory as given plus the relative path.
        let prefix = displayName == "." || displayName.isEmpty ? "" : (displayName.hasSuffix("/") ? displayName : displayName + "/")
        let relative = location.file.hasPrefix(prefix) ? String(location.file.dropFirst(prefix.count)) : location.file
        return directory + "/" + relative
    }

    /// Creates `path` and any missing parents; returns the directories it created, outermost first.
    @discardableResult
    private func makeDirectories(_ path: String) throws -> [String] {
        var current = path.hasPrefix("/") ? "" : "."
        var created: [String] = []
        var parents: [String] = []
        do {
            for component in path.split(separator: "/") where !component.isEmpty {
                let parent = current
                current = current.isEmpty ? "/" + component : current + "/" + component
                if try logIO({ try SystemCalls.makeDirectory(current) }) {
                    created.append(current)
                    parents.append(parent.isEmpty ? "/" : parent)
                }
            }
            for parent in parents { try logIO { try SystemCalls.syncDirectory(parent) } }
        } catch {
            removeDirectories(created)
            throw error
        }
        return created
    }

    /// Removes directories this writer created (`created`, outermost first), innermost first;
    /// one that is not empty stays.
    private func removeDirectories(_ created: [String]) {
        for path in created.reversed() { SystemCalls.removeEmptyDirectory(path) }
    }

    static func compactTime(_ instant: Timestamp) -> String {
        // 2026-11-22T10:00:00Z → 20261122T100000Z
        String(instant.description.prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
    }
}

extension LogWriter {
    /// Removes the hidden `.tmp-*` files a killed writer left in `folder`.
    ///
    /// Call only while holding the log's lock: every writer writes its temporary file under
    /// the lock, so any such file found then belongs to a writer that died before its
    /// rename. Readers never read them (hidden names are skipped); removing them keeps them
    /// out of `git add events/`. Failures are ignored: a stale file is harmless.
    func removeAbandonedTemporaryFiles(in folder: String) {
        guard let names = try? SystemCalls.directoryEntries(folder) else { return }
        for name in names where name.hasPrefix(".tmp-") {
            SystemCalls.unlink(folder + "/" + name)
        }
    }
}

/// An exclusive lock between processes on one machine, held on a side file with `flock(2)`.
///
/// `flock` belongs to the open file description, so unlike `fcntl` record locks it is not
/// dropped when some other descriptor for the same file is closed. It does not coordinate
/// machines; across CI jobs git's ref update (a rejected push) is the serialisation point.
struct FileLock: ~Copyable {
    private let descriptor: Int32

    /// - Parameter displayName: how errors name the lock file.
    init(path: String, displayName: String? = nil) throws {
        // Never through a symlink: `.lock -> ../outside` would make `create` write a file
        // outside the log (OpenFlags.create follows a dangling link), as a segment's link may not.
        let descriptor: Int32
        do {
            descriptor = try SystemCalls.open(path, OpenFlags.readWrite | OpenFlags.create | OpenFlags.noFollow, mode: 0o644)
        } catch {
            if SystemCalls.fileType(path) == .symlink {
                let target = SystemCalls.linkTarget(path) ?? "?"
                throw LogError.lockNotAFile(path: displayName ?? path, target: target)
            }
            throw (error as? SystemCallError).map(LogError.init) ?? error
        }
        if let code = SystemCalls.lockExclusively(descriptor) {
            SystemCalls.close(descriptor)
            throw LogError.io(path: path, operation: "lock", errno: code)
        }
        self.descriptor = descriptor
    }

    deinit {
        SystemCalls.unlock(descriptor)
        SystemCalls.close(descriptor)
    }
}
