import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
import Dispatch

/// Finds the `.swift` files under some paths and scans them for toggle references.
///
/// Directories are walked recursively, skipping `.build`, `.git` and whatever the
/// `.gitignore` files say (those inside the walked trees and those between the enclosing git
/// repository's root and the path). A file named explicitly is always scanned.
public struct SwiftSourceScan: Sendable {
    package var scanner: SwiftReferenceScanner
    /// Whether pass 2 passes over the files that hold none of the names a rule can match
    /// (``ReferencePrefilter``); off only to check that it changes nothing.
    var prefiltersFiles = true

    public init(knownToggles: Set<String> = [], toggleKinds: [String: ToggleKind] = [:], settings: SwiftScanSettings = SwiftScanSettings()) {
        scanner = SwiftReferenceScanner(knownToggles: knownToggles, toggleKinds: toggleKinds, settings: settings)
    }

    /// Scans `paths` (as the user typed them), resolved against `currentDirectory`.
    /// Throws ``CodeScanError`` when a path does not exist.
    public func run(paths: [String], currentDirectory: String) throws -> ScanResult {
        let files = try listFiles(paths: paths, currentDirectory: currentDirectory)
        // Files are read and lexed once per pass rather than kept: memory stays per file.
        // Without a log, the names discovery finds stand in for the log's (DiscoveredToggleNames.swift).
        let (scanner, facts, unreadable, problems) = discoveringFacts(files)
        let prefilter = prefiltersFiles ? ReferencePrefilter(names: scanner.referenceNames(facts)) : .none
        // Pass 2 on every core: each thread reads, lexes and scans every n-th file into its own
        // list, and notes where each file's references start and end in it.
        let threads = Self.threadCount
        let found = ConcurrentSlots(count: threads, initial: (references: [CodeReference](), problems: [String]()))
        let ranges = ConcurrentSlots(count: files.count, initial: 0..<0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var references: [CodeReference] = []
            var failures: [String] = []
            var names = SwiftNameTable()
            var memo = SwiftReferenceScanner.NameMemo()
            var buffer = ReadBuffer()
            for index in stride(from: thread, to: files.count, by: threads) where !unreadable.contains(index) {
                let start = references.count
                switch Self.lex(files[index], declarationsOnly: false, names: &names, buffer: &buffer, prefilter: prefilter) {
                case .success(let lexed): scanner.collectReferences(lexed, facts: facts, memo: &memo, into: &references)
                case .failure(let error): failures.append(error.problem(files[index].display))
                }
                ranges[index] = start..<references.count
            }
            found[thread] = (references, failures)
        }
        let references = Self.inFileOrder(
            files: files, declarations: SwiftReferenceScanner.declarationReferences(facts),
            chunks: { index in
                found[index % threads].references[ranges[index]]
            })
        return ScanResult(
            references: references, declarations: scanner.declaredToggles(facts), fileCount: files.count - unreadable.count,
            problems: problems + found.all.flatMap(\.problems))
    }

    private static var threadCount: Int { min(4, SystemCalls.processorCount) }

    /// Pass 1 on every core: each thread reads every n-th file and, when it has the bytes
    /// `enum`, lexes it and collects what it declares on its own; then the files' facts are
    /// merged in file order (lexing the files with `enum` serially was most of a real app's
    /// pass 1: 1,735 of WooCommerce's 4,056 files). Also the files that could not be read, and why.
    func declarationFacts(_ files: [(display: String, absolute: String)]) -> (SwiftReferenceScanner.EnumFacts, unreadable: Set<Int>, problems: [String]) {
        let merged = mergedDeclarationFacts(files)
        return (scanner.resolveFacts(merged.0), merged.unreadable, merged.problems)
    }

    /// The same before the decisions that need every file (``SwiftReferenceScanner/resolveFacts(_:)``).
    func mergedDeclarationFacts(_ files: [(display: String, absolute: String)]) -> (SwiftReferenceScanner.EnumFacts, unreadable: Set<Int>, problems: [String]) {
        let threads = Self.threadCount
        let found = ConcurrentSlots(count: files.count, initial: FileFinding.none)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var buffer = ReadBuffer()
            var names = SwiftNameTable()
            for index in stride(from: thread, to: files.count, by: threads) {
                switch Self.lex(files[index], declarationsOnly: true, names: &names, buffer: &buffer) {
                case .success(let lexed): found[index] = lexed.tokens.isEmpty ? .none : .declares(scanner.fileFacts(lexed))
                case .failure(let error): found[index] = .unreadable(error)
                }
            }
        }
        var problems: [String] = []
        var unreadable = Set<Int>()
        let facts = scanner.mergeFacts(fileCount: files.count) { index -> SwiftReferenceScanner.EnumFacts? in
            switch found[index] {
            case .none: return nil
            case .declares(let facts): return facts
            case .unreadable(let error):
                unreadable.insert(index)
                problems.append(error.problem(files[index].display))
                return nil
            }
        }
        return (facts, unreadable, problems)
    }

    /// What pass 1 found in one file.
    private enum FileFinding {
        case none
        case declares(SwiftReferenceScanner.EnumFacts)
        case unreadable(CodeScanError)
    }

    static func lex(
        _ file: (display: String, absolute: String), declarationsOnly: Bool, names: inout SwiftNameTable,
        buffer: inout ReadBuffer, prefilter: ReferencePrefilter = .none
    ) -> Result<SwiftReferenceScanner.LexedFile, CodeScanError> {
        read(file.absolute, into: &buffer).flatMap { bytes in
            // No `enum` nor `static` anywhere in the bytes and no type named for toggles: no case, key
            // constant, static member or toggle type to declare, no need to lex for pass 1.
            if declarationsOnly && !mayDeclare(bytes) { return .success(SwiftReferenceScanner.LexedFile(path: file.display, tokens: [])) }
            // Pass 2: none of the names a rule can match, no reference.
            if !declarationsOnly && !prefilter.mayReference(bytes) { return .success(SwiftReferenceScanner.LexedFile(path: file.display, tokens: [])) }
            do throws(SwiftTokenLimitExceeded) {
                var malformed: SwiftMalformedCode?
                var lexed = SwiftReferenceScanner.LexedFile(path: file.display, tokens: try SwiftLexer.tokenizeFile(bytes, names: &names, malformed: &malformed))
                if let malformed { return .failure(.malformed(file.display, line: malformed.line, column: malformed.column, reason: malformed.reason)) }
                if declarationsOnly { lexed.sections = ToggleTypeDiscovery.toggleSections(bytes) }
                return .success(lexed)
            } catch {
                return .failure(.tooManyTokens(file.display, limit: error.limit, byteCount: error.byteCount))
            }
        }
    }

    /// Whether `bytes` contain `word` (at most 16 bytes) anywhere, comments and strings included.
    package static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        precondition(count <= 16, "a word of at most 16 bytes")
        guard count > 0, bytes.count >= count, let base = bytes.baseAddress else { return false }
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: count)
        let raw = UnsafeRawPointer(base)
        // 16 positions at a time: the word's first and last bytes compared as vectors, the rest
        // only where both match (4.5 times as fast as the Horspool search this replaces).
        let first = SIMD16<UInt8>(repeating: needle[0])
        let last = SIMD16<UInt8>(repeating: needle[count - 1])
        var start = 0
        while start + 15 + count <= bytes.count {
            let heads = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
            let tails = raw.loadUnaligned(fromByteOffset: start + count - 1, as: SIMD16<UInt8>.self)
            if any((heads .== first) .& (tails .== last)) {
                for position in start..<(start + 16) where RawMemory.equal(base + position, needle.baseAddress!, count: count) { return true }
            }
            start += 16
        }
        while start + count <= bytes.count {
            if RawMemory.equal(base + start, needle.baseAddress!, count: count) { return true }
            start += 1
        }
        return false
    }

    package static func contains(_ bytes: [UInt8], _ word: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { contains($0, word) }
    }

    /// The bytes of the file at `path`, read at its size. A FIFO or a device is refused, not read.
    package static func readFile(_ path: String) -> Result<[UInt8], CodeScanError> {
        do {
            return .success(try WholeFile.read(path, displayName: path))
        } catch {
            return .failure(scanError(path, error))
        }
    }

    /// The same into `buffer`, whose memory the next file reuses (no allocation per file).
    package static func read(_ path: String, into buffer: inout ReadBuffer) -> Result<UnsafeBufferPointer<UInt8>, CodeScanError> {
        do {
            return .success(try buffer.read(path, displayName: path))
        } catch {
            return .failure(scanError(path, error))
        }
    }

    private static func scanError(_ path: String, _ error: FileReadError) -> CodeScanError {
        let reason =
            switch error {
            case .missing: SystemCalls.errorMessage(ErrorCode.noSuchFile)
            case .directory: SystemCalls.errorMessage(ErrorCode.isADirectory)
            case .unreadable(_, let code): SystemCalls.errorMessage(code)
            case .notARegularFile: "not a regular file (a FIFO, a device or a socket)"
            case .tooLarge(_, let maximum): "larger than \(WholeFile.size(maximum))"
            }
        return .unreadable(path, reason)
    }
}

/// Why a scan could not run.
public enum CodeScanError: Error, Sendable, CustomStringConvertible {
    case missing(String)
    case unreadable(String, String)
    /// `--explain` named a line past the end of the file: (path, line asked for, lines the file has).
    case lineBeyondEnd(String, line: Int, lines: Int)
    /// A file denser than ``SwiftLexer/maximumTokens(forBytes:)`` allows: not lexed, so memory stays bounded.
    case tooManyTokens(String, limit: Int, byteCount: Int)
    /// Code swiftc would read otherwise than the lexer (a NUL byte, an identifier not UTF-8): not scanned.
    case malformed(String, line: Int, column: Int, reason: String)

    /// The warning for `file`, passed over by a scan: the description, after the file unless it begins with it.
    func problem(_ file: String) -> String {
        if case .tooManyTokens = self { return description }
        if case .malformed = self { return description }
        return "\(file): \(description)"
    }

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no such file or directory"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .lineBeyondEnd(let path, let line, let lines): "\(path) has \(lines) line\(lines == 1 ? "" : "s"), so there is no line \(line)"
        case .tooManyTokens(let path, let limit, let byteCount): "\(path) is not scanned: \(SwiftTokenLimitExceeded(byteCount: byteCount, limit: limit).reason)"
        case .malformed(let path, let line, let column, let reason): "\(path):\(line):\(column): \(reason); the file is not scanned"
        }
    }
}
