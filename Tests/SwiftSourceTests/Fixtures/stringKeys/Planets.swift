import FirebaseRemoteConfig

final class PlanetsViewModel {
    let remoteConfig = RemoteConfig.remoteConfig()
    @RemoteConfigProperty(key: "appPrimaryColor", fallback: "#FBB03B") var primaryColor: String

    func load(prefix: String) {
        let rounded = remoteConfig["isRoundedAvatar"].boolValue
        let scale = remoteConfig.configValue(forKey: "planetImageScaleFactor").numberValue
        let color = RemoteConfig.remoteConfig()["appPrimaryColor"].stringValue
        let pluto = remoteConfig.configValue(forKey: "shouldWeIncludePluto",
                                             source: .remote).boolValue
        // Not references: an array literal, an unknown key, an interpolated key, a user default.
        let names = ["isRoundedAvatar"]
        let other = remoteConfig.configValue(forKey: "somethingElse")
        let built = remoteConfig["\(prefix)isRoundedAvatar"]
        let seen = UserDefaults.standard.bool(forKey: "hasSeenOnboarding")
        print(rounded, scale, color, pluto, names, other, built, seen)
    }
}
