import Foundation
import Testing
import ToggleKit

@Suite struct TogglesDataStoreTests {
    @Test func toggleKeyIsTheRawValueAndDefaultIsFalseUnlessDeclared() {
        enum Plain: String, ToggleType { case isFoo }
        #expect(Plain.isFoo.key == "isFoo")
        #expect(Plain.isFoo.defaultValue == false)
        #expect(SampleInternalToggle.isLikeButtonForMomentEnabled.defaultValue == true)
    }

    @Test(arguments: BuildTarget.allCases)
    func buildTargetStoreTurnsOnOnlyItsOwnTarget(target: BuildTarget) {
        let store = BuildTargetTogglesDataStore(target: target)
        for toggle in [SampleBuildTargetToggle.debug, .internal, .production] {
            #expect(store.isToggleOn(toggle) == (toggle.rawValue == target.rawValue))
        }
        // A build toggle that names no target has its default, and update changes nothing.
        #expect(store.isToggleOn(SampleBuildTargetToggle.verboseLogging))
        store.update(toggle: SampleBuildTargetToggle.production, value: true)
        #expect(store.isToggleOn(SampleBuildTargetToggle.production) == (target == .production))
    }

    @Test func buildTargetFromCompilationConditions() {
        #expect(BuildTarget.from(debug: true, internal: true) == .debug)
        #expect(BuildTarget.from(debug: false, internal: true) == .internal)
        #expect(BuildTarget.from(debug: false, internal: false) == .production)
    }

    @Test func localStoreRegistersDefaultsAndKeepsChangesInItsSuite() throws {
        let suite = "ToggleKitTests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsTogglesDataStore(toggles: SampleInternalToggle.allCases, userDefaults: defaults)
        #expect(store.isToggleOn(SampleInternalToggle.isLikeButtonForMomentEnabled))
        #expect(!store.isToggleOn(SampleInternalToggle.isSwiftUIEnabled))

        store.update(toggle: SampleInternalToggle.isSwiftUIEnabled, value: true)
        store.update(toggle: SampleInternalToggle.isLikeButtonForMomentEnabled, value: false)
        #expect(store.isToggleOn(SampleInternalToggle.isSwiftUIEnabled))
        #expect(!store.isToggleOn(SampleInternalToggle.isLikeButtonForMomentEnabled))
        #expect(defaults.object(forKey: "isSwiftUIEnabled") as? Bool == true)

        store.reset(toggle: SampleInternalToggle.isLikeButtonForMomentEnabled)
        #expect(store.isToggleOn(SampleInternalToggle.isLikeButtonForMomentEnabled))
        // Changes live in the injected suite; defaults are registered, never written.
        let written = defaults.persistentDomain(forName: suite) ?? [:]
        #expect(written["isSwiftUIEnabled"] as? Bool == true)
        #expect(written["isLikeButtonForMomentEnabled"] == nil)
    }

    @Test func localStoreUsesTheToggleDefaultForAToggleItWasNotGiven() throws {
        let suite = "ToggleKitTests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsTogglesDataStore(toggles: [], userDefaults: defaults)
        #expect(store.isToggleOn(SampleInternalToggle.isLikeButtonForMomentEnabled))
    }

    @Test func remoteStoreFallsBackToInAppDefaultsUntilFetched() async throws {
        let provider = try TemplateRemoteConfigProvider(
            data: Data(#"{"isRoundedAvatar": "true", "isStoriesEnabled": "false", "shouldWeIncludePluto": "maybe"}"#.utf8))
        let store = RemoteTogglesDataStore(provider: provider)
        try provider.setup()
        #expect(!store.isToggleOn(SampleRemoteToggle.isRoundedAvatar))
        #expect(store.isToggleOn(SampleRemoteToggle.isStoriesEnabled))

        try await provider.fetch()
        #expect(store.isToggleOn(SampleRemoteToggle.isRoundedAvatar))
        #expect(!store.isToggleOn(SampleRemoteToggle.isStoriesEnabled))
        // A value that is not a boolean is not guessed: the in-app default applies.
        #expect(!store.isToggleOn(SampleRemoteToggle.shouldWeIncludePluto))
        store.update(toggle: SampleRemoteToggle.isRoundedAvatar, value: false)
        #expect(store.isToggleOn(SampleRemoteToggle.isRoundedAvatar))
    }
}
