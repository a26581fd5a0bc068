enum RemoteToggle: String, ToggleType {
    case isRoundedAvatar
    case isStoriesEnabled
    case isOldOnboarding
    case isComputedDefault

    var defaultValue: Bool { self == .isStoriesEnabled }
}

enum CheckoutToggle: String, ToggleType {
    case isApplePayEnabled
}

enum RemoteConfigKeys: String, RemoteConfigKey {
    case appPrimaryColor
    case planetImageScaleFactor
    case bannerText
}
