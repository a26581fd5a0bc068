import LedgerPlatform
import LedgerModel
import LedgerStore
/// How a ``Ledger`` replays: passed in by the caller (the command line builds it from its
/// flags and environment), never read from the environment by the library.
public struct ReplayOptions: Sendable, Equatable {
    /// Whether replays may read and write the checkpoint (`events/.replay-checkpoint`); off,
    /// every replay is a full one (to measure it, or to rule the checkpoint out).
    public var usesCheckpoint: Bool
    /// A full replay writes a checkpoint only for logs of at least this many bytes: smaller
    /// ones replay fast enough without.
    public var checkpointMinimumLogBytes: Int64
    /// When a large log's merge runs on a second thread.
    public var parallelMerge: ParallelMerge

    public init(
        usesCheckpoint: Bool = true, checkpointMinimumLogBytes: Int64 = ReplayOptions.defaultCheckpointMinimumLogBytes,
        parallelMerge: ParallelMerge = ParallelMerge()
    ) {
        self.usesCheckpoint = usesCheckpoint
        self.checkpointMinimumLogBytes = checkpointMinimumLogBytes
        self.parallelMerge = parallelMerge
    }

    /// 4 MB.
    public static let defaultCheckpointMinimumLogBytes = ReplayCheckpoint.defaultMinimumLogBytes
}
