struct FeatureFlags {
    let inbox: Bool

    init(remote: Bool) { self.inbox = remote }
}

func run(flags: FeatureFlags) {
    if flags.inbox {
        log("new")
    }
}
