import ToggleLedger

/// `toggles append`: appends events given as JSON lines, all or nothing.
enum AppendCommand: Command {
    static let spec = CommandSpec(
        name: "append",
        summary: "Append events given as JSON lines (stdin or --file), validated, all or nothing, as one segment.",
        synopsis: "append [--file PATH]",
        options: [
            .value("--file", "PATH", "read the events from PATH instead of standard input"),
            CommonOptions.log,
        ],
        discussion: """
            Each line is one event in the log's format. Missing envelope fields are filled in: \
            "schema" (1), "id" (a new ULID), "at" (now) and "actor" (as for the other commands). \
            If any line is invalid or breaks a lifecycle rule, nothing is appended. \
            Events whose id is already in the log are skipped.
            """,
        examples: [
            #"echo '{"type":"removed","toggle":"isSwiftUIEnabled","reason":"shipped"}' | toggles append"#,
            "toggles append --file imported.jsonl",
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let source: String
        let bytes: [UInt8]
        if let file = arguments.value("--file") {
            source = file
            bytes = try readFile(context.resolve(file), displayName: file)
        } else {
            source = "stdin"
            bytes = context.standardInput()
        }
        let now = context.now()
        let ci = CIEnvironment(context.environment)
        var actor: String?
        var events: [Event] = []
        var lineNumber = 0
        var fast = EventLineFastDecoder()
        let provenance = ci.provenance
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var content = Array(line)
            if content.last == 0x0D { content.removeLast() }
            if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            func reject(_ reason: String) -> CommandFailure {
                CommandFailure(status: .rejected, message: "\(source):\(lineNumber): \(reason); nothing was appended")
            }
            // A complete event (every envelope field given) takes the reader's fast path;
            // anything else is completed and checked below.
            if var event = content.withUnsafeBufferPointer({ fast.decode($0) }) {
                if let problem = EventID.problem(with: event.id) { throw reject(problem) }
                if event.source == nil { event.source = provenance }
                events.append(event)
                continue
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
            if object["at"] == nil { object["at"] = .string(now.description) }
            if object["id"] == nil {
                let at = object["at"]?.stringValue.flatMap(Timestamp.init(rfc3339:)) ?? now
                object["id"] = .string(EventID.generate(at: at))
            }
            if object["actor"] == nil {
                if actor == nil { actor = ci.resolveActor(gitEmail: context.gitEmail) }
                object["actor"] = .string(actor!)
            }
            if object["source"] == nil, let provenance = ci.provenance {
                object["source"] = EventCodec.object(for: Event(id: "x", at: now, toggle: "x", actor: "x", change: .unknown(type: "x"), source: provenance))["source"]
            }
            do {
                let event = try EventCodec.decode(.object(object))
                if let problem = EventID.problem(with: event.id) { throw reject(problem) }
                events.append(event)
            } catch let error as EventDecodingError {
                throw reject("invalid event: \(error)")
            }
        }
        guard !events.isEmpty else {
            context.note("no events in \(source); nothing appended")
            return .ok
        }
        return try CommonOptions.append(events, to: CommonOptions.ledger(arguments, context), context)
    }
}

import Foundation

/// Reads a whole file named on the command line; a failure is an I/O error (exit 2).
func readFile(_ path: String, displayName: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        throw CommandFailure(status: .invalidLog, message: exists
            ? (isDirectory.boolValue ? "\(displayName) is a directory; expected a file" : "cannot read \(displayName)")
            : "\(displayName) does not exist")
    }
    return Array(data)
}
