struct FeatureFlags {
    static let inbox = false
}

func show(_ enabled: Bool) {}

func run() {
    show(FeatureFlags.inbox)
}
