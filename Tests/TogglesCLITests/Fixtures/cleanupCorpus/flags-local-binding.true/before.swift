struct FeatureFlags {
    static let inbox = false
}

func run(ready: Bool) {
    let showsInbox = FeatureFlags.inbox
    if showsInbox && ready {
        log("shown")
    }
}
