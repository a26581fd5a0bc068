import LedgerPlatform
import LedgerModel
import LedgerStore
/// How a ``Ledger`` replays: passed in by the caller (the command line builds it from its
/// flags and environment), never read from the environment by the library.
package struct ReplayOptions: Sendable, Equatable {
    /// Whether replays may read and write the checkpoint; off, every replay is a full one (to
    /// measure it, or to rule the checkpoint out).
    public var usesCheckpoint: Bool
    /// This machine's folder of checkpoints (the command line's is `~/.cache/toggles`), outside
    /// any repository: a checkpoint is never kept where git could carry it
    /// (``CheckpointStore``). Nil: no checkpoint is read or written.
    public var checkpointFolder: String?
    /// A full replay writes a checkpoint only for logs of at least this many bytes: smaller
    /// ones replay fast enough without.
    public var checkpointMinimumLogBytes: Int64
    /// When a large log's merge runs on a second thread.
    public var parallelMerge: ParallelMerge

    public init(
        usesCheckpoint: Bool = true, checkpointMinimumLogBytes: Int64 = ReplayOptions.defaultCheckpointMinimumLogBytes,
        parallelMerge: ParallelMerge = ParallelMerge(), checkpointFolder: String? = nil
    ) {
        self.usesCheckpoint = usesCheckpoint
        self.checkpointFolder = checkpointFolder
        self.checkpointMinimumLogBytes = checkpointMinimumLogBytes
        self.parallelMerge = parallelMerge
    }

    /// 4 MB.
    public static let defaultCheckpointMinimumLogBytes = ReplayCheckpoint.defaultMinimumLogBytes

    /// Where this ledger's checkpoint is, when one may be read or written.
    func checkpointStore(log directory: String) -> CheckpointStore? {
        usesCheckpoint ? CheckpointStore(log: directory, folder: checkpointFolder) : nil
    }
}
