struct FeatureFlags {
    static let sync = true
}

func run() {
    log("new inbox")
}
