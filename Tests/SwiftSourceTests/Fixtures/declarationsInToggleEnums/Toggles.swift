import ToggleKit

/// Remote toggles. `case isNotAToggle` in this doc comment is not a declaration.
enum RemoteToggle: String, ToggleType, CaseIterable {
    case isRoundedAvatar
    case isStoriesEnabled, shouldWeIncludePluto
    // A multi-line declaration:
    case isPaymentsKillSwitchOn,
         isNewOnboardingEnabled
    case isDarkModeForced = "is_dark_mode_forced"

    var defaultValue: Bool {
        switch self {
        case .isStoriesEnabled: return true
        default: return false
        }
    }
}

enum InternalToggle: ToggleType {
    case isLikeButtonForMomentEnabled
    case isSwiftUIEnabled

    enum Section { case timeline, profile }
}

enum BuildTargetToggle: ToggleType {
    case debug, `internal`, production
}

/// A team's own toggle enum, recognised by its conformance.
public enum CheckoutToggle: String, ToggleKit.ToggleType {
    case isApplePayEnabled
}

enum Route {
    case isSwiftUIEnabled
    case settings(section: Int)
}
