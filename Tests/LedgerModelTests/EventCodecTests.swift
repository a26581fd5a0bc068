import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

@Suite struct EventCodecTests {
    static let at = Timestamp(rfc3339: "2026-07-01T07:45:00Z")!

    static let changes: [Change] = [
        .created(
            ToggleDefinition(
                kind: .remote, valueType: .bool, defaultValue: .bool(false), category: "experiment",
                owner: "mei@moments.example", description: "Rounded avatars", expires: CalendarDate("2026-10-31"))),
        .created(ToggleDefinition(kind: .local, valueType: .json, defaultValue: .object(JSONObject([.init("k", .array([]))])))),
        .defaultChanged(.string("#36C278")),
        .published(
            RemoteValue(
                value: .bool(false),
                conditions: [
                    ConditionalValue(name: "Chinese users", expression: "device.language in ['zh']", value: .bool(true)),
                    ConditionalValue(name: "iOS", expression: "device.os == 'ios'", value: nil),
                ], templateVersion: "41")),
        .published(RemoteValue(value: nil)),
        .unpublished(templateVersion: "42"),
        .expiryExtended(expires: CalendarDate("2027-01-31")!, reason: "waiting for the 2.5 release"),
        .removed(reason: "launched"),
        .removed(reason: nil),
        .templateConditions([
            TemplateCondition(name: "Chinese users", expression: "device.language in ['zh']", tagColor: "PINK"),
            TemplateCondition(name: "Staff", expression: "app.userProperty['is_staff'].exactlyMatches(['yes'])"),
        ]),
        .templateConditions([]),
    ]

    @Test(arguments: changes)
    func everyChangeRoundTripsThroughOneLine(change: Change) throws {
        let event = Event(
            id: "01ABC", at: Self.at, toggle: "isRoundedAvatar", actor: "ci@example.com", change: change,
            source: Provenance(ci: "github-actions", commit: "abc123", branch: "main", run: "7.1"))
        let line = EventCodec.encode(event)
        #expect(!line.contains("\n"))
        let decoded = try EventCodec.decode(try JSONParser.parse(line))
        #expect(decoded == event)
        #expect(EventCodec.encode(decoded) == line, "encoding is canonical")
    }

    @Test func envelopeComesFirstInAFixedOrder() {
        let event = Event(id: "e1", at: Self.at, toggle: "t", actor: "a", change: .removed(reason: "r"))
        #expect(EventCodec.encode(event) == #"{"schema":1,"id":"e1","at":"2026-07-01T07:45:00Z","type":"removed","toggle":"t","actor":"a","reason":"r"}"#)
    }

    @Test func unknownFieldsAndTypesAreKept() throws {
        let line = #"{"schema":1,"id":"e1","at":"2026-07-01T07:45:00Z","type":"archived","toggle":"t","actor":"a","ticket":"JIRA-1","extra":{"n":1.0}}"#
        let event = try EventCodec.decode(try JSONParser.parse(line))
        #expect(event.change == .unknown(type: "archived"))
        #expect(event.extra.map(\.key) == ["ticket", "extra"])
        #expect(EventCodec.encode(event) == line)
    }

    @Test(arguments: [
        (#"[1]"#, "a JSON object"),
        (#"{"id":"e","at":"2026-07-01T07:45:00Z","type":"removed","toggle":"t","actor":"a"}"#, #""schema" is required"#),
        (#"{"schema":2,"id":"e","at":"2026-07-01T07:45:00Z","type":"removed","toggle":"t","actor":"a"}"#, "newer than this toggles"),
        (#"{"schema":1.5,"id":"e","at":"2026-07-01T07:45:00Z","type":"removed","toggle":"t","actor":"a"}"#, #""schema" must be an integer"#),
        (#"{"schema":1,"id":"","at":"2026-07-01T07:45:00Z","type":"removed","toggle":"t","actor":"a"}"#, #""id" may not be empty"#),
        (#"{"schema":1,"id":"e","at":"yesterday","type":"removed","toggle":"t","actor":"a"}"#, #""at" must be an RFC 3339 instant"#),
        (#"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"removed","toggle":"1t","actor":"a"}"#, "starts with a letter"),
        (#"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"removed","toggle":"t","actor":7}"#, #""actor" must be a string, found number"#),
        (
            #"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"created","toggle":"t","actor":"a","kind":"cloud","valueType":"bool","default":true,"category":"release"}"#,
            #""kind" must be build, local or remote"#
        ),
        (
            #"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"created","toggle":"t","actor":"a","kind":"local","valueType":"bool","default":"yes","category":"release"}"#,
            #""default" must be a bool value, found string"#
        ),
        (#"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"published","toggle":"t","actor":"a","conditions":[{"name":"x"}]}"#, #""conditions[0].expression" is required"#),
        (#"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"template-conditions","toggle":"t","actor":"a"}"#, #""conditions" is required"#),
        (
            #"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"template-conditions","toggle":"t","actor":"a","conditions":[{"name":"x","expression":"true","tagColor":1}]}"#,
            #""conditions[0].tagColor" must be a string"#
        ),
        (
            #"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"template-conditions","toggle":"t","actor":"a","conditions":[{"name":"x","expression":"true"},{"name":"x","expression":"false"}]}"#,
            #"condition "x" appears twice"#
        ),
        (#"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"expiry-extended","toggle":"t","actor":"a","expires":"2027-02-30","reason":"r"}"#, #""expires" must be a date"#),
        // The two arrays of event ids (`resolves`, `conflict`) are read by one function: the same words.
        (
            #"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"minimum-version-changed","toggle":"_app","actor":"a","minimumVersion":"2.0","resolves":["m1",7]}"#,
            #""resolves" must be an array of event ids, found number"#
        ),
        (
            #"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"minimum-version-changed","toggle":"_app","actor":"a","minimumVersion":"2.0","resolves":[]}"#,
            #""resolves" must be a non-empty array of event ids, found array"#
        ),
        (
            #"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"resolved","toggle":"t","actor":"a","conflict":["c1",""]}"#,
            #""conflict" must be an array of event ids, found string"#
        ),
        (#"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"resolved","toggle":"t","actor":"a","conflict":"c1"}"#, #""conflict" must be an array of event ids"#),
        (#"{"schema":1,"id":"e","at":"2026-07-01T07:45:00Z","type":"resolved","toggle":"t","actor":"a","conflict":["c1"]}"#, #""conflict" names at least two events"#),
    ])
    func invalidEventsNameTheField(line: String, reason: String) throws {
        let value = try JSONParser.parse(line)
        #expect {
            try EventCodec.decode(value)
        } throws: { error in
            (error as? EventDecodingError)?.reason.contains(reason) == true
        }
    }

    @Test func generatedIDsAreUniqueULIDs() {
        let ids = (0..<1000).map { _ in EventID.generate(at: Self.at) }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy { $0.count == 26 && EventID.problem(with: $0) == nil })
        #expect(ids.allSatisfy { $0.hasPrefix(String(ids[0].prefix(10))) }, "the first 10 characters encode the millisecond")
    }
}
