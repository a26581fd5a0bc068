import LedgerPlatform
import LedgerModel
import Dispatch

/// When a read merges on a second thread (``MergePipeline``): the reader's setting, which
/// the caller passes in (the command line builds it from `TOGGLES_READ_THREADS`).
public struct ParallelMerge: Sendable, Equatable {
    /// nil: a second thread on machines with more than one core; 1: the calling thread only;
    /// 2 or more: a second thread whatever the machine (the pipeline uses two).
    public var threads: Int?
    /// Logs smaller than this are merged on the calling thread.
    public var minimumBytes: Int64

    public init(threads: Int? = nil, minimumBytes: Int64 = ParallelMerge.defaultMinimumBytes) {
        self.threads = threads
        self.minimumBytes = minimumBytes
    }

    public static let defaultMinimumBytes: Int64 = 4 << 20

    /// Whether a log of `totalBytes` repays a second thread.
    package func isWorthIt(totalBytes: Int64) -> Bool {
        guard totalBytes >= minimumBytes else { return false }
        if let threads { return threads > 1 }
        return SystemCalls.processorCount > 1
    }
}

/// Runs the merge (reading and decoding, about half of a replay) on a second thread while
/// the calling thread deduplicates and folds, handing events over in batches of 512.
///
/// Replay order, warnings, errors and their place in the stream are exactly those of the
/// single-threaded merge: the producer sends items in order and ends the stream with its
/// error, if any; the consumer stops the producer if the fold throws. Used when the reader's
/// ``ParallelMerge`` says the log is big enough to repay a thread.
package enum MergePipeline {
    private static let batchesInFlight = 4

    package static func run(
        cursors: [SegmentCursor], until: Timestamp?, decoder: FastEventDecoder, _ consume: (inout MergeBatch) throws -> Void
    ) throws {
        let channel = Channel<Batch>(capacity: batchesInFlight)
        let producer = ProducerState(cursors: cursors, decoder: decoder)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var batch = MergeBatch()
            var failure: (any Error)?
            do {
                try LogReader.produce(&producer.cursors, until: until, decoder: &producer.decoder, into: &batch) { full in
                    guard channel.send(Batch(items: full, end: nil)) else { throw Stopped() }
                    // A batch the fold has emptied keeps its storage: no allocation (and no
                    // page faults) per batch.
                    full = channel.takeEmptied()?.items ?? MergeBatch()
                }
            } catch is Stopped {
            } catch {
                failure = error
            }
            for cursor in producer.cursors { cursor.close() }
            _ = channel.send(Batch(items: batch, end: failure.map(End.failed) ?? .finished))
            finished.signal()
        }
        defer { finished.wait() }
        do {
            while true {
                var batch = channel.receive()
                try consume(&batch.items)
                batch.items.removeAll()
                let end = batch.end
                channel.giveBack(batch)
                switch end {
                case nil: continue
                case .finished?: return
                case .failed(let error)?: throw error
                }
            }
        } catch {
            channel.stop()
            throw error
        }
    }

    private struct Stopped: Error {}

    private enum End: @unchecked Sendable {
        case finished
        case failed(any Error)
    }

    private struct Batch: @unchecked Sendable {
        package var items: MergeBatch
        package var end: End?
    }

    /// The producer's cursors and decoder, used by the producing thread only.
    private final class ProducerState: @unchecked Sendable {
        package var cursors: [SegmentCursor]
        package var decoder: FastEventDecoder
        package init(cursors: [SegmentCursor], decoder: FastEventDecoder) {
            self.cursors = cursors
            self.decoder = decoder
        }
    }

    /// A bounded queue between one producer and one consumer: a ring of `capacity` slots,
    /// so a producer that stays ahead never makes it grow, and a pool of as many emptied
    /// items for the producer to fill again.
    package final class Channel<Item>: @unchecked Sendable {
        @exclusivity(unchecked) private var ring: [Item?]
        @exclusivity(unchecked) private var head = 0
        @exclusivity(unchecked) private var count = 0
        @exclusivity(unchecked) private var stopped = false
        private let lock = DispatchSemaphore(value: 1)
        private let free: DispatchSemaphore
        private let filled = DispatchSemaphore(value: 0)

        package init(capacity: Int) {
            ring = Array(repeating: nil, count: capacity)
            free = DispatchSemaphore(value: capacity)
        }

        /// Queues an item; false when the consumer has stopped (the item is dropped: nobody
        /// receives any more).
        package func send(_ item: Item) -> Bool {
            free.wait()
            lock.wait()
            defer { lock.signal() }
            if stopped { return false }
            ring[(head + count) % ring.count] = item
            count += 1
            filled.signal()
            return true
        }

        package func receive() -> Item {
            filled.wait()
            lock.wait()
            let item = ring[head].take()!
            head = (head + 1) % ring.count
            count -= 1
            lock.signal()
            free.signal()
            return item
        }

        @exclusivity(unchecked) private var emptied: [Item] = []

        /// An emptied item to fill again.
        package func takeEmptied() -> Item? {
            lock.wait()
            defer { lock.signal() }
            return emptied.popLast()
        }

        package func giveBack(_ item: Item) {
            lock.wait()
            defer { lock.signal() }
            if emptied.count < ring.count { emptied.append(item) }
        }

        /// The consumer gives up: the producer's next send fails, and it never blocks again.
        package func stop() {
            lock.wait()
            stopped = true
            lock.signal()
            for _ in 0..<1024 { free.signal() }
        }
    }
}

