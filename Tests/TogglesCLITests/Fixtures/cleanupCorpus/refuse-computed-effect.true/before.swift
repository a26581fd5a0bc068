struct FeatureFlags {
    var inbox: Bool {
        log("inbox read")
        return true
    }
}

func run(flags: FeatureFlags) {
    if flags.inbox {
        log("new")
    }
}
