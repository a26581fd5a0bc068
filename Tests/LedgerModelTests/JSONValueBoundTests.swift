import Testing
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

/// Memory in proportion to the input for every JSON reader: a text holds at most
/// ``JSONParser/maximumValues`` values, counted before each value is built, so a 40 MB line
/// of `[0,0,…]` fails after 2^20 values instead of building a 855 MB tree. The tests check
/// the count and where the parser stops, not the memory.
@Suite struct JSONValueBoundTests {
    static let bound = JSONParser.maximumValues

    /// `[0,0,…]` holding `values` values, the array included.
    static func zeros(values: Int) -> String { "[" + Array(repeating: "0", count: values - 1).joined(separator: ",") + "]" }

    /// A `created` line of a JSON toggle whose default is `[0,…]`: 10 members, so the line
    /// holds 1 (its object) + 9 (scalar members) + the default's values.
    static func wideEvent(values: Int) -> String {
        #"{"schema":1,"id":"e1","at":"2026-01-10T09:00:00Z","type":"created","toggle":"wide","actor":"a","kind":"local","valueType":"json","default":"#
            + zeros(values: values - 10) + #","category":"release"}"#
    }

    @Test func theParserStopsAtTheValueThatPassesTheBound() throws {
        // Every value counts one, containers and scalars alike: `[0,{},[],"s",true]` is 6.
        #expect(throws: Never.self) { try JSONParser.parse(#"[0,{},[],"s",true]"#.utf8.map { $0 }, maximumValues: 6) }
        let error = #expect(throws: JSONError.self) { try JSONParser.parse(Array(#"[0,{},[],"s",true,1,2,3]"#.utf8), maximumValues: 6) }
        // It stops where the seventh value starts: nothing after it was read or built.
        #expect(error?.offset == 18)
        #expect(error?.reason == "more than 6 values (objects, arrays, strings, numbers, literals), expected at most 6 in one JSON text")
    }

    @Test func theDefaultBoundIsTwoToTheTwentiethValues() throws {
        #expect(Self.bound == 1 << 20)
        #expect(try JSONParser.parse(Self.zeros(values: Self.bound)).arrayValue?.count == Self.bound - 1)
        let error = #expect(throws: JSONError.self) { try JSONParser.parse(Self.zeros(values: Self.bound + 1)) }
        #expect(error?.offset == 2 * Self.bound - 1, "stops at the first value over the bound")
        #expect(error?.reason.hasPrefix("more than 1048576 values") == true)
    }

    @Test func theFastAndGeneralDecodersAgreeAtTheBound() throws {
        var decoder = FastEventDecoder()
        for (values, accepted) in [(Self.bound, true), (Self.bound + 1, false)] {
            let line = Array(Self.wideEvent(values: values).utf8)
            line.withUnsafeBufferPointer { buffer in
                // The payload is parsed with what is left of the line's count.
                let fast = decoder.decode(buffer)
                let general = EventLineDecoder.decodeGeneral(buffer, location: LineLocation(file: "events/a.jsonl", line: 3))
                #expect((fast != nil) == accepted, "\(values) values")
                switch general {
                case .success(let event):
                    #expect(accepted, "\(values) values")
                    #expect(fast == event)
                case .failure(let error):
                    #expect(!accepted, "\(values) values: \(error)")
                    #expect("\(error)".contains("events/a.jsonl:3: invalid JSON: more than 1048576 values"), "\(error)")
                }
            }
        }
    }

    @Test func aWriterRefusesALineTheReaderWouldRefuse() throws {
        let at = Timestamp(rfc3339: "2026-01-10T09:00:00Z")!
        func created(_ elements: Int) -> Event {
            let wide = JSONValue.array(Array(repeating: .number("0"), count: elements))
            return Event(id: "e1", at: at, toggle: "wide", actor: "a", change: .created(ToggleDefinition(kind: .local, valueType: .json, defaultValue: wide)))
        }
        let refused = WriteRules.problem(with: created(Self.bound), now: nil)
        #expect(refused?.contains("would hold more than 1048576 JSON values") == true, "\(refused ?? "nil")")
        #expect(WriteRules.problem(with: created(1_000), now: nil) == nil)
    }

    /// The writer's count is an upper bound of the reader's, for every shape of event.
    @Test(arguments: [1 as UInt64, 2, 3])
    func theWritersCountBoundsTheReadersCount(seed: UInt64) throws {
        for line in EventLogGenerator.lines(count: 400, seed: seed) {
            guard case .object = try JSONParser.parse(line), let event = try? EventCodec.decode(try JSONParser.parse(line)) else { continue }
            let encoded = Array(EventCodec.encode(event).utf8)
            let read = try encoded.withUnsafeBufferPointer { buffer in try JSONParser.parseValue(in: buffer, at: 0, depth: 0).values }
            #expect(WriteRules.lineValueBound(of: event, limit: Self.bound) >= read, "\(line)")
        }
    }

    /// Conditions were told apart by a linear search in the fast path, quadratic in their
    /// number: past ``FastEventDecoder/maximumFastConditions`` the general path's set decides.
    @Test func longConditionListsGoToTheGeneralPath() {
        func published(_ count: Int) -> String {
            let conditions = (0..<count).map { #"{"name":"c\#($0)","expression":"true","value":"v"}"# }.joined(separator: ",")
            return #"{"schema":1,"id":"p1","at":"2026-01-10T09:00:00Z","type":"published","toggle":"wide","actor":"a","value":"x","conditions":["# + conditions + "]}"
        }
        var decoder = FastEventDecoder()
        let limit = FastEventDecoder.maximumFastConditions
        for (count, fast) in [(limit, true), (limit + 1, false), (5_000, false)] {
            Array(published(count).utf8).withUnsafeBufferPointer { buffer in
                #expect((decoder.decode(buffer) != nil) == fast, "\(count) conditions")
                guard case .success(let event) = EventLineDecoder.decodeGeneral(buffer, location: LineLocation(file: "x", line: 1)),
                    case .published(let remote) = event.change
                else { Issue.record("\(count) conditions: not read"); return }
                #expect(remote.conditions.count == count)
            }
        }
    }
}
