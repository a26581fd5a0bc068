/// One site of the toggle in a file and what the cleanup did with it, or why it refused.
package struct CleanupSiteReport: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var symbol: String
    /// The rule applied, or nil when refused.
    public var rule: String?
    /// Why the site was refused, or nil when rewritten.
    public var refusal: String?
}

/// The cleanup of one file: every site, and the new bytes when all could be rewritten.
package struct FileCleanup: Sendable {
    /// The path as the scan shows it, and its absolute path.
    public var path: String
    public var absolutePath: String
    public var original: [UInt8]
    /// Nil when a site was refused.
    public var cleaned: [UInt8]?
    public var sites: [CleanupSiteReport]

    public var refused: [CleanupSiteReport] { sites.filter { $0.refusal != nil } }
    public var changed: Bool { cleaned != nil && cleaned != original }

    /// Plans the file: first every site judged on the file as it is (so each refusal is
    /// reported where it is), then, when none is refused, the sites rewritten one at a time
    /// from the last, the file lexed again after each.
    static func plan(path: String, absolutePath: String, bytes: [UInt8], finder: CleanupSiteFinder) -> FileCleanup {
        // The rules place edits and indentation by `\n`: a CRLF file is planned as its LF twin
        // (same lines and columns), and its cleaned bytes given their CRLF endings back.
        guard let lineFeedOnly = CRLFEndings.lineFeedTwin(of: bytes) else {
            return planLineFeed(path: path, absolutePath: absolutePath, bytes: bytes, finder: finder)
        }
        var result = planLineFeed(path: path, absolutePath: absolutePath, bytes: lineFeedOnly, finder: finder)
        result.original = bytes
        result.cleaned = result.cleaned.map(CRLFEndings.restored)
        return result
    }

    private static func planLineFeed(path: String, absolutePath: String, bytes: [UInt8], finder: CleanupSiteFinder) -> FileCleanup {
        let keep = finder.target.keep
        let source: CleanupSource
        do throws(SwiftTokenLimitExceeded) { source = try CleanupSource(bytes) } catch {
            // Not lexed, so its sites are unknown: the file is refused whole, and with it the plan.
            let refusal = CleanupSiteReport(line: 1, column: 1, symbol: finder.target.toggle, refusal: "the file is not read: \(error.reason)")
            return FileCleanup(path: path, absolutePath: absolutePath, original: bytes, cleaned: nil, sites: [refusal])
        }
        let sites = finder.sites(in: source, path: path)
        var reports: [CleanupSiteReport] = []
        for site in sites {
            let token = source.tokens[site.token]
            var report = CleanupSiteReport(line: token.line, column: token.column, symbol: site.symbol)
            switch outcome(site, source, sites: sites, keep: keep) {
            case .success(let outcome): report.rule = outcome.rule
            case .failure(let refusal): report.refusal = refusal.reason
            }
            reports.append(report)
        }
        var result = FileCleanup(path: path, absolutePath: absolutePath, original: bytes, cleaned: nil, sites: reports)
        guard result.refused.isEmpty else { return result }
        var current = bytes
        // Each step removes at least one site; the bound stops a rule that would not.
        for _ in 0..<(sites.count * 4 + 8) {
            guard let source = try? CleanupSource(current) else {
                result.sites.append(CleanupSiteReport(line: 1, column: 1, symbol: finder.target.toggle, refusal: "the rewritten file has more tokens than the limit for its size"))
                return result
            }
            let remaining = finder.sites(in: source, path: path)
            guard let site = remaining.last else {
                result.cleaned = current
                return result
            }
            let token = source.tokens[site.token]
            switch outcome(site, source, sites: remaining, keep: keep) {
            case .success(let outcome):
                guard let next = source.applying(outcome.edits), next != current else {
                    result.sites.append(
                        CleanupSiteReport(line: token.line, column: token.column, symbol: site.symbol, refusal: "the rewrite of this site changed nothing (edits overlap)"))
                    return result
                }
                current = next
            case .failure(let refusal):
                result.sites.append(
                    CleanupSiteReport(
                        line: token.line, column: token.column, symbol: site.symbol,
                        refusal: refusal.reason + " (found after the sites before it were rewritten)"))
                return result
            }
        }
        result.sites.append(CleanupSiteReport(line: 1, column: 1, symbol: finder.target.toggle, refusal: "the rewrite did not settle"))
        return result
    }

    private static func outcome(_ site: CleanupSite, _ source: CleanupSource, sites: [CleanupSite], keep: Bool) -> Result<ReadRewriter.Outcome, BooleanFolding.Refusal> {
        let reads = sites.compactMap { site -> ClosedRange<Int>? in
            if case .read(let range) = site.kind { return range }
            return nil
        }
        do throws(BooleanFolding.Refusal) {
            switch site.kind {
            case .read(let range):
                guard source.isPlaceable(range.lowerBound, range.upperBound) else { throw .init(reason: "the read holds a string the cleanup cannot place") }
                return .success(try ReadRewriter(source: source, reads: reads, keep: keep).rewrite(range))
            case .localBinding(let letToken, let read):
                guard let stop = source.end(read.upperBound) else { throw .init(reason: "the read holds a string the cleanup cannot place") }
                return .success(.init(edits: [source.removal(source.start(letToken)..<stop)], rule: "local bound to the toggle's value removed (its reads are folded)"))
            case .caseLabel(let range): return .success(try CaseRemoval(source: source).removeLabel(range))
            case .declaration(let name): return .success(try CaseRemoval(source: source).removeDeclaration(name))
            case .property(let range, let rule), .removedStatement(let range, let rule):
                guard let stop = source.end(range.upperBound) else { throw .init(reason: "a declaration holding a string the cleanup cannot place") }
                return .success(.init(edits: [source.removal(source.start(range.lowerBound)..<stop)], rule: rule))
            case .dictionaryEntry(let key, let colon): return .success(try CaseRemoval(source: source).removeEntry(key: key, colon: colon))
            case .unsupported(let reason): throw .init(reason: reason)
            }
        } catch {
            return .failure(error)
        }
    }
}
