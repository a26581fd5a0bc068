/// Slots that the threads of one `DispatchQueue.concurrentPerform` fill, each thread its own
/// slots (a file's findings, a thread's references, a part of the output). Written through a
/// pointer: an array property would be one exclusive access for all threads. What the threads
/// wrote is read after `concurrentPerform` returns, which orders it.
final class ConcurrentSlots<Element>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Element>

    init(count: Int, initial: Element) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    subscript(index: Int) -> Element {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    var all: UnsafeMutableBufferPointer<Element> { slots }
}
