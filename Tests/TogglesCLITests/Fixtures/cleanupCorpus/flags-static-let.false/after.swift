enum FeatureFlags {
    static let sync: Bool = true
}

func run() -> Int {
    if FeatureFlags.sync {
        log("sync only")
    }
    return 1
}
