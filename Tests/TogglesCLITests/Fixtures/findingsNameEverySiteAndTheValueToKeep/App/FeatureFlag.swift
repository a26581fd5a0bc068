public enum FeatureFlag: String {
    case newCheckout = "new_checkout"
    case darkSplash = "dark_splash"
    case legacyFeed = "legacy_feed"
}
