import SwiftUI
import Core

enum SettingsSection: String {
    case sync
    case about
}

struct SettingsView: View {
    let featureFlagger: FeatureFlagger
    let flags: FlagStore

    var body: some View {
        List {
            if featureFlagger.isFeatureOn(.aiChat) { Text("AI Chat") }
            if featureFlagger.isFeatureOn(for: .sync) { Text("Sync") }
            if flags.isEnabled(.debugMenu) { Text("Debug") }
            // featureFlagger.isFeatureOn(.aiChat) in a comment is not a reference
            Text("FeatureFlag.sync is only text")
        }
    }

    func open(_ section: SettingsSection) -> Bool {
        section == .sync   // SettingsSection.sync, not the toggle
    }

    var usesNewStorage: Bool { FeatureFlag.newSettingsStorage.enabled }
}

#if DEBUG
let debugFlag = FeatureFlag.debugMenu
#endif

#Preview {
    SettingsView(featureFlagger: PreviewFlagger(on: [.aiChat]), flags: FlagStore())
        .environment(\.syncEnabled, FeatureFlag.sync.enabled)
}

func testSyncPromotion() {
    let flagger = MockFeatureFlagger(enabledFeatureFlags: [.sync, .aiChat])
    flagger.enabledFeatureFlags = [.sync]
    let single = createFeatureFlagger(withFeatureFlagEnabled: .sync)
    let sections: [SettingsSection] = [.sync]
}
