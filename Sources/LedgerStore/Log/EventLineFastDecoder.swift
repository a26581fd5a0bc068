import LedgerPlatform
import LedgerModel
/// Lets the CLI decode event lines with the reader's fast path before its general one.
package struct EventLineFastDecoder {
    private var decoder = FastEventDecoder()

    package init() {}

    /// The event on `line` when it is a plain, valid event; nil means "use the general path"
    /// (``JSONParser`` and ``EventCodec``), which decides and explains.
    package mutating func decode(_ line: UnsafeBufferPointer<UInt8>) -> Event? {
        decoder.decode(line)
    }
}
