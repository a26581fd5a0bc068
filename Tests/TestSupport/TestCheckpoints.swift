import Foundation
import LedgerStore
import LedgerCore

/// Where the tests' checkpoints live: one folder of the temporary directory, as the command
/// line's is `~/.cache/toggles` (each log's file is named by its real path, so tests never share one).
package enum TestCheckpoints {
    package static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toggles-test-checkpoints").path

    /// The checkpoint file of the log at `path`.
    package static func file(forLog path: String) -> URL {
        URL(fileURLWithPath: CheckpointStore(log: path, folder: folder)!.file)
    }

    package static func store(forLog path: String) -> CheckpointStore {
        CheckpointStore(log: path, folder: folder)!
    }
}

extension ReplayOptions {
    /// Options that read and write a checkpoint for any log of at least `minimumLogBytes`, in
    /// ``TestCheckpoints/folder``.
    package static func checkpointing(minimumLogBytes: Int64 = 1) -> ReplayOptions {
        ReplayOptions(checkpointMinimumLogBytes: minimumLogBytes, checkpointFolder: TestCheckpoints.folder)
    }
}
