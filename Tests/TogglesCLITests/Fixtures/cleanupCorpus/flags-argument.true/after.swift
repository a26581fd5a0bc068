struct FeatureFlags {
}

func show(_ enabled: Bool) {}

func run() {
    show(true)
}
