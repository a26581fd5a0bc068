enum RemoteToggle: String, ToggleType {
    case isRoundedAvatar, isStoriesEnabled
    case isDarkModeForced = "is_dark_mode_forced"
}
enum InternalToggle: String, ToggleType { case isLikeButtonForMomentEnabled }
enum CheckoutToggle: String, ToggleType { case isApplePayEnabled }
extension BuildTargetToggle {
    static let current = BuildTargetToggle.debug
}
