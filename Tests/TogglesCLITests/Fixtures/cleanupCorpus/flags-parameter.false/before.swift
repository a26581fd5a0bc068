struct FeatureFlags {
    var inbox = true
    var sync = false
}

func run(flags: FeatureFlags) {
    if flags.inbox {
        log("new")
    }
    log("always")
}
