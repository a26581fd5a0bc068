import LedgerPlatform
import LedgerModel

/// Where a log's checkpoint lives, and the key that binds it to this machine.
///
/// Never in the log directory: anything there can be committed (`git add -f`), and a
/// checkpoint from the repository would let whoever can commit choose the answer of every
/// command that reads the log. The checkpoint is kept in a folder of this machine's
/// (`~/.cache/toggles`, from ``ReplayOptions/checkpointFolder``), under
/// `checkpoints/<hash of the log directory's real path>`, and its checksum is keyed with 32
/// random bytes made once per folder (`key`, mode 0600; the folder 0700): a checkpoint
/// written anywhere else, or by anything that does not hold the key, fails its checksum and is
/// never read.
package struct CheckpointStore: Sendable {
    /// The folder of this machine's checkpoints.
    package let folder: String
    /// The checkpoint of this log.
    package let file: String

    /// Nil without a folder, or when the log directory has no real path (it does not exist).
    package init?(log directory: String, folder: String?) {
        guard let folder, !folder.isEmpty, let real = SystemCalls.realPath(directory) else { return nil }
        self.folder = folder
        let name = String(SegmentHash.hash(Array(real.utf8)), radix: 16)
        file = folder + "/checkpoints/" + String(repeating: "0", count: 16 - name.count) + name
    }

    private var keyPath: String { folder + "/key" }
    private static let keyLength = 32

    /// The folder's key; nil when there is none (nothing was ever written with this folder).
    package func key() -> [UInt8]? {
        guard let descriptor = try? SystemCalls.open(keyPath, OpenFlags.readOnly | OpenFlags.noFollow) else { return nil }
        defer { SystemCalls.close(descriptor) }
        var key = [UInt8](repeating: 0, count: Self.keyLength + 1)
        let count = key.withUnsafeMutableBytes {
            (try? SystemCalls.pread(descriptor, into: $0.baseAddress!, count: $0.count, offset: 0, path: keyPath)) ?? -1
        }
        return count == Self.keyLength ? Array(key.prefix(Self.keyLength)) : nil
    }

    /// The folder's key, made (with the folders) when missing. Two writers racing both end up
    /// with the one that was linked into place first.
    func makeKey() -> [UInt8]? {
        if let key = key() { return key }
        for path in [folder, folder + "/checkpoints"] where SystemCalls.fileType(path) == nil {
            var current = path.hasPrefix("/") ? "" : "."
            for component in path.split(separator: "/") where !component.isEmpty {
                current += "/" + component
                _ = try? SystemCalls.makeDirectory(current, mode: 0o700)
            }
        }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<Self.keyLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let temporary = keyPath + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        do {
            let descriptor = try SystemCalls.open(temporary, OpenFlags.writeOnly | OpenFlags.create | OpenFlags.exclusive | OpenFlags.noFollow, mode: 0o600)
            defer { SystemCalls.close(descriptor) }
            try key.withUnsafeBytes { try SystemCalls.writeAll(descriptor, $0, path: temporary) }
        } catch {
            SystemCalls.unlink(temporary)
            return nil
        }
        SystemCalls.hardLink(temporary, keyPath)  // fails when another writer's key is already there: use that one
        SystemCalls.unlink(temporary)
        return self.key()
    }
}
