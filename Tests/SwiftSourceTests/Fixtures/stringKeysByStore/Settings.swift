import SwiftUI
import FirebaseRemoteConfig

struct DebugSettings: View {
    @AppStorage("showDebugOverlay") var showDebugOverlay = false
    @AppStorage("beta_search") var localCopyOfBetaSearch = false
    let config = RemoteConfig.remoteConfig()

    var body: some View {
        Toggle("Beta search", isOn: .constant(config["beta_search"].boolValue))
    }

    func refresh() {
        let remote = config.configValue(forKey: "beta_search").boolValue
        UserDefaults.standard.set(remote, forKey: "beta_search")
        UserDefaults.standard.set(true, forKey: "showDebugOverlay")
        _ = UserDefaults.standard.bool(forKey: "showDebugOverlay")
        _ = config["showDebugOverlay"].boolValue
        _ = "beta_search"
    }
}
