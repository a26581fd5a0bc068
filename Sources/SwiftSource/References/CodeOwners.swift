import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// A repository's CODEOWNERS file, read with GitHub's rules: who owns a path.
///
/// GitHub reads the first of `.github/CODEOWNERS`, `CODEOWNERS` and `docs/CODEOWNERS` that
/// exists. Each line is a pattern and the owners (`@user`, `@org/team`, an e-mail address);
/// the **last** matching line wins, and a matching line without owners leaves the path
/// unowned. Patterns follow gitignore's rules — `*`, `?`, `**`, a leading `/` or an inner `/`
/// anchors to the root, a trailing `/` matches directories only, and a pattern matching a
/// directory owns everything in it — except that `dir/*` owns only the files directly in
/// `dir`, and `!` negation and `[ ]` ranges do not exist (GitHub flags those lines; they are
/// skipped here and reported in ``problems``). Paths are case-sensitive.
package struct CodeOwners: Sendable {
    /// One line with a pattern.
    public struct Rule: Sendable, Hashable {
        /// The pattern as written.
        public var pattern: String
        /// Empty when the line leaves matching paths unowned.
        public var owners: [String]
        /// 1-based.
        public var line: Int
        fileprivate var segments: [String]
        fileprivate var directoryOnly: Bool
    }

    /// Where GitHub looks, in the order it looks; the first that exists is the only one used.
    public static let locations = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"]
    /// GitHub does not load a larger file.
    public static let maximumBytes = 3 * 1024 * 1024

    /// The file, relative to the repository root (`.github/CODEOWNERS`).
    public var file: String
    public private(set) var rules: [Rule] = []
    /// Lines GitHub would reject, each `file:line: what is wrong`; they are skipped.
    public private(set) var problems: [String] = []

    /// Parses the text of a CODEOWNERS file.
    public init(_ text: String, file: String) {
        self.file = file
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let tokens = Self.tokens(line)
            guard let pattern = tokens.first, !pattern.hasPrefix("#") else { continue }
            let owners = tokens.dropFirst().prefix { !$0.hasPrefix("#") }
            if let problem = Self.problem(pattern: pattern, owners: Array(owners)) {
                problems.append("\(file):\(number): \(problem)")
                continue
            }
            rules.append(Self.rule(pattern, owners: Array(owners), line: number))
        }
    }

    /// The CODEOWNERS file of the repository at `root` (a directory path), from the first
    /// location that exists; nil when there is none.
    public static func load(repositoryRoot root: String) throws(CodeScanError) -> CodeOwners? {
        for location in locations {
            let path = root.hasSuffix("/") ? root + location : root + "/" + location
            do {
                let bytes = try WholeFile.read(path, displayName: location, maximumBytes: maximumBytes)
                return CodeOwners(String(decoding: bytes, as: UTF8.self), file: location)
            } catch .missing, .directory {
                continue
            } catch .tooLarge {
                var owners = CodeOwners("", file: location)
                owners.problems = ["\(location) is larger than 3 MB, which GitHub does not load; it is ignored"]
                return owners
            } catch {
                throw .unreadable(location, error.description)
            }
        }
        return nil
    }

    /// The last rule matching `path` (relative to the repository root, `/`-separated), or nil
    /// when none does. A rule with no owners means the path is explicitly unowned.
    public func rule(for path: String) -> Rule? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            .drop { $0 == "." }
        guard !components.isEmpty else { return nil }
        let path = Array(components)
        for rule in rules.reversed() where Self.matches(rule, path) { return rule }
        return nil
    }

    /// Whether `rule` owns the file `path`: it matches the file, or a directory holding it.
    private static func matches(_ rule: Rule, _ path: [String]) -> Bool {
        // `docs/*` owns the files in docs, not those in its subdirectories.
        let ownsContents = rule.segments.last != "*"
        for length in stride(from: path.count, through: 1, by: -1) {
            let isFile = length == path.count
            if isFile && rule.directoryOnly { continue }
            if !isFile && !ownsContents { break }
            if GitIgnore.match(rule.segments[...], path[..<length]) { return true }
        }
        return false
    }

    private static func rule(_ pattern: String, owners: [String], line: Int) -> Rule {
        var text = Substring(pattern)
        var directoryOnly = false
        if text.hasSuffix("/") {
            directoryOnly = true
            text = text.dropLast()
        }
        let anchored = text.contains("/")
        if text.hasPrefix("/") { text = text.dropFirst() }
        var segments = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if !anchored { segments.insert("**", at: 0) }
        return Rule(pattern: pattern, owners: owners, line: line, segments: segments, directoryOnly: directoryOnly)
    }

    /// Splits a line at unescaped spaces and tabs (`my\ dir/` is one pattern).
    private static func tokens(_ line: Substring) -> [String] {
        var tokens: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == " " || character == "\t" {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// Why GitHub would reject the line, or nil.
    private static func problem(pattern: String, owners: [String]) -> String? {
        if pattern.hasPrefix("!") { return "'\(pattern)': negation with ! is not supported in CODEOWNERS" }
        if pattern.contains("[") || pattern.contains("]") {
            return "'\(pattern)': character ranges with [ ] are not supported in CODEOWNERS"
        }
        if pattern.allSatisfy({ $0 == "/" }) { return "'\(pattern)' matches nothing; write * for every file" }
        if let bad = owners.first(where: { !isOwner($0) }) {
            return "'\(bad)' is not an owner; expected @user, @org/team or an e-mail address"
        }
        return nil
    }

    /// `@user`, `@org/team` or `name@domain`.
    private static func isOwner(_ text: String) -> Bool {
        func isName(_ part: Substring) -> Bool {
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        }
        if text.hasPrefix("@") {
            let parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            return (1...2).contains(parts.count) && parts.allSatisfy(isName)
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
    }
}
