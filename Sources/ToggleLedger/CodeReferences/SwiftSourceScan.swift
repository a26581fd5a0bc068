import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Finds the `.swift` files under some paths and scans them for toggle references.
///
/// Directories are walked recursively, skipping `.build`, `.git` and whatever the
/// `.gitignore` files say (those inside the walked trees and those between the enclosing git
/// repository's root and the path). A file named explicitly is always scanned.
public struct SwiftSourceScan: Sendable {
    package var scanner: SwiftReferenceScanner
    /// Directory names never entered.
    public static let skippedDirectories: Set<String> = [".build", ".git", ".swiftpm"]

    public init(knownToggles: Set<String> = [], toggleKinds: [String: ToggleKind] = [:], settings: SwiftScanSettings = SwiftScanSettings()) {
        scanner = SwiftReferenceScanner(knownToggles: knownToggles, toggleKinds: toggleKinds, settings: settings)
    }

    /// Scans `paths` (as the user typed them), resolved against `currentDirectory`.
    /// Throws ``CodeScanError`` when a path does not exist.
    public func run(paths: [String], currentDirectory: String) throws -> ScanResult {
        let files = try listFiles(paths: paths, currentDirectory: currentDirectory)
        // Files are read and lexed once per pass rather than kept: memory stays per file.
        let (facts, unreadable, problems) = declarationFacts(files)
        // Pass 2 on every core: each thread reads, lexes and scans every n-th file into its own list.
        let threads = Self.threadCount
        let results = PassResults(count: threads)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var references: [CodeReference] = []
            var fileOfReference: [Int] = []
            var failures: [String] = []
            var names = SwiftNameTable()
            var memo = SwiftReferenceScanner.NameMemo()
            for index in stride(from: thread, to: files.count, by: threads) where !unreadable.contains(index) {
                switch Self.lex(files[index], declarationsOnly: false, names: &names) {
                case .success(let lexed): scanner.collectReferences(lexed, facts: facts, memo: &memo, into: &references)
                case .failure(let error): failures.append("\(files[index].display): \(error)")
                }
                fileOfReference += repeatElement(index, count: references.count - fileOfReference.count)
            }
            results.slots[thread] = (references, fileOfReference, failures)
        }
        var references = SwiftReferenceScanner.declarationReferences(facts)
        // Sorted by the files' ranks, which pass 2 knows by index: no path is hashed or compared per reference.
        let ranks = Self.displayRanks(files)
        let rankOfDisplay = Dictionary(files.indices.map { (files[$0].display, ranks[$0]) }) { first, _ in first }
        var fileRanks = references.compactMap { rankOfDisplay[$0.file] }
        for slot in results.all {
            references.append(contentsOf: slot.references)
            fileRanks += slot.files.map { ranks[$0] }
        }
        if fileRanks.count == references.count { references.sortByPosition(fileRanks: fileRanks) } else { references.sortByPosition() }
        return ScanResult(references: references, declarations: facts.declarations, fileCount: files.count - unreadable.count,
                          problems: problems + results.all.flatMap(\.problems))
    }

    private static var threadCount: Int { max(1, min(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) }

    /// Pass 1: which files declare anything (read on every core, as a serial read of every file
    /// cost a tenth of the scan's time), then the declarations of those, in file order. Also the
    /// files that could not be read, and why.
    package func declarationFacts(_ files: [(display: String, absolute: String)]) -> (SwiftReferenceScanner.EnumFacts, unreadable: Set<Int>, problems: [String]) {
        let threads = Self.threadCount
        // Per file: 0 nothing to declare, 1 has `enum`, 2 unreadable. Each thread writes its own files' bytes.
        let findings = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: files.count)
        findings.initialize(repeating: 0)
        defer { findings.deallocate() }
        nonisolated(unsafe) let shared = findings
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: files.count, by: threads) {
                switch Self.readFile(files[index].absolute) {
                case .success(let bytes): shared[index] = Self.contains(bytes, "enum") ? 1 : 0
                case .failure: shared[index] = 2
                }
            }
        }
        var problems: [String] = []
        var unreadable = Set<Int>()
        var names = SwiftNameTable()
        let facts = scanner.collectFacts(fileCount: files.count) { index in
            // Read again only when it may declare something (or to say why it cannot be read).
            if findings[index] == 0 { return SwiftReferenceScanner.LexedFile(path: files[index].display, tokens: []) }
            switch Self.lex(files[index], declarationsOnly: true, names: &names) {
            case .success(let lexed): return lexed
            case .failure(let error):
                unreadable.insert(index)
                problems.append("\(files[index].display): \(error)")
                return nil
            }
        }
        return (facts, unreadable, problems)
    }

    /// What each thread of pass 2 found: its references, the file index of each, its problems.
    /// Each thread writes only its own slot, through a pointer: a class's array property would
    /// be one exclusive access for all threads.
    private final class PassResults: @unchecked Sendable {
        package let count: Int
        package let slots: UnsafeMutablePointer<(references: [CodeReference], files: [Int], problems: [String])>

        package init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: ([], [], []), count: count)
        }

        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
        }

        package var all: UnsafeMutableBufferPointer<(references: [CodeReference], files: [Int], problems: [String])> {
            UnsafeMutableBufferPointer(start: slots, count: count)
        }
    }

    package static func lex(_ file: (display: String, absolute: String), declarationsOnly: Bool, names: inout SwiftNameTable) -> Result<SwiftReferenceScanner.LexedFile, CodeScanError> {
        readFile(file.absolute).map { bytes in
            // No `enum` anywhere in the bytes: nothing to declare, no need to lex for pass 1.
            if declarationsOnly && !contains(bytes, "enum") { return SwiftReferenceScanner.LexedFile(path: file.display, tokens: []) }
            return SwiftReferenceScanner.LexedFile(path: file.display, tokens: SwiftLexer.tokenize(bytes, names: &names))
        }
    }

    /// The `.swift` files under `paths`, each once, as (display path, absolute path).
    package func listFiles(paths: [String], currentDirectory: String) throws -> [(display: String, absolute: String)] {
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
        var seen = Set<String>()
        return files.filter { seen.insert($0.absolute).inserted }
    }

    private func walk(absolute: String, display: String, relative: String, ignore: GitIgnore, into files: inout [(display: String, absolute: String)]) {
        var ignore = ignore
        if case .success(let bytes) = Self.readFile(Self.join(absolute, ".gitignore")) {
            ignore.add(String(decoding: bytes, as: UTF8.self), base: relative)
        }
        guard let names = try? SystemCalls.directoryEntries(absolute) else { return }
        for name in names.sorted() {
            let childAbsolute = Self.join(absolute, name)
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            let childDisplay = display.isEmpty ? name : Self.join(display, name)
            var type = SystemCalls.fileType(childAbsolute)
            if type == .symlink {
                // Follow links to files, never to directories (no cycles).
                var info = stat()
                type = stat(childAbsolute, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? .regular : nil
            }
            switch type {
            case .directory?:
                if Self.skippedDirectories.contains(name) || ignore.isIgnored(childRelative, isDirectory: true) { continue }
                walk(absolute: childAbsolute, display: childDisplay, relative: childRelative, ignore: ignore, into: &files)
            case .regular? where name.hasSuffix(".swift"):
                if ignore.isIgnored(childRelative, isDirectory: false) { continue }
                files.append((childDisplay, childAbsolute))
            default: continue
            }
        }
    }

    /// Loads the `.gitignore`s from the enclosing repository's root down to `directory`
    /// (exclusive of `directory` itself, read by the walk); returns `directory` relative to
    /// that root ("" when there is no repository).
    package static func loadEnclosingIgnores(of directory: String, into ignore: inout GitIgnore) -> String {
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

    /// Whether `bytes` contain `word` anywhere (comments and strings included).
    package static func contains(_ bytes: [UInt8], _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard count > 0, bytes.count >= count else { return false }
        // Horspool: compare at the window's last byte and skip by the table, about a quarter
        // of the bytes for `enum`. The byte-by-byte loop this replaces cost 4% of a scan.
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: count)
        var skip = [Int](repeating: count, count: 256)
        for index in 0..<(count - 1) { skip[Int(needle[index])] = count - 1 - index }
        let last = needle[count - 1]
        return bytes.withUnsafeBufferPointer { haystack in
            var end = count - 1
            while end < haystack.count {
                let byte = haystack[end]
                if byte == last {
                    var offset = 1
                    while offset < count && haystack[end - offset] == needle[count - 1 - offset] { offset += 1 }
                    if offset == count { return true }
                }
                end += skip[Int(byte)]
            }
            return false
        }
    }

    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The bytes of the file at `path`, read at its size (the 64 KB buffer zeroed for every file
    /// before cost 13% of a scan). A FIFO or a device is refused, not read.
    package static func readFile(_ path: String) -> Result<[UInt8], CodeScanError> {
        do {
            return .success(try WholeFile.read(path, displayName: path))
        } catch {
            let reason = switch error {
            case .missing: SystemCalls.errorMessage(ENOENT)
            case .directory: SystemCalls.errorMessage(EISDIR)
            case .unreadable(_, let code): SystemCalls.errorMessage(code)
            case .notARegularFile: "not a regular file (a FIFO, a device or a socket)"
            case .tooLarge(_, let maximum): "larger than \(WholeFile.size(maximum))"
            }
            return .failure(.unreadable(path, reason))
        }
    }
}

/// Why a scan could not run.
public enum CodeScanError: Error, Sendable, CustomStringConvertible {
    case missing(String)
    case unreadable(String, String)
    /// `--explain` named a line past the end of the file: (path, line asked for, lines the file has).
    case lineBeyondEnd(String, line: Int, lines: Int)

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no such file or directory"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .lineBeyondEnd(let path, let line, let lines): "\(path) has \(lines) line\(lines == 1 ? "" : "s"), so there is no line \(line)"
        }
    }
}
