import ToggleKit

struct FeedView {
    let remote: TogglesDataStoreType
    let remoteConfig: RemoteConfig

    // RemoteToggle.isStoriesEnabled is mentioned in a comment only.
    func body() -> Bool {
        let color = remoteConfig.configValue(forKey: "appPrimaryColor").stringValue
        return remote.isToggleOn(RemoteToggle.isRoundedAvatar) && remote.isToggleOn(.isStoriesEnabled) && !color.isEmpty
    }
}
