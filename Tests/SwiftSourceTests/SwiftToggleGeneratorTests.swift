import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

@Suite struct SwiftToggleGeneratorTests {
    static func states(_ changes: [(String, Change)]) -> [ToggleState] {
        var projection = Projection()
        for (offset, (toggle, change)) in changes.enumerated() {
            let at = Timestamp(secondsSince1970: 1_767_225_600 + Int64(offset) * 60)
            projection.apply(Event(id: "e\(offset)", at: at, toggle: toggle, actor: "test@example.com", change: change))
        }
        #expect(projection.violations.isEmpty)
        return projection.sortedToggles
    }

    static let sample = states([
        ("debug", .created(ToggleDefinition(kind: .build, valueType: .bool, defaultValue: .bool(true), category: "permission"))),
        ("internal", .created(ToggleDefinition(kind: .build, valueType: .bool, defaultValue: .bool(false), category: "permission"))),
        ("isSwiftUIEnabled", .created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(true), owner: "ui@example.com"))),
        (
            "isRoundedAvatar",
            .created(
                ToggleDefinition(
                    kind: .remote, valueType: .bool, defaultValue: .bool(false), category: "experiment", owner: "mei@example.com",
                    description: "Rounded avatars\nsecond line */ \u{1B}[31m", expires: CalendarDate("2026-10-31")))
        ),
        ("isRoundedAvatar", .published(RemoteValue(value: .bool(true), conditions: [ConditionalValue(name: "zh", expression: "device.language in ['zh']", value: .bool(false))]))),
        ("appPrimaryColor", .created(ToggleDefinition(kind: .remote, valueType: .string, defaultValue: .string("#FBB\"03B\\"), category: "remote-config"))),
        ("planetOrder", .created(ToggleDefinition(kind: .remote, valueType: .json, defaultValue: .object(JSONObject(["first": .string("Mercury")]))))),
        ("welcomeText", .created(ToggleDefinition(kind: .local, valueType: .string, defaultValue: .string("hi")))),
        ("isOldThing", .created(ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(true)))),
        ("isOldThing", .removed(reason: "gone")),
    ])

    @Test func casesGoToTheEnumOfTheirKindWithTheirDefaults() {
        let code = SwiftToggleGenerator.generate(Self.sample)
        #expect(code.contains("public enum BuildTargetToggle: String, ToggleType, CaseIterable {"))
        #expect(code.contains("    case debug\n"))
        #expect(code.contains("    case `internal`\n"))
        #expect(code.contains("case \"debug\": return true"))
        #expect(code.contains("case \"isSwiftUIEnabled\": return true"))
        #expect(code.contains("    case isRoundedAvatar\n"))
        #expect(code.contains(##"case "appPrimaryColor": return "#FBB\"03B\\""##))
        #expect(code.contains(#"case "planetOrder": return "{\"first\":\"Mercury\"}""#))
        // Removed toggles are gone; non-boolean local toggles are listed, not generated.
        #expect(!code.contains("isOldThing"))
        #expect(code.contains("// - welcomeText (local string)"))
        #expect(!code.contains("case welcomeText"))
    }

    @Test func docCommentsCarryTheLogAndStayOneLine() {
        let code = SwiftToggleGenerator.generate(Self.sample)
        #expect(
            code.contains(
                """
                    /// Rounded avatars second line */ \\u{1B}[31m
                    ///
                    /// - Type: bool
                    /// - Default: `false`
                    /// - Remote: `true`, with 1 conditional value
                    /// - Owner: mei@example.com
                    /// - Category: experiment
                    /// - Expires: 2026-10-31
                    case isRoundedAvatar
                """))
        #expect(!code.unicodeScalars.contains("\u{1B}"))
    }

    @Test func staleTogglesAreDeprecatedWithTheirMessage() {
        let code = SwiftToggleGenerator.generate(Self.sample, deprecations: ["isRoundedAvatar": "isRoundedAvatar \"launched\" 45 days ago; remove it"])
        #expect(
            code.contains(
                """
                    /// - Expires: 2026-10-31
                    @available(*, deprecated, message: "isRoundedAvatar \\"launched\\" 45 days ago; remove it")
                    case isRoundedAvatar
                """))
        #expect(code.components(separatedBy: "@available").count == 2)
    }

    @Test func emptyKindsStillGiveCompilableEnums() {
        let code = SwiftToggleGenerator.generate([])
        #expect(code.contains("public enum RemoteToggle: ToggleType, CaseIterable {\n    public var key: String { switch self {} }\n}"))
        #expect(code.contains("public enum RemoteConfigKeys: RemoteConfigKey, CaseIterable {"))
    }

    @Test func internalAccessLevel() {
        let code = SwiftToggleGenerator.generate(Self.sample, options: .init(accessLevel: "internal"))
        #expect(!code.contains("public "))
        #expect(code.contains("internal enum RemoteToggle"))
    }
}
