import Testing
import ToggleLedger
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore

/// App versions: the parsing rule every writer and reader shares, and the comparison.
@Suite struct AppVersionTests {
    static func version(_ text: String) -> AppVersion { AppVersion(text)! }

    @Test(arguments: ["2", "2.5", "2.5.0", "2.5.0.1", "0", "0.0.1", "10.20.30.40", "999999999.0"])
    func validVersionsParse(_ text: String) {
        #expect(AppVersion.problem(with: text) == nil)
        #expect(AppVersion(text)?.text == text)
    }

    @Test(arguments: [
        ("2..5", "a part is empty"), ("999999999999999999999", "more than 9 digits"), ("-1", "found \"-1\""),
        ("2.5.0.0.0", "5 parts"), ("٢.٥", "found \"٢.٥\""), ("２.5", "found"), ("", "found an empty string"),
        ("2.05", "leading zero"), ("2.", "a part is empty"), (".5", "a part is empty"), (" 2.5", "found"),
        ("2.5 ", "found"), ("v2.5", "found"), ("2.5-beta", "found"), ("2,5", "found"), ("1e3", "found"), ("+1", "found"),
    ])
    func hostileVersionsAreRefusedWithTheReason(_ text: String, _ fragment: String) throws {
        let problem = try #require(AppVersion.problem(with: text))
        #expect(problem.hasPrefix("must be an app version such as 2.5.0"))
        #expect(problem.contains(fragment), "\(problem)")
        #expect(AppVersion(text) == nil)
    }

    @Test(arguments: [
        // One, two, three and four parts, against each other.
        ("2", "10", true), ("2", "1", false), ("2.9", "2.10", true), ("2.10", "2.9", false),
        ("2.9.1", "2.10.0", true), ("2.10.0", "2.9.1", false), ("2.5.0.1", "2.5.0.2", true), ("2.5.0.10", "2.5.0.9", false),
        ("2", "2.0.0.1", true), ("2.5", "2.5.1", true), ("2.5.1", "2.6", true), ("3", "2.99.99.99", false),
        ("1.2.3", "1.2.3.0", false), ("999999999", "999999998.999999999", false), ("999999998.999999999", "999999999", true),
    ])
    func versionsCompareAsAppVersionsDo(_ lhs: String, _ rhs: String, _ less: Bool) {
        #expect((Self.version(lhs) < Self.version(rhs)) == less)
    }

    @Test(arguments: [("2.5", "2.5.0"), ("2", "2.0.0.0"), ("2.5.0", "2.5.0.0"), ("0", "0.0")])
    func trailingZerosAreTheSameVersion(_ lhs: String, _ rhs: String) {
        #expect(Self.version(lhs) == Self.version(rhs))
        #expect(Self.version(lhs).hashValue == Self.version(rhs).hashValue)
        #expect(!(Self.version(lhs) < Self.version(rhs)) && !(Self.version(rhs) < Self.version(lhs)))
        // Written back as given.
        #expect(Self.version(lhs).description == lhs)
    }

    // MARK: The reader applies the same rule

    static func line(type: String, toggle: String = "isRoundedAvatar", _ payload: String) -> String {
        #"{"schema":1,"id":"e1","at":"2026-03-01T00:00:00Z","type":"\#(type)","toggle":"\#(toggle)","actor":"mei",\#(payload)}"#
    }

    @Test(arguments: ["2..5", "999999999999999999999", "-1", "2.5.0.0.0", "٢.5", "", "2.05"])
    func theDecoderRefusesWhatTheCommandLineRefuses(_ text: String) throws {
        for (type, toggle, field) in [("code-removed", "isRoundedAvatar", "appVersion"), ("minimum-version-changed", "_app", "minimumVersion")] {
            let line = Self.line(type: type, toggle: toggle, "\"\(field)\":\(JSONWriter.quoted(text))")
            do {
                _ = try EventCodec.decode(try JSONParser.parse(line))
                Issue.record("accepted \(line)")
            } catch let error as EventDecodingError {
                #expect(error.reason.hasPrefix("\"\(field)\" must be an app version such as 2.5.0"), "\(error)")
            }
            // The fast decoder leaves such a line to the general path, which refuses it.
            var fast = FastEventDecoder()
            let decoded = Array(line.utf8).withUnsafeBufferPointer { fast.decode($0) }
            #expect(decoded == nil)
        }
    }

    @Test func aVersionThatIsNotAStringIsRefused() throws {
        #expect(throws: EventDecodingError.self) {
            try EventCodec.decode(try JSONParser.parse(Self.line(type: "code-removed", #""appVersion":2.5"#)))
        }
        #expect(throws: EventDecodingError.self) {
            try EventCodec.decode(try JSONParser.parse(Self.line(type: "code-removed", #""reason":"no version""#)))
        }
    }

    @Test func aLogWideEventNamesTheReservedToggle() throws {
        let wrong = Self.line(type: "minimum-version-changed", toggle: "isRoundedAvatar", #""minimumVersion":"2.6.0""#)
        #expect(throws: EventDecodingError("\"toggle\" of a log-wide event must be \"_app\", found \"isRoundedAvatar\"")) {
            try EventCodec.decode(try JSONParser.parse(wrong))
        }
        let event = Event(
            id: "e1", at: Timestamp(rfc3339: "2026-03-01T00:00:00Z")!, toggle: "isRoundedAvatar", actor: "mei",
            change: .minimumVersionChanged(minimum: Self.version("2.6.0"), reason: nil))
        #expect(WriteRules.problem(with: event, now: nil)?.contains("a log-wide event names the toggle \"_app\"") == true)
    }

    @Test(arguments: [
        Change.codeRemoved(appVersion: version("2.5"), reason: "rounded for everyone"),
        Change.codeRemoved(appVersion: version("2.5.0.1"), reason: nil),
        Change.retired(reason: "deleted in the console"),
        Change.retired(reason: nil),
        Change.minimumVersionChanged(minimum: version("2.6.0"), reason: "forced update"),
        Change.minimumVersionChanged(minimum: version("3"), reason: nil),
    ])
    func newEventsRoundTripThroughBothEncodersAndBothDecoders(_ change: Change) throws {
        let event = Event(
            id: "01KF2H4J6K8M0N2P4Q6R8S0T2V", at: Timestamp(rfc3339: "2026-05-01T00:00:00Z")!,
            toggle: change.isLogWide ? Event.appToggle : "isRoundedAvatar", actor: "mei@moments.example", change: change)
        let line = EventCodec.encode(event)
        #expect(JSONWriter.string(.object(EventCodec.object(for: event))) == line)
        #expect(try EventCodec.decode(try JSONParser.parse(line)) == event)
        #expect(WriteRules.problem(with: event, now: nil) == nil)
        // The fast path may decline, never disagree.
        var fast = FastEventDecoder()
        if let decoded = Array(line.utf8).withUnsafeBufferPointer({ fast.decode($0) }) { #expect(decoded == event) }
    }
}
