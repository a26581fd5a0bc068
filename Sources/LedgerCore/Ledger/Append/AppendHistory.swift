import LedgerPlatform
import LedgerModel
import LedgerStore
/// What an append validates against, read under the lock: the log's replay, the batch's ids
/// it already holds, and what stands for each toggle's history.
package struct AppendHistory {
    /// What stands for a toggle's history in ``BatchValidation``.
    package enum Toggles {
        /// A checkpoint stood in for the history: every fresh event comes after the whole
        /// log, so each toggle's projected state is where its fresh events start from.
        case checkpoint(Projection)
        /// The logged events of each toggle the batch names, by group (``BatchOrdering``).
        case events([Int: [Event]])
    }

    package var replay: Replay
    /// The events of the log under an id of the batch, by id.
    package var recorded: [String: Event]
    package var toggles: Toggles
    /// How the log was read: from the checkpoint, or in full and why.
    package var path: ReplayPath
}

extension Ledger {
    /// Reads the log for an append of `events`, whose ids are the keys of `ids` and whose
    /// toggles are those of `numbering`. Undated events are dated (`dating`) once the log's
    /// last event is known, before anything compares their instants.
    func appendHistory(for events: inout [Event], ids: [String: Int], numbering: BatchOrdering.Numbering, dating: WriterDating.Step?) throws -> AppendHistory {
        guard SystemCalls.fileType(reader.directory) != nil else {
            dating?.date(&events, after: nil)
            return AppendHistory(replay: Replay(projection: Projection(), summary: ReadSummary(segmentCount: 0), path: .full(.noCheckpoint)),
                                 recorded: [:], toggles: .events([:]), path: .full(.noCheckpoint))
        }
        var whyNotCheckpoint = FullReplayReason.noCheckpoint
        let quick = try replayForAppend(probing: ids, whyNot: &whyNotCheckpoint)
        if let quick {
            dating?.date(&events, after: quick.replay.summary.lastKey)
            if let lastKey = quick.replay.summary.lastKey,
               // Events already in the log are set aside later; only the others must come after it.
               events.withUnsafeBufferPointer({ events in
                   events.indices.allSatisfy { quick.found[events[$0].id] != nil || lastKey < OrderKey(at: events[$0].at, id: events[$0].id) }
               }) {
                return AppendHistory(replay: quick.replay, recorded: quick.found, toggles: .checkpoint(quick.replay.projection), path: .checkpoint)
            }
        }
        // Most of the log's events have nothing to do with the batch: the prefilters turn
        // them away before the dictionaries are asked.
        let groupByToggle = numbering.groupByToggle
        let toggleFilter = StringPrefilter(groupByToggle.keys)
        let idFilter = StringPrefilter(ids.keys)
        var existingByGroup: [Int: [Event]] = [:]
        var recorded: [String: Event] = [:]
        let replay = try self.replay { logged in
            if toggleFilter.mayContain(logged.event.toggle), let group = groupByToggle[logged.event.toggle] {
                existingByGroup[group, default: []].append(logged.event)
            }
            if idFilter.mayContain(logged.event.id), ids[logged.event.id] != nil {
                recorded[logged.event.id] = logged.event
            }
        }
        if quick == nil { dating?.date(&events, after: replay.summary.lastKey) }
        // A checkpoint that served the log but not this batch: one of its events sorts before the checkpoint's end.
        return AppendHistory(replay: replay, recorded: recorded, toggles: .events(existingByGroup),
                             path: .full(quick == nil ? whyNotCheckpoint : .superseded))
    }
}
