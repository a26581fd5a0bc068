struct FeatureFlags {
    let remote: RemoteConfigStub

    var sync: Bool { true }
}

func run(flags: FeatureFlags) {
}
