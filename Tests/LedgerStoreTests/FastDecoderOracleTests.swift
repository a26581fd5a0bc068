import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The fast decoder against the general one (JSONParser + EventCodec), with Foundation's
/// JSONSerialization as a second opinion on JSON validity: on every line they must agree.
@Suite struct FastDecoderOracleTests {
    /// What the fast path says and what the general path says about one line.
    struct Verdicts {
        var fast: Event?
        var general: Result<Event, LogError>
    }

    static func verdicts(_ line: String, decoder: inout FastEventDecoder) -> Verdicts {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let line = UnsafeBufferPointer(buffer)
            return Verdicts(fast: decoder.decode(line), general: EventLineDecoder.decodeGeneral(line, location: LineLocation(file: "x", line: 1)))
        }
    }

    /// The fast path may decline a line, never contradict the general path.
    static func expectAgreement(_ line: String, decoder: inout FastEventDecoder, sourceLocation: SourceLocation = #_sourceLocation) {
        let verdicts = verdicts(line, decoder: &decoder)
        if let fast = verdicts.fast {
            guard case .success(let general) = verdicts.general else {
                Issue.record("fast path accepted a line the general path rejects: \(line)", sourceLocation: sourceLocation)
                return
            }
            #expect(fast == general, "fast and general decoders differ on \(line)", sourceLocation: sourceLocation)
        }
        if case .success(let event) = verdicts.general {
            // Foundation must find the same JSON object.
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "JSONSerialization rejects a line the parser accepted: \(line)", sourceLocation: sourceLocation)
            #expect(object?["id"] as? String == event.id, sourceLocation: sourceLocation)
            #expect(object?["toggle"] as? String == event.toggle, sourceLocation: sourceLocation)
            #expect(object?["actor"] as? String == event.actor, sourceLocation: sourceLocation)
            #expect(object?["type"] as? String == event.type, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3, 42])
    func generatedLinesAgreeAndMostTakeTheFastPath(seed: UInt64) {
        var decoder = FastEventDecoder()
        let lines = EventLogGenerator.lines(count: 2_000, seed: seed)
        var fastCount = 0
        for line in lines {
            Self.expectAgreement(line, decoder: &decoder)
            if Self.verdicts(line, decoder: &decoder).fast != nil { fastCount += 1 }
        }
        // Unknown fields and types, escapes and non-ASCII take the general path; the rest must not.
        #expect(fastCount > lines.count / 2, "only \(fastCount) of \(lines.count) lines took the fast path")
    }

    @Test(arguments: [7 as UInt64, 8, 9])
    func mutatedLinesAgree(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var decoder = FastEventDecoder()
        let replacements: [[UInt8]] = [
            [], Array("\"".utf8), Array("\\".utf8), Array(",".utf8), Array("}".utf8), Array(" ".utf8), [0x00], [0x1F], [0x7F],
            [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xFF], Array("\\u".utf8), Array("\\uD800".utf8), Array("01".utf8), Array("-".utf8),
            Array("1.".utf8), Array("null".utf8), Array("\"schema\":1,".utf8), Array("\"id\":\"x\",".utf8), Array("{".utf8), Array("[".utf8),
        ]
        for line in EventLogGenerator.lines(count: 400, seed: seed) {
            for _ in 0..<12 {
                var bytes = Array(line.utf8)
                let position = Int.random(in: 0..<bytes.count, using: &random)
                let length = Int.random(in: 0...3, using: &random)
                bytes.replaceSubrange(position..<min(bytes.count, position + length), with: replacements.randomElement(using: &random)!)
                // Lines with invalid UTF-8 cannot be a String; check them on the bytes.
                if let text = String(validating: bytes, as: UTF8.self) {
                    Self.expectAgreement(text, decoder: &decoder)
                } else {
                    bytes.withUnsafeBufferPointer { buffer in
                        #expect(decoder.decode(buffer) == nil, "fast path accepted invalid UTF-8")
                        if case .success = EventLineDecoder.decodeGeneral(buffer, location: LineLocation(file: "x", line: 1)) {
                            Issue.record("general path accepted invalid UTF-8")
                        }
                    }
                }
            }
        }
    }

    /// Lines chosen to sit on every edge of the envelope's rules.
    @Test(arguments: [
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a"}"#,
        #" { "schema" : 1 , "id" : "a" , "at" : "2026-01-01T00:00:00Z" , "type" : "removed" , "toggle" : "t" , "actor" : "a" } "#,
        #"{"schema":1.0,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":-0,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":2,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":"1","id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":1,"id":"","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-02-30T00:00:00Z","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:60Z","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01t00:00:00.123456789z","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00.1234567891Z","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T01:00:00+01:00","type":"removed","toggle":"t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"1t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t-t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":""}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a","actor":"b"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a","reason":null}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a","kind":"local"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"","toggle":"t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"rem\u006fved","toggle":"t","actor":"a"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"created","toggle":"t","actor":"a","kind":"local","valueType":"bool","default":1,"category":"release"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"created","toggle":"t","actor":"a","kind":"local","valueType":"json","default":null,"category":"release"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"created","toggle":"t","actor":"a","kind":"local","valueType":"bool","default":true,"category":""}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"created","toggle":"t","actor":"a","kind":"Local","valueType":"bool","default":true,"category":"x"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"created","toggle":"t","actor":"a","kind":"local","valueType":"bool","default":true,"category":"x","expires":"2027-13-01"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"created","toggle":"t","actor":"a","kind":"local","valueType":"bool","default":true}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"published","toggle":"t","actor":"a","value":null}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"published","toggle":"t","actor":"a","conditions":[]}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"published","toggle":"t","actor":"a","conditions":{}}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"published","toggle":"t","actor":"a","conditions":[{"name":"a","expression":"x"},{"name":"a","expression":"y"}]}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"published","toggle":"t","actor":"a","conditions":[{"name":"","expression":"x"}]}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"published","toggle":"t","actor":"a","conditions":[{"name":"a"}]}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"published","toggle":"t","actor":"a","conditions":[{"name":"a","expression":"x","value":1,"value":2}]}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"expiry-extended","toggle":"t","actor":"a","expires":"2027-01-01"}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"expiry-extended","toggle":"t","actor":"a","expires":"2027-01-01","reason":""}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"unpublished","toggle":"t","actor":"a","templateVersion":7}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a","source":{"ci":"x","extra":1}}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a","source":{"ci":null}}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a","source":[]}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a"} x"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a",}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"t","actor":"a""#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"published","toggle":"t","actor":"a","conditions":[{"name":"a","expression":"x","managed":{"rolloutValue":{"p":5}}}]}"#,
        #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"published","toggle":"t","actor":"a","managed":{"rolloutValue":{}}}"#,
        #"{}"#, #"[]"#, #""#, #"   "#, #"null"#,
    ])
    func edgeCasesAgree(line: String) {
        var decoder = FastEventDecoder()
        Self.expectAgreement(line, decoder: &decoder)
    }

    /// Every line of every fixture in the repository (other suites' too) and of its own log.
    @Test func fixturesAndTheRepositoryLogAgree() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Tests", "events"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "jsonl" { files.append(url) }
            }
        }
        #expect(!files.isEmpty, "no .jsonl files found under Tests/ or events/")
        var decoder = FastEventDecoder()
        var lineCount = 0
        for file in files {
            let data = try Data(contentsOf: file)
            for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
                lineCount += 1
                if let text = String(validating: line, as: UTF8.self) {
                    Self.expectAgreement(text, decoder: &decoder)
                } else {
                    Array(line).withUnsafeBufferPointer { buffer in
                        #expect(decoder.decode(buffer) == nil, "fast path accepted invalid UTF-8 in \(file.lastPathComponent)")
                    }
                }
            }
        }
        #expect(lineCount > 0)
    }
}
