// libFuzzer entry for the log reader, the event decoder, the write rules and the plist reader. Compiled together with the
// library's sources by Fuzz/run.sh (not part of `swift build` or `swift test`).
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A scratch log directory per fuzzing process, reused for every input.
nonisolated(unsafe) private var scratch: String = {
    var template = Array("/tmp/toggles-fuzz-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    mkdir(path + "/events", 0o755)
    return path + "/events"
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)

    // 1. The strict parser and the decoder, on the whole input as one line.
    do {
        let value = try JSONParser.parse(bytes)
        _ = try? EventCodec.decode(value)
    } catch {
        precondition(error.offset >= 0 && error.offset <= size && !error.reason.isEmpty, "bad JSONError \(error)")
    }

    // 2. The segment reader, on the input as a whole segment file (any number of lines).
    let path = scratch + "/s.jsonl"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(descriptor >= 0)
    var written = 0
    while written < size {
        let result = write(descriptor, data + written, size - written)
        precondition(result > 0)
        written += result
    }
    close(descriptor)
    let reader = LogReader(directory: scratch, displayName: "events")
    do {
        var count = 0
        let summary = try reader.read { _ in count += 1 }
        precondition(summary.eventCount == count)
    } catch let error as LogError {
        switch error {
        case .malformedLine(let location, let reason), .segmentOutOfOrder(let location, previous: let reason):
            precondition(location.file == "events/s.jsonl" && location.line >= 1 && !reason.isEmpty, "rejection without file, line or reason: \(error)")
        default:
            preconditionFailure("unexpected error \(error)")
        }
    } catch {
        preconditionFailure("unexpected error \(error)")
    }

    // 3. The history check, comparing the input with a cut and an extended copy of itself.
    let array = Array(bytes)
    _ = SegmentRevision.compare(old: array, new: Array(array.prefix(size / 2)))
    _ = SegmentRevision.compare(old: array, new: array + [0x0A])

    // 4. One rule for writing and reading: a decoded event the write rules accept is read
    //    back unchanged, and the stale policy judges it at the ends of time without trapping.
    if let value = try? JSONParser.parse(bytes), let event = try? EventCodec.decode(value) {
        if WriteRules.problem(with: event, now: nil) == nil {
            let line = EventCodec.encode(event)
            let back = try? EventCodec.decode(JSONParser.parse(line))
            precondition(back.map(EventCodec.encode) == line, "written but not read back: \(line)")
        }
        var state: ToggleState? = nil
        if Lifecycle.apply(event, to: &state) == nil, let state {
            for now in [Timestamp.earliest, event.at, .latest] { _ = StalePolicy.standard.evaluate(state, now: now) }
        }
    }

    // 5. The plist reader: a dictionary or an error naming a line, never a crash.
    do {
        _ = try PropertyListReader.dictionary(array, file: "f.plist")
    } catch {
        precondition(error.description.hasPrefix("f.plist"), "plist rejection without the file: \(error)")
    }
    return 0
}
