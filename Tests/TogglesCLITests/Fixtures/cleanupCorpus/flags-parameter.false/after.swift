struct FeatureFlags {
    var sync = false
}

func run(flags: FeatureFlags) {
    log("always")
}
