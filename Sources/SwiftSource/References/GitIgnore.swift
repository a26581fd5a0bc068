import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// The patterns of `.gitignore` files, for deciding which files a scan skips.
///
/// Supported: blank lines and `#` comments, `!` negation (the last matching pattern wins),
/// a trailing `/` (directories only), a leading or inner `/` (anchored to the `.gitignore`'s
/// directory), `*`, `?`, `[abc]`/`[a-z]`/`[!a]` within a name, and `**` across directories
/// (`**/name`, `dir/**`, `a/**/b`), backslash escapes. As in git, a file inside an ignored
/// directory stays ignored whatever a later `!` says (the directory is never entered).
struct GitIgnore: Sendable {
    package struct Rule: Sendable {
        /// The directory of the `.gitignore`, relative to the scan base, "" for the base.
        package var base: String
        package var segments: [String]
        var negated: Bool
        var directoryOnly: Bool
        /// ``base``'s components and ``segments`` as UTF-8, made once: matching them as
        /// strings, converted on every call, cost 3% of a scan.
        fileprivate var baseBytes: [[UInt8]] = []
        fileprivate var segmentBytes: [[UInt8]] = []
        /// For `**/name`, the name: the path's last component matches it or the rule does not apply.
        fileprivate var lastNameOnly: [UInt8]?
    }

    package private(set) var rules: [Rule] = []

    init() {}

    /// Adds the patterns of one `.gitignore` whose directory is `base` (relative, "" for the root).
    package mutating func add(_ text: String, base: String) {
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            // Trailing spaces are ignored unless escaped.
            while line.hasSuffix(" ") && !line.hasSuffix("\\ ") { line = line.dropLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            var negated = false
            if line.hasPrefix("!") {
                negated = true
                line = line.dropFirst()
            } else if line.hasPrefix("\\!") || line.hasPrefix("\\#") {
                line = line.dropFirst()
            }
            var directoryOnly = false
            if line.hasSuffix("/") {
                directoryOnly = true
                line = line.dropLast()
            }
            if line.isEmpty { continue }
            let anchored = line.contains("/")
            if line.hasPrefix("/") { line = line.dropFirst() }
            var segments = line.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            if !anchored { segments.insert("**", at: 0) }
            var rule = Rule(base: base, segments: segments, negated: negated, directoryOnly: directoryOnly)
            rule.segmentBytes = segments.map { Array($0.utf8) }
            // As in git, a pattern with an unclosed `[` matches nothing; kept, it cost a scan of
            // the rest of the line at every position of every name (0.25 s a file for `*[` and 1 MB).
            if rule.segmentBytes.contains(where: Self.hasUnclosedClass) { continue }
            rule.baseBytes = base.utf8.split(separator: UInt8(ascii: "/")).map(Array.init)
            if segments.count == 2 && segments[0] == "**" && segments[1] != "**" { rule.lastNameOnly = rule.segmentBytes[1] }
            rules.append(rule)
        }
    }

    /// Whether `path` (relative to the scan base, `/`-separated) is ignored.
    func isIgnored(_ path: String, isDirectory: Bool) -> Bool {
        guard !rules.isEmpty else { return false }
        var ignored = false
        // The components as slices of one array: an array per component, and the matcher's
        // tables per rule, were most of the walk's work (13,000 instructions a file).
        let bytes = Array(path.utf8)
        let components = bytes.split(separator: UInt8(ascii: "/"))
        for rule in rules {
            if rule.directoryOnly && !isDirectory { continue }
            var relative = components[...]
            if !rule.baseBytes.isEmpty {
                guard components.count > rule.baseBytes.count,
                    zip(rule.baseBytes, components).allSatisfy({ $0.elementsEqual($1) })
                else { continue }
                relative = components.dropFirst(rule.baseBytes.count)
            }
            let matched =
                if let name = rule.lastNameOnly {
                    // `**/name` (an unanchored pattern): the last component alone decides.
                    relative.last.map { Self.matchName(name[...], $0) } ?? false
                } else {
                    Self.match(rule.segmentBytes[...], relative)
                }
            if matched { ignored = !rule.negated }
        }
        return ignored
    }

    /// Whether the pattern's segments match the path's components. Dynamic programming over
    /// (segment, component) rather than trying each `**` recursively: that took exponential
    /// time on a pattern such as `**/**/…/x` (a hostile CODEOWNERS or .gitignore line).
    package static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        let segments = pattern.map { Array($0.utf8) }
        if segments.contains(where: hasUnclosedClass) { return false }
        return match(segments[...], path.map { Array($0.utf8) }[...])
    }

    /// Whether `segment` has a `[` (not escaped) that no `]` closes: git's wildmatch gives up
    /// on such a pattern, which then matches nothing. Linear: one pass, as the class reader reads.
    static func hasUnclosedClass(_ segment: [UInt8]) -> Bool {
        var i = 0
        while i < segment.count {
            let c = segment[i]
            if c == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            guard c == UInt8(ascii: "[") else {
                i += 1
                continue
            }
            // As matchClass reads it: `!` or `^` first, then a `]` that is not the first member closes.
            var j = i + 1
            if j < segment.count && (segment[j] == UInt8(ascii: "!") || segment[j] == UInt8(ascii: "^")) { j += 1 }
            var first = true
            while j < segment.count && !(segment[j] == UInt8(ascii: "]") && !first) {
                first = false
                j += 1
            }
            guard j < segment.count else { return true }
            i = j + 1
        }
        return false
    }

    /// ``match(_:_:)-(ArraySlice<String>,_)`` on the components' UTF-8.
    static func match<Component: Collection<UInt8>>(_ pattern: ArraySlice<[UInt8]>, _ path: ArraySlice<Component>) -> Bool where Component.Index == Int {
        let names = Array(path)
        // matchesRest[j]: the segments after the current one match names[j...].
        var matchesRest = [Bool](repeating: false, count: names.count + 1)
        matchesRest[names.count] = true
        var isLastSegment = true
        for segment in pattern.reversed() {
            var matchesHere = [Bool](repeating: false, count: names.count + 1)
            if segment.count == 2 && segment[0] == UInt8(ascii: "*") && segment[1] == UInt8(ascii: "*") {
                if isLastSegment {
                    // `dir/**` matches everything inside dir (at least one component).
                    for j in 0..<names.count { matchesHere[j] = true }
                } else {
                    // `**` takes zero or more components: the rest matches here or later.
                    matchesHere[names.count] = matchesRest[names.count]
                    for j in stride(from: names.count - 1, through: 0, by: -1) { matchesHere[j] = matchesRest[j] || matchesHere[j + 1] }
                }
            } else {
                for j in 0..<names.count where matchesRest[j + 1] {
                    matchesHere[j] = matchName(segment[...], names[j])
                }
            }
            matchesRest = matchesHere
            isLastSegment = false
        }
        return matchesRest[0]
    }

    /// fnmatch for one path component: `*`, `?`, `[…]`, `\x`.
    static func matchName<Name: Collection<UInt8>>(_ pattern: ArraySlice<UInt8>, _ name: Name) -> Bool where Name.Index == Int {
        var p = pattern.startIndex, n = name.startIndex
        var starP: Int?, starN = 0
        while n < name.endIndex {
            if p < pattern.endIndex {
                let c = pattern[p]
                if c == UInt8(ascii: "*") {
                    while p < pattern.endIndex && pattern[p] == UInt8(ascii: "*") { p += 1 }
                    starP = p
                    starN = n
                    continue
                }
                if c == UInt8(ascii: "?") {
                    p += 1; n += 1
                    continue
                }
                if c == UInt8(ascii: "["), let (matched, next) = matchClass(pattern, from: p, name[n]) {
                    if matched {
                        p = next; n += 1
                        continue
                    }
                } else {
                    var literal = c
                    var next = p + 1
                    if c == UInt8(ascii: "\\") && next < pattern.endIndex {
                        literal = pattern[next]
                        next += 1
                    }
                    if literal == name[n] {
                        p = next; n += 1
                        continue
                    }
                }
            }
            guard let star = starP else { return false }
            starN += 1
            n = starN
            p = star
        }
        while p < pattern.endIndex && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// Matches `[…]` at `start`; nil when the bracket is not closed (then it is a literal `[`).
    private static func matchClass(_ pattern: ArraySlice<UInt8>, from start: Int, _ byte: UInt8) -> (Bool, Int)? {
        var i = start + 1
        var negate = false
        if i < pattern.endIndex && (pattern[i] == UInt8(ascii: "!") || pattern[i] == UInt8(ascii: "^")) {
            negate = true
            i += 1
        }
        var matched = false
        var first = true
        while i < pattern.endIndex {
            let c = pattern[i]
            if c == UInt8(ascii: "]") && !first { return (matched != negate, i + 1) }
            first = false
            if i + 2 < pattern.endIndex && pattern[i + 1] == UInt8(ascii: "-") && pattern[i + 2] != UInt8(ascii: "]") {
                if byte >= c && byte <= pattern[i + 2] { matched = true }
                i += 3
            } else {
                if byte == c { matched = true }
                i += 1
            }
        }
        return nil
    }
}
