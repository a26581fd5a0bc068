extension Array where Element == Event {
    /// The events in replay order (at, id), stable for equal keys. Events are large values:
    /// an array already in order (the usual case) is returned as is, and otherwise positions
    /// are sorted rather than the events themselves.
    func inReplayOrder() -> [Event] {
        var sorted = true
        for index in indices.dropFirst() where self[index].orderKey < self[index - 1].orderKey {
            sorted = false
            break
        }
        if sorted { return self }
        return indices.sorted { lhs, rhs in
            let left = self[lhs].orderKey
            let right = self[rhs].orderKey
            return left < right || (left == right && lhs < rhs)
        }.map { self[$0] }
    }
}

/// Lets the CLI decode event lines with the reader's fast path before its general one.
public struct EventLineFastDecoder {
    private var decoder = FastEventDecoder()

    public init() {}

    /// The event on `line` when it is a plain, valid event; nil means "use the general path"
    /// (``JSONParser`` and ``EventCodec``), which decides and explains.
    public mutating func decode(_ line: UnsafeBufferPointer<UInt8>) -> Event? {
        decoder.decode(line)
    }
}
