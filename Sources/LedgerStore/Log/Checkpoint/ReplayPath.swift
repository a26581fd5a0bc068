import LedgerPlatform
import LedgerModel
/// How a replay reached its answer: from the log's checkpoint plus the events added since, or
/// by reading the whole log. Both give the same answer; this says which one ran and, for a
/// full replay, why the checkpoint did not serve.
package enum ReplayPath: Sendable, Equatable {
    /// The checkpoint stood in for the events it covers.
    case checkpoint
    /// Every event was read.
    case full(FullReplayReason)
}

/// Why a replay read the whole log rather than starting from the checkpoint.
package enum FullReplayReason: Sendable, Equatable {
    /// The replay options turned the checkpoint off.
    case checkpointOff
    /// The caller observes every event, which a checkpoint cannot show.
    case observed
    /// No log yet, or no checkpoint, or one that cannot be read (corrupt, another version).
    case noCheckpoint
    /// A segment the checkpoint covered was changed or removed.
    case coveredSegmentChanged
    /// The replay stops before the checkpoint's last event.
    case untilBeforeCheckpoint
    /// So much was added since that a full replay (which refreshes the checkpoint) costs less.
    case farBehind
    /// An event added since sorts before the checkpoint's end, or repeats an id it covered
    /// (``CheckpointSuperseded``).
    case superseded
}
