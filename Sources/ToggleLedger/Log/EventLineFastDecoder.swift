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
