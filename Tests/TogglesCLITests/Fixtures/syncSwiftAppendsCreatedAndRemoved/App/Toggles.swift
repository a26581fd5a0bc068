import ToggleKit

enum BuildTargetToggle: String, ToggleType {
    case debug, production
}

enum InternalToggle: String, ToggleType {
    case isSwiftUIEnabled
    case isLikeButtonEnabled

    var defaultValue: Bool {
        switch self {
        case .isSwiftUIEnabled, .isLikeButtonEnabled: return true
        }
    }
}

// isStoriesEnabled was deleted from this enum.
enum RemoteToggle: String, ToggleType {
    case isRoundedAvatar
    case isBrandNewThing
}

enum RemoteConfigKeys: String, RemoteConfigKey {
    case appPrimaryColor
    case planetImageScaleFactor
    case welcomeMessage
    case maximumMoments

    var defaultValue: RemoteConfigValue {
        switch rawValue {
        case "appPrimaryColor": return "#FBB03B"
        default: return ""
        }
    }
}
