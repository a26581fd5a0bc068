import Foundation
import Testing
import ToggleKit

@Suite struct TemplateRemoteConfigProviderTests {
    @Test func templateProviderEvaluatesConditionsInPriorityOrder() async throws {
        let file = fixture("templateProviderEvaluatesConditionsInPriorityOrder.json")
        let dane = TemplateRemoteConfigProvider(contentsOf: file, context: RemoteConfigContext(country: "DK", language: "da", appVersion: "2.4", os: "ios"))
        try await dane.fetch()
        #expect(dane.bool(forKey: "shouldWeIncludePluto") == true)
        #expect(dane.resolution(forKey: "shouldWeIncludePluto") == .value("true", condition: "Pluto Fans"))
        #expect(dane.string(forKey: "appPrimaryColor") == "#2E3192")
        // "New iOS builds" matches and says useInAppDefault: nothing is served.
        #expect(dane.resolution(forKey: "isRoundedAvatar") == .inAppDefault)
        #expect(dane.bool(forKey: "isRoundedAvatar") == nil)
        #expect(dane.resolution(forKey: "isStoriesEnabled") == .inAppDefault)
        #expect(dane.double(forKey: "planetImageScaleFactor") == 0.33)
        #expect(dane.int(forKey: "maximumMoments") == 40)
        #expect(try dane.decoded(PlanetOrder.self, forKey: "planetOrder") == PlanetOrder(first: "Mercury", count: 9))
        #expect(dane.resolution(forKey: "noSuchParameter") == .absent)

        let chinese = TemplateRemoteConfigProvider(contentsOf: file, context: RemoteConfigContext(country: "CN", language: "zh_CN", appVersion: "2.3", os: "android"))
        try await chinese.fetch()
        #expect(chinese.bool(forKey: "shouldWeIncludePluto") == false)
        #expect(chinese.bool(forKey: "isRoundedAvatar") == true)
        #expect(chinese.string(forKey: "appPrimaryColor") == "#FBB03B")
    }

    @Test func undecidableConditionsAreReportedNotGuessed() async throws {
        let provider = TemplateRemoteConfigProvider(
            contentsOf: fixture("templateProviderEvaluatesConditionsInPriorityOrder.json"),
            context: RemoteConfigContext(country: "DK", language: "da"))
        try await provider.fetch()
        // percent <= 50 cannot be decided offline: no value, a diagnostic.
        #expect(provider.bool(forKey: "isPaymentsKillSwitchOn") == nil)
        // A rollout for a matching condition is decided by the server.
        #expect(provider.bool(forKey: "newCheckoutFlow") == nil)
        #expect(provider.diagnostics.map(\.parameter) == ["isPaymentsKillSwitchOn", "newCheckoutFlow"])
        #expect(provider.diagnostics[0].condition == "Half of everyone")
        #expect(provider.diagnostics[0].description.contains("percent <= 50"))
        #expect(provider.diagnostics[1].description.contains("rolloutValue"))
        // The Chinese context never reaches the rollout (Pluto Fans does not match).
        let other = TemplateRemoteConfigProvider(
            contentsOf: fixture("templateProviderEvaluatesConditionsInPriorityOrder.json"),
            context: RemoteConfigContext(country: "CN"))
        try await other.fetch()
        #expect(other.bool(forKey: "newCheckoutFlow") == false)
    }

    @Test func conditionMissingFromTheTemplateIsReported() async throws {
        let template = #"{"parameters": {"a": {"defaultValue": {"value": "1"}, "conditionalValues": {"ghost": {"value": "2"}}}}}"#
        let provider = try TemplateRemoteConfigProvider(data: Data(template.utf8))
        try await provider.fetch()
        #expect(provider.int(forKey: "a") == nil)
        #expect(provider.diagnostics.first?.condition == "ghost")
    }

    @Test func nothingIsServedBeforeFetch() async throws {
        let provider = TemplateRemoteConfigProvider(contentsOf: fixture("templateProviderEvaluatesConditionsInPriorityOrder.json"))
        try provider.setup()
        #expect(!provider.hasFetched)
        #expect(provider.double(forKey: "planetImageScaleFactor") == nil)
        #expect(provider.string(SampleRemoteConfigKeys.appPrimaryColor) == "#FBB03B")
        #expect(provider.double(SampleRemoteConfigKeys.planetImageScaleFactor) == 0.5)
        try await provider.fetch()
        #expect(provider.double(SampleRemoteConfigKeys.planetImageScaleFactor) == 0.33)
    }

    @Test func defaultsPlistFromFirebaseDownload() async throws {
        let provider = TemplateRemoteConfigProvider(contentsOf: fixture("defaultsPlistFromFirebaseDownload.plist"))
        try await provider.fetch()
        #expect(provider.bool(forKey: "isRoundedAvatar") == true)
        #expect(provider.double(forKey: "planetImageScaleFactor") == 0.33)
        #expect(try provider.decoded(PlanetOrder.self, SampleRemoteConfigKeys.planetOrder) == PlanetOrder(first: "Mercury", count: 9))
    }

    @Test func defaultsPlistWithTypedValues() async throws {
        let provider = TemplateRemoteConfigProvider(contentsOf: fixture("defaultsPlistWithTypedValues.plist"))
        try await provider.fetch()
        #expect(provider.string(forKey: "appPrimaryColor") == "#FBB03B")
        #expect(provider.bool(forKey: "isRoundedAvatar") == true)
        #expect(provider.int(forKey: "maximumMoments") == 40)
        #expect(provider.double(forKey: "planetImageScaleFactor") == 0.33)
    }

    @Test func defaultsJSONFile() async throws {
        let provider = TemplateRemoteConfigProvider(contentsOf: fixture("defaultsJSONFile.json"))
        try await provider.fetch()
        #expect(provider.string(forKey: "appPrimaryColor") == "#FBB03B")
        #expect(provider.bool(forKey: "isRoundedAvatar") == true)
        #expect(provider.int(SampleRemoteConfigKeys.maximumMoments) == 40)
        #expect(provider.string(forKey: "planetOrder") == #"{"first":"Mercury"}"#)
    }

    @Test func typedGettersRefuseTextOfTheWrongType() {
        let value: RemoteConfigValue = "#FBB03B"
        #expect(value.intValue == nil && value.doubleValue == nil && value.boolValue == nil)
        #expect(RemoteConfigValue("3.0").intValue == 3)
        #expect(RemoteConfigValue("3.5").intValue == nil)
        #expect(RemoteConfigValue("0").boolValue == false)
        #expect(throws: (any Error).self) { try RemoteConfigValue("{").decoded(as: PlanetOrder.self) }
    }

    @Test(arguments: [
        ("not json or plist", "neither JSON nor a property list"),
        (#"{"parameters": {"a": {"defaultValue": {"nothing": 1}}}}"#, "parameter a defaultValue has none of"),
        (#"{"conditions": [{"name": "x"}], "parameters": {}}"#, "conditions[0] needs"),
        ("[1, 2]", "neither JSON nor a property list"),
    ])
    func malformedFilesAreErrorsThatSayWhere(text: String, expected: String) {
        do {
            _ = try RemoteConfigTemplate(data: Data(text.utf8))
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test func unreadableFileNamesThePath() {
        let provider = TemplateRemoteConfigProvider(contentsOf: URL(fileURLWithPath: "/nonexistent/RemoteConfigDefaults.plist"))
        #expect(throws: RemoteConfigFileError.self) { try provider.setup() }
    }
}
