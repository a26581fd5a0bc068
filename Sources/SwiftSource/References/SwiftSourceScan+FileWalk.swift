import LedgerPlatform

/// Which `.swift` files a scan reads: directories walked in name order, skipping `.build`,
/// `.git`, `.swiftpm` and what the `.gitignore` files say.
extension SwiftSourceScan {
    /// Directory names never entered.
    public static let skippedDirectories: Set<String> = [".build", ".git", ".swiftpm"]

    /// The `.swift` files under `paths`, each once, as (display path, absolute path).
    func listFiles(paths: [String], currentDirectory: String) throws -> [(display: String, absolute: String)] {
        var files: [(display: String, absolute: String)] = []
        for path in paths {
            let absolute = path.hasPrefix("/") ? path : Self.join(currentDirectory, path)
            switch SystemCalls.fileType(absolute) {
            case nil: throw CodeScanError.missing(path)
            case .directory?:
                var ignore = GitIgnore()
                let prefix = Self.loadEnclosingIgnores(of: absolute, into: &ignore)
                let display = (path == "." || path == "./") ? "" : path
                walk(absolute: absolute, display: display, relative: prefix, ignore: ignore, into: &files)
            default:
                files.append((path, absolute))
            }
        }
        // One walk lists each path once; several PATHs may list a file twice. By bytes:
        // `Set<String>` took two files whose names differ only in Unicode normalization
        // (café in NFC and in NFD, both on disk) for one, and dropped one.
        guard paths.count > 1 else { return files }
        var seen = Set<[UInt8]>()
        return files.filter { seen.insert(Array($0.absolute.utf8)).inserted }
    }

    private func walk(absolute: String, display: String, relative: String, ignore: GitIgnore, into files: inout [(display: String, absolute: String)]) {
        // The directory entry's type saves a stat per file (a third of the walk's time); the
        // file system may not give it, and then lstat decides.
        guard let entries = try? SystemCalls.withDirectoryEntries(absolute, skipHidden: false, { _, entries in entries }) else { return }
        // A directory that can be listed but not searched (`chmod 644`): no entry can be
        // examined or read, and each is skipped, as `lstat` failing on each says.
        if let first = entries.first, SystemCalls.examinationError(Self.join(absolute, first.name)) == ErrorCode.permissionDenied { return }
        var ignore = ignore
        if entries.contains(where: { $0.name == ".gitignore" }), case .success(let bytes) = Self.readFile(Self.join(absolute, ".gitignore")) {
            ignore.add(String(decoding: bytes, as: UTF8.self), base: relative)
        }
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            let name = entry.name
            let isSwift = name.hasSuffix(".swift")
            // A name that is not UTF-8 was repaired (U+FFFD) when it became a String: the path
            // built from it may not exist, so `lstat` decides, as for an unknown type.
            var type = name.unicodeScalars.contains("\u{FFFD}") ? nil : entry.type
            if type == .regular && !isSwift { continue }
            let childAbsolute = Self.join(absolute, name)
            if type == nil { type = SystemCalls.fileType(childAbsolute) }
            if type == .symlink {
                // Follow links to files, never to directories (no cycles).
                type = SystemCalls.isRegularFile(followingLinks: childAbsolute) ? .regular : nil
            }
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            switch type {
            case .directory?:
                if Self.skippedDirectories.contains(name) || ignore.isIgnored(childRelative, isDirectory: true) { continue }
                walk(absolute: childAbsolute, display: display.isEmpty ? name : Self.join(display, name), relative: childRelative, ignore: ignore, into: &files)
            case .regular? where isSwift:
                if ignore.isIgnored(childRelative, isDirectory: false) { continue }
                files.append((display.isEmpty ? name : Self.join(display, name), childAbsolute))
            default: continue
            }
        }
    }

    /// Loads the `.gitignore`s from the enclosing repository's root down to `directory`
    /// (exclusive of `directory` itself, read by the walk); returns `directory` relative to
    /// that root ("" when there is no repository).
    static func loadEnclosingIgnores(of directory: String, into ignore: inout GitIgnore) -> String {
        guard let real = SystemCalls.realPath(directory) else { return "" }
        // The directory is a repository's root itself: the walk reads its .gitignore.
        if SystemCalls.fileType(join(real, ".git")) != nil { return "" }
        var components = real.split(separator: "/").map(String.init)
        var ancestors: [String] = []
        while !components.isEmpty {
            components.removeLast()
            ancestors.append("/" + components.joined(separator: "/"))
            if SystemCalls.fileType(join(ancestors.last!, ".git")) != nil { break }
            if components.isEmpty { return "" }
        }
        guard let root = ancestors.last, SystemCalls.fileType(join(root, ".git")) != nil else { return "" }
        let rootCount = root == "/" ? 0 : root.split(separator: "/").count
        let inside = real.split(separator: "/").dropFirst(rootCount).map(String.init)
        for depth in 0..<inside.count {
            let base = inside.prefix(depth).joined(separator: "/")
            let directoryPath = base.isEmpty ? root : join(root, base)
            if case .success(let bytes) = readFile(join(directoryPath, ".gitignore")) {
                ignore.add(String(decoding: bytes, as: UTF8.self), base: base)
            }
        }
        return inside.joined(separator: "/")
    }

    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
