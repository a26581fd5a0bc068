import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// The lines `toggles append` prints for the events it wrote, one per event:
/// `<type> <toggle> at <at> by <actor> (id <id>)`, sanitized for the terminal.
package enum AppendReportRenderer {
    /// One event's line, without the newline.
    package static func line(for event: Event) -> String {
        TerminalText.sanitize("\(event.type) \(event.toggle) at \(event.at) by \(event.actor) (id \(event.id))")
    }

    /// Every event's ``line(for:)`` and a newline, handed to `write` in chunks of whole lines
    /// of about `chunkSize` bytes: a batch of 100,000 events is 100,000 lines, built as bytes
    /// rather than as 100,000 strings.
    package static func render(_ events: [Event], chunkSize: Int = 1 << 16, _ write: (String) -> Void) {
        var output = OutputBuffer(capacity: chunkSize + 1024)
        events.withUnsafeBufferPointer { events in
            guard let first = events.baseAddress else { return }
            for index in 0..<events.count {
                let event = first + index
                let start = output.count
                output.append(event.pointee.type)
                output.append(UInt8(ascii: " "))
                output.append(event.pointee.toggle)
                output.append(" at ")
                event.pointee.at.writeDescription(to: &output)
                output.append(" by ")
                output.append(event.pointee.actor)
                output.append(" (id ")
                output.append(event.pointee.id)
                output.append(UInt8(ascii: ")"))
                // Printable ASCII has nothing to sanitize; anything else takes the general path.
                let line = UnsafeBufferPointer(rebasing: output.bytes[start...])
                if !OutputBuffer.isPrintableASCII(line) {
                    let sanitized = TerminalText.sanitize(String(decoding: line, as: UTF8.self))
                    output.truncate(to: start)
                    output.append(sanitized)
                }
                output.append(0x0A)
                if output.count >= chunkSize {
                    write(String(decoding: output.bytes, as: UTF8.self))
                    output.removeAll()
                }
            }
        }
        if output.count > 0 { write(String(decoding: output.bytes, as: UTF8.self)) }
    }
}
