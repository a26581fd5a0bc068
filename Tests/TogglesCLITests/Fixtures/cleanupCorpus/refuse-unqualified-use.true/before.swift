struct FeatureFlags {
    static let inbox = false
    static let sync = true
    static var all: [Bool] { [inbox, sync] }
}

func run() {
    if FeatureFlags.inbox {
        log("new")
    }
}
