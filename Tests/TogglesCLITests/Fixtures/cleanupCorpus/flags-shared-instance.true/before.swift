final class FeatureFlags {
    static let shared = FeatureFlags()
    var inbox: Bool = false
    var sync: Bool = false
}

func run() {
    if FeatureFlags.shared.inbox && work() {
        log("new")
    }
}
