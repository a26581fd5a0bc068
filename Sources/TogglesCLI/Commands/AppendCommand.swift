import ToggleLedger

/// `toggles append`: appends events given as JSON lines, all or nothing.
enum AppendCommand: Command {
    static let helpPage = """
        Append events given as JSON lines (stdin or --file), validated, all or nothing, as one segment.

        usage: toggles append [--file PATH]

        Each line is one event in the log's format. Missing envelope fields are filled in: "schema" (1), "id" (a new ULID;
        they count up line by line), "at" (now, after every event already in the log and every earlier line, so lines replay
        in the order given) and "actor" (as for the other commands). If any line is invalid or breaks a lifecycle rule,
        nothing is appended. Events whose id is already in the log are skipped.

        options:
          --file PATH  read the events from PATH instead of standard input
          --log

        examples:
          $ echo '{"type":"removed","toggle":"isSwiftUIEnabled","reason":"shipped"}' | toggles append
          $ toggles append --file imported.jsonl
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let source: String
        let events: [Event]
        let undated: [Int]
        // The input's bytes are an argument, not a local: they are freed once decoded.
        if let file = arguments.value("--file") {
            source = file
            (events, undated) = try decode(readFile(context.resolve(file), displayName: file), source: source, context)
        } else {
            source = "stdin"
            (events, undated) = try decode(context.standardInput(), source: source, context)
        }
        guard !events.isEmpty else {
            context.note("no events in \(source); nothing appended")
            return .ok
        }
        return try CommonOptions.append(consume events, undated: undated, to: CommonOptions.ledger(arguments, context), context)
    }

    /// The events on the lines of `bytes`, in order (blank lines are skipped), and the
    /// positions of those without an "at", which the log dates.
    static func decode(_ bytes: [UInt8], source: String, _ context: CommandContext) throws -> (events: [Event], undated: [Int]) {
        try bytes.withUnsafeBufferPointer { buffer in
            var events: [Event] = []
            events.reserveCapacity(lineCount(buffer))
            var decoder = LineDecoder(source: source, context: context)
            var lineStart = 0
            while lineStart <= buffer.count {
                let lineEnd = newline(in: buffer, from: lineStart) ?? buffer.count
                try decoder.decode(UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), into: &events)
                lineStart = lineEnd + 1
            }
            return (events, decoder.undated)
        }
    }

    /// How many lines `buffer` has (newlines plus one): the events array is sized once.
    private static func lineCount(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 1
        var start = 0
        while let end = newline(in: buffer, from: start) {
            count += 1
            start = end + 1
        }
        return count
    }

    /// The position of the first newline at or after `start`.
    private static func newline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress,
            let found = memchr(base + start, 0x0A, buffer.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Decodes one line at a time, counting lines for messages.
    private struct LineDecoder {
        let source: String
        let context: CommandContext
        let now: Timestamp
        let ci: CIEnvironment
        let provenance: Provenance?
        var actor: String?
        var lineNumber = 0
        var fast = EventLineFastDecoder()
        /// Positions of the events given without an "at".
        var undated: [Int] = []
        /// Generated ids increase line by line, so lines at one instant keep their order.
        var ids = MonotonicEventIDs()

        init(source: String, context: CommandContext) {
            self.source = source
            self.context = context
            now = context.now()
            ci = CIEnvironment(context.environment)
            provenance = ci.provenance
        }

        mutating func decode(_ line: UnsafeBufferPointer<UInt8>, into events: inout [Event]) throws {
            lineNumber += 1
            var content = line
            if content.last == 0x0D { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
            if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            let lineNumber = lineNumber
            let source = source
            func reject(_ reason: String) -> CommandFailure {
                CommandFailure(status: .rejected, message: "\(source):\(lineNumber): \(reason); nothing was appended")
            }
            // A complete event (every envelope field given) takes the reader's fast path;
            // anything else is completed and checked below.
            if let event = fast.decode(content) {
                if let problem = EventID.problem(with: event.id) { throw reject(problem) }
                let needsSource = event.source == nil && provenance != nil
                events.append(event)
                if needsSource { events[events.count - 1].source = provenance }
                return
            }
            var object: JSONObject
            do {
                guard case .object(let parsed) = try JSONParser.parse(content) else {
                    throw reject("expected a JSON object (one event per line)")
                }
                object = parsed
            } catch let error as JSONError {
                throw reject("invalid JSON: \(error)")
            }
            if object["schema"] == nil { object.members.insert(.init("schema", .number(String(Event.currentSchema))), at: 0) }
            if object["at"] == nil {
                // A placeholder: the log dates the event when it appends it.
                object["at"] = .string(now.description)
                undated.append(events.count)
            }
            if object["id"] == nil {
                let at = object["at"]?.stringValue.flatMap(Timestamp.init(rfc3339:)) ?? now
                object["id"] = .string(ids.next(at: at))
            }
            if object["actor"] == nil {
                if actor == nil { actor = try ci.resolveActor(gitEmail: context.gitEmail) }
                object["actor"] = .string(actor!)
            }
            if object["source"] == nil, let provenance = ci.provenance {
                object["source"] = EventCodec.object(for: Event(id: "x", at: now, toggle: "x", actor: "x", change: .unknown(type: "x"), source: provenance))["source"]
            }
            do {
                let event = try EventCodec.decode(.object(object))
                if let problem = EventID.problem(with: event.id) { throw reject(problem) }
                // The writers' rule (WriteRules), checked here too so the message names the line.
                if case .unknown(let type) = event.change { throw reject(WriteRules.unknownTypeProblem(type)) }
                events.append(event)
            } catch let error as EventDecodingError {
                throw reject("invalid event: \(error)")
            }
        }
    }
}

import Foundation

/// Reads a whole file named on the command line; a failure is an I/O error (exit 2).
func readFile(_ path: String, displayName: String) throws -> [UInt8] {
    do {
        return try WholeFile.read(path, displayName: displayName)
    } catch {
        throw CommandFailure(status: .invalidLog, message: error.description)
    }
}
