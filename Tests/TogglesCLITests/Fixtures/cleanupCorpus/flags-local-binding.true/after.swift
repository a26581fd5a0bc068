struct FeatureFlags {
}

func run(ready: Bool) {
    if ready {
        log("shown")
    }
}
