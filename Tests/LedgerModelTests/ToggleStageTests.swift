import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

@Suite struct ToggleStageTests {
    @Test func aNewBooleanToggleIsInDevelopmentSinceItsCreation() {
        var script = ToggleScript()
        script.create("2026-01-01T10:00:00Z")
        #expect(script.state.stage == .inDevelopment)
        #expect(script.state.stageSince == ToggleScript.at("2026-01-01T10:00:00Z"))
    }

    @Test func aBooleanCreatedTrueIsLaunchedAtOnce() {
        var script = ToggleScript()
        script.create("2026-01-01", kind: .build, default: .bool(true), category: "permission")
        #expect(script.state.stage == .launched)
    }

    @Test func aConditionalValueThatDiffersIsAPartialRollout() {
        var script = ToggleScript()
        script.create("2026-01-01")
        script.publish("2026-02-01", .bool(false), conditions: [("Chinese users", .bool(true))])
        #expect(script.state.stage == .partiallyRolledOut)
        #expect(script.state.stageSince == ToggleScript.at("2026-02-01"))
    }

    @Test func aConditionServingTheSameValueIsNotARollout() {
        var script = ToggleScript()
        script.create("2026-01-01")
        // A condition that falls back to the in-app default serves false like everyone else.
        script.publish("2026-02-01", .bool(false), conditions: [("Testers", nil)])
        #expect(script.state.stage == .inDevelopment)
        #expect(script.state.stageSince == ToggleScript.at("2026-01-01"))
    }

    @Test func trueForEveryoneRemotelyIsLaunched() {
        var script = ToggleScript()
        script.create("2026-01-01")
        script.publish("2026-02-01", .bool(false), conditions: [("Beta", .bool(true))])
        script.publish("2026-03-01", .bool(true))
        #expect(script.state.stage == .launched)
        #expect(script.state.stageSince == ToggleScript.at("2026-03-01"))
    }

    @Test func aRemoteFalseOverridesAnInAppTrue() {
        var script = ToggleScript()
        script.create("2026-01-01", default: .bool(true))
        #expect(script.state.stage == .launched)
        script.publish("2026-02-01", .bool(false))
        #expect(script.state.stage == .inDevelopment)
        script.add("2026-03-01", .unpublished(templateVersion: nil))
        #expect(script.state.stage == .launched)
        #expect(script.state.stageSince == ToggleScript.at("2026-03-01"))
    }

    @Test func aNewInAppDefaultLaunchesALocalToggle() {
        var script = ToggleScript()
        script.create("2026-01-01", kind: .local)
        script.add("2026-04-01", .defaultChanged(.bool(true)))
        #expect(script.state.stage == .launched)
        #expect(script.state.stageSince == ToggleScript.at("2026-04-01"))
    }

    @Test func republishingTheSameValueKeepsTheLaunchInstant() {
        var script = ToggleScript()
        script.create("2026-01-01")
        script.publish("2026-02-01", .bool(true))
        script.publish("2026-03-01", .bool(true))
        #expect(script.state.stage == .launched)
        #expect(script.state.stageSince == ToggleScript.at("2026-02-01"))
    }

    @Test func removalIsTheLastStage() {
        var script = ToggleScript()
        script.create("2026-01-01")
        script.publish("2026-02-01", .bool(true))
        script.add("2026-03-01", .removed(reason: "shipped"))
        #expect(script.state.stage == .removed)
        #expect(script.state.stageSince == ToggleScript.at("2026-03-01"))
    }

    @Test func aBackdatedEventTakesItsPlaceInReplayOrder() {
        var script = ToggleScript()
        script.create("2026-01-01")
        script.publish("2026-03-01", .bool(true))
        // Recorded later, but it happened before the launch: the launch instant stays March.
        script.publish("2026-02-01", .bool(false), conditions: [("Beta", .bool(true))])
        #expect(script.state.stage == .launched)
        #expect(script.state.stageSince == ToggleScript.at("2026-03-01"))
        // A backdated partial rollout after the launch moves the stage back.
        script.publish("2026-03-15", .bool(false), conditions: [("Beta", .bool(true))])
        #expect(script.state.stage == .partiallyRolledOut)
        #expect(script.state.stageSince == ToggleScript.at("2026-03-15"))
    }

    @Test(arguments: [
        // (type, in-app default, remote, conditions, expected)
        (ValueType.string, JSONValue.string("#FBB03B"), JSONValue?.some(.string("#36C278")), [JSONValue?](), ToggleStage.launched),
        (.string, .string("#FBB03B"), .string("#FBB03B"), [], .inDevelopment),
        (.string, .string("#FBB03B"), nil, [], .inDevelopment),
        (.number, .number("0.5"), .number("0.33"), [], .launched),
        (.number, .number("0.5"), .number("0.5"), [.number("0.33")], .partiallyRolledOut),
        (.number, .number("0.5"), .number("0.33"), [.number("0.33")], .launched),
        (.json, .object(JSONObject()), .array([]), [], .launched),
    ])
    func nonBooleanStagesCompareWithTheDefaultDeclaredAtCreation(
        type: ValueType, value: JSONValue, remote: JSONValue?, conditions: [JSONValue?], expected: ToggleStage
    ) {
        var script = ToggleScript()
        script.create("2026-01-01", type: type, default: value, category: "remote-config")
        script.publish("2026-02-01", remote, conditions: conditions.enumerated().map { ("c\($0.offset)", $0.element) })
        #expect(script.state.stage == expected)
    }

    @Test func bakingTheLaunchedValueIntoTheAppKeepsANonBooleanLaunched() {
        var script = ToggleScript()
        script.create("2026-01-01", type: .string, default: .string("old"), category: "remote-config")
        script.publish("2026-02-01", .string("new"))
        script.add("2026-03-01", .defaultChanged(.string("new")))
        script.add("2026-04-01", .unpublished(templateVersion: nil))
        #expect(script.state.stage == .launched)
        #expect(script.state.stageSince == ToggleScript.at("2026-02-01"))
    }
}
