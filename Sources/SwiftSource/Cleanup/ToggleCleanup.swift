import LedgerPlatform

/// `toggles cleanup`'s engine: removes one toggle from Swift sources, keeping one value.
///
/// The files are found as `toggles scan` finds them (the same walk, `.gitignore` and
/// settings) and the toggle's sites are the scan's references; each is rewritten by a rule or
/// refused with a reason (docs/cleanup.md). A plan is all or nothing: ``CleanupPlan/isComplete``
/// only when no site anywhere was refused.
public struct ToggleCleanup: Sendable {
    public var toggle: String
    public var keep: Bool
    var scan: SwiftSourceScan

    public init(toggle: String, keep: Bool, toggleKinds: [String: ToggleKind] = [:], settings: SwiftScanSettings = SwiftScanSettings()) {
        self.toggle = toggle
        self.keep = keep
        // The toggle is known even when the log is not given (`--value`): its string keys count.
        scan = SwiftSourceScan(knownToggles: [toggle], toggleKinds: toggleKinds, settings: settings)
    }

    /// Plans the cleanup of `paths` (as typed) resolved against `currentDirectory`.
    public func plan(paths: [String], currentDirectory: String) throws -> CleanupPlan {
        let files = try scan.listFiles(paths: paths, currentDirectory: currentDirectory)
        let (facts, _, problems) = scan.declarationFacts(files)
        let declarations = facts.declarations.filter { $0.key == toggle }
        let target = CleanupTarget(toggle: toggle, cases: declarations.map { ($0.enumName, $0.caseName, $0.rawValue) }, keep: keep)
        var finder = CleanupSiteFinder(scanner: scan.scanner, facts: facts, target: target)
        // Only files whose bytes hold one of the toggle's spellings can name it: its log name in
        // each key style, its cases and raw values, the key constants whose value names it.
        var spellings = [toggle] + declarations.flatMap { [$0.caseName] + ($0.rawValue.map { [$0] } ?? []) }
        spellings += scan.scanner.spellings.filter { $0.value == toggle }.map(\.key)
        spellings += facts.keyConstants.filter { $0.value == toggle }.map(\.key)
        let needles = Set(spellings).map { Array($0.utf8) }
        var candidates: [(file: (display: String, absolute: String), bytes: [UInt8])] = []
        var unreadable = problems
        for file in files {
            switch SwiftSourceScan.readFile(file.absolute) {
            case .success(let bytes):
                if needles.contains(where: { Self.contains(bytes, $0) }) { candidates.append((file, bytes)) }
            case .failure(let error):
                unreadable.append("\(error)")
            }
        }
        // A read in one file is judged by the declaration in another (is the property a Bool?).
        finder.conventions = ConventionDeclarations.collect(candidates.map { ($0.file.display, $0.bytes) }, finder: finder)
        var planned: [FileCleanup] = []
        for candidate in candidates {
            let cleanup = FileCleanup.plan(path: candidate.file.display, absolutePath: candidate.file.absolute, bytes: candidate.bytes, finder: finder)
            if !cleanup.sites.isEmpty { planned.append(cleanup) }
        }
        return CleanupPlan(toggle: toggle, keep: keep, files: planned, fileCount: files.count, problems: unreadable)
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        // memchr to each candidate first byte, then memcmp (memmem is not in every libc's headers).
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                var position = 0
                let last = hay.count - pin.count
                while position <= last {
                    guard let found = RawMemory.first(pin[0], in: hay.baseAddress! + position, count: last - position + 1) else { return false }
                    let offset = hay.baseAddress!.distance(to: found)
                    if RawMemory.equal(hay.baseAddress! + offset, pin.baseAddress!, count: pin.count) { return true }
                    position = offset + 1
                }
                return false
            }
        }
    }
}

/// What a cleanup would do to every file that names the toggle.
public struct CleanupPlan: Sendable {
    public var toggle: String
    public var keep: Bool
    /// The files that name the toggle, in walk order.
    package var files: [FileCleanup]
    /// The `.swift` files walked.
    public var fileCount: Int
    public var problems: [String]

    /// Whether every site of every file can be rewritten (nothing is written otherwise).
    public var isComplete: Bool { files.allSatisfy { $0.refused.isEmpty && $0.cleaned != nil } }
    package var changedFiles: [FileCleanup] { files.filter(\.changed) }
    package var refusedSites: [(file: String, site: CleanupSiteReport)] {
        files.flatMap { file in file.refused.map { (file.path, $0) } }
    }
}
