final class FeatureFlags {
    var inbox = false
}

func run(flags: FeatureFlags) {
    flags.inbox = true
    if flags.inbox {
        log("new")
    }
}
