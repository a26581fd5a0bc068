import LedgerPlatform
import LedgerModel
import Dispatch
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// When a read merges on a second thread (``MergePipeline``): the reader's setting, which
/// the caller passes in (the command line builds it from `TOGGLES_READ_THREADS`).
package struct ParallelMerge: Sendable, Equatable {
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
    func isWorthIt(totalBytes: Int64) -> Bool {
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
enum MergePipeline {
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
        var cursors: [SegmentCursor]
        package var decoder: FastEventDecoder
        init(cursors: [SegmentCursor], decoder: FastEventDecoder) {
            self.cursors = cursors
            self.decoder = decoder
        }
    }

    /// A bounded queue between one producer and one consumer: a ring of `capacity` slots,
    /// so a producer that stays ahead never makes it grow, and a pool of as many emptied
    /// items for the producer to fill again.
    final class Channel<Item>: @unchecked Sendable {
        @exclusivity(unchecked) private var ring: [Item?]
        @exclusivity(unchecked) private var head = 0
        @exclusivity(unchecked) private var count = 0
        @exclusivity(unchecked) private var stopped = false
        private let lock = DispatchSemaphore(value: 1)
        private let free: DispatchSemaphore
        private let filled = DispatchSemaphore(value: 0)

        init(capacity: Int) {
            ring = Array(repeating: nil, count: capacity)
            free = DispatchSemaphore(value: capacity)
        }

        /// Queues an item; false when the consumer has stopped (the item is dropped: nobody
        /// receives any more).
        func send(_ item: Item) -> Bool {
            free.wait()
            lock.wait()
            defer { lock.signal() }
            if stopped { return false }
            ring[(head + count) % ring.count] = item
            count += 1
            filled.signal()
            return true
        }

        func receive() -> Item {
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
        func takeEmptied() -> Item? {
            lock.wait()
            defer { lock.signal() }
            return emptied.popLast()
        }

        func giveBack(_ item: Item) {
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

/// Events and warnings in replay order, handed from the merge to the fold a batch at a time.
///
/// The merge leaves two fields of most events for the folding side to fill: the id and the
/// toggle name travel as bytes (``identityBytes``), and ``materializeIdentities(names:)``
/// turns them into strings. That keeps the per-event allocation, and the name lookup, on
/// the thread that frees the events and owns the toggle numbering, when the merge runs on
/// another one (``MergePipeline``). Warnings are kept apart with the number of events
/// before them, so events are never wrapped or copied.
package struct MergeBatch: @unchecked Sendable {
    package static let size = 512
    package private(set) var events: [LoggedEvent] = []
    /// Per event, the hash ``SeenIDs`` files its id under, computed by the producer.
    private(set) var fingerprints: [UInt64] = []
    /// Each warning, after how many of `events` it was raised.
    package private(set) var warnings: [(position: Int, warning: LogWarning)] = []
    /// Set on the last batch when the read stopped at an event after its `until`.
    package var stoppedAtUntil = false
    /// The deferred ids and toggle names, back to back, in the first `identityByteCount`
    /// bytes (the storage is kept from batch to batch).
    private var identityBytes: [UInt8] = []
    private var identityByteCount = 0
    /// Per event: where its id (then its toggle name) starts in ``identityBytes``, or -1 when
    /// the event came complete.
    private var identities: [(start: Int32, idCount: Int32, toggleCount: Int32)] = []
    /// Scratch for ``materializeIdentities(names:)``: each deferred name's table hash.
    private var hashes: [UInt64] = []

    init() {
        events.reserveCapacity(Self.size)
        fingerprints.reserveCapacity(Self.size)
        identities.reserveCapacity(Self.size)
    }

    var isFull: Bool { events.count >= Self.size }

    /// Takes a complete event over: a copy would retain every field.
    package mutating func append(_ logged: consuming LoggedEvent) {
        fingerprints.append(SeenIDs.fingerprint(logged.event.id))
        identities.append((-1, 0, 0))
        events.append(consume logged)
    }

    /// Records the id and toggle name, as bytes valid only during the call, of the event
    /// ``append(identifiedBy:)`` appends next.
    mutating func appendIdentity(id: UnsafeBufferPointer<UInt8>, toggle: UnsafeBufferPointer<UInt8>) {
        precondition(identities.count == events.count, "appendIdentity twice without an event")
        fingerprints.append(SeenIDs.fingerprint(bytes: id))
        identities.append((Int32(identityByteCount), Int32(id.count), Int32(toggle.count)))
        let end = identityByteCount + id.count + toggle.count
        if end > identityBytes.count {
            identityBytes += repeatElement(0, count: max(end, 2 * identityBytes.count, 32 * Self.size) - identityBytes.count)
        }
        // Copied by hand: Array.append(contentsOf:) goes a byte at a time here.
        identityBytes.withUnsafeMutableBufferPointer { storage in
            let target = storage.baseAddress! + identityByteCount
            if let source = id.baseAddress { target.update(from: source, count: id.count) }
            if let source = toggle.baseAddress { (target + id.count).update(from: source, count: toggle.count) }
        }
        identityByteCount = end
    }

    /// Takes over the event whose id and toggle name ``appendIdentity(id:toggle:)`` recorded.
    package mutating func append(identifiedBy logged: consuming LoggedEvent) {
        precondition(identities.count == events.count + 1, "an event without its identity")
        events.append(consume logged)
    }

    /// The events, to lend them to the fold without copying (which retains every field).
    mutating func withEvents<Result>(_ body: (UnsafeMutableBufferPointer<LoggedEvent>) throws -> Result) rethrows -> Result {
        try events.withUnsafeMutableBufferPointer { try body($0) }
    }

    package mutating func append(_ warning: LogWarning) {
        warnings.append((events.count, warning))
    }

    /// Gives every event its id and interned toggle name, and its toggle number from `names`.
    /// Each name's table slot is prefetched a few events ahead, so the lookups rarely wait.
    mutating func materializeIdentities(names: inout StringInterner) {
        let identities = self.identities
        let distance = 12
        hashes.removeAll(keepingCapacity: true)
        identityBytes.withUnsafeBufferPointer { bytes in
            func toggle(_ identity: (start: Int32, idCount: Int32, toggleCount: Int32)) -> UnsafeBufferPointer<UInt8> {
                let start = Int(identity.start + identity.idCount)
                return UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(identity.toggleCount))])
            }
            for identity in identities {
                hashes.append(identity.start >= 0 ? StringInterner.tableHash(toggle(identity)) : 0)
            }
            for index in hashes.indices.prefix(distance) where identities[index].start >= 0 { names.prefetch(hash: hashes[index]) }
            events.withUnsafeMutableBufferPointer { events in
                for index in events.indices {
                    if index + distance < identities.count && identities[index + distance].start >= 0 {
                        names.prefetch(hash: hashes[index + distance])
                    }
                    let identity = identities[index]
                    guard identity.start >= 0 else {
                        events[index].toggleSlot = names.slot(of: events[index].event.toggle)
                        continue
                    }
                    let start = Int(identity.start)
                    events[index].event.id = String(decoding: bytes[start..<(start + Int(identity.idCount))], as: UTF8.self)
                    (events[index].event.toggle, events[index].toggleSlot) = names.internWithSlot(toggle(identity), hash: hashes[index])
                }
            }
        }
    }

    package mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        fingerprints.removeAll(keepingCapacity: true)
        warnings.removeAll()
        identityByteCount = 0
        identities.removeAll(keepingCapacity: true)
        stoppedAtUntil = false
    }
}
