import ToggleKit

struct FeedView {
    let remote: TogglesDataStoreType
    let local: TogglesDataStoreType

    var showsRoundedAvatar: Bool { remote.isToggleOn(RemoteToggle.isRoundedAvatar) }

    func configure() {
        if local.isToggleOn(InternalToggle.isLikeButtonForMomentEnabled) && remote.isToggleOn(
            RemoteToggle
                .isStoriesEnabled) {
            print(RemoteToggle.allCases.count, BuildTargetToggle.current)
        }
        let key = RemoteToggle.isRoundedAvatar.rawValue
        _ = (key, RemoteToggle.isDarkModeForced, CheckoutToggle.isApplePayEnabled)
    }
}
