struct FeatureFlags {
    static let inbox = false
    static let sync = true
}

func run() {
    if FeatureFlags.inbox {
        log("new inbox")
    } else {
        log("old inbox")
    }
}
