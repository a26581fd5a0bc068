final class FeatureFlags {
    static let shared = FeatureFlags()
    var sync: Bool = false
}

func run() {
    if work() {
        log("new")
    }
}
