/// Maps the paths a report names (log segments, scanned Swift files), which are relative to
/// the command's working directory, to paths relative to the repository root: GitHub
/// annotations, GitLab Code Quality and code scanning locate findings that way, whatever
/// directory the job ran the command in.
package struct RepositoryPaths: Sendable, Hashable {
    /// The repository root, an absolute path.
    public var root: String
    /// The directory relative paths in the report start from, an absolute path.
    public var workingDirectory: String
    private var keepsPaths = false

    public init(root: String, workingDirectory: String) {
        self.root = root
        self.workingDirectory = workingDirectory
    }

    /// Paths stay exactly as the report has them: the working directory is the root.
    public static let workingDirectoryIsRoot: RepositoryPaths = {
        var paths = RepositoryPaths(root: "/", workingDirectory: "/")
        paths.keepsPaths = true
        return paths
    }()

    /// `path` relative to the root, `.` and `..` resolved (`./events/a.jsonl` → `events/a.jsonl`);
    /// a path outside the root comes back absolute.
    public func relative(_ path: String) -> String {
        if keepsPaths { return path }
        let components = Self.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        let base = Self.normalized(root)
        guard components.count >= base.count, Array(components.prefix(base.count)) == base else {
            return "/" + components.joined(separator: "/")
        }
        let inside = components.dropFirst(base.count)
        return inside.isEmpty ? "." : inside.joined(separator: "/")
    }

    /// Whether `path` lies inside the root.
    public func contains(_ path: String) -> Bool {
        !relative(path).hasPrefix("/")
    }

    /// `path`, absolute, with `.` and `..` resolved (lexically: symbolic links stay).
    public static func absolute(_ path: String, from directory: String) -> String {
        "/" + normalized(path.hasPrefix("/") ? path : directory + "/" + path).joined(separator: "/")
    }

    private static func normalized(_ absolute: String) -> [String] {
        var components: [String] = []
        for component in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(String(component))
            }
        }
        return components
    }
}
