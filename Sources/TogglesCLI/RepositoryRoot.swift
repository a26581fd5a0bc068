import Foundation
import ToggleLedger

/// The repository a command runs in: the nearest directory at or above the working
/// directory that holds `.git` (a directory, or a file in a worktree or submodule). CI
/// formats name files relative to it. Outside a repository the working directory stands in.
enum RepositoryRoot {
    static func paths(_ context: CommandContext) -> RepositoryPaths {
        let working = RepositoryPaths.absolute(context.currentDirectory, from: "/")
        var directory = working
        while true {
            if FileManager.default.fileExists(atPath: (directory == "/" ? "" : directory) + "/.git") {
                return RepositoryPaths(root: directory, workingDirectory: working)
            }
            guard directory != "/", let slash = directory.lastIndex(of: "/") else { break }
            directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
        }
        return RepositoryPaths(root: working, workingDirectory: working)
    }
}
