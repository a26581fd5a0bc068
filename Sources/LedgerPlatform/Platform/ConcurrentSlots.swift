/// Slots that the threads of one `DispatchQueue.concurrentPerform` fill, each thread its own
/// slots (a file's findings, a thread's references, a part of the output). Written through a
/// pointer: an array property would be one exclusive access for all threads. What the threads
/// wrote is read after `concurrentPerform` returns, which orders it.
package final class ConcurrentSlots<Element>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Element>

    package init(count: Int, initial: Element) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    package subscript(index: Int) -> Element {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    package var all: UnsafeMutableBufferPointer<Element> { slots }
}
