enum FeatureFlags {
    /// The new inbox, behind a flag until 3.2.
    static let inbox: Bool = true
    static let sync: Bool = true
}

func run() -> Int {
    if !FeatureFlags.inbox && FeatureFlags.sync {
        log("sync only")
    }
    return FeatureFlags.inbox ? 2 : 1
}
