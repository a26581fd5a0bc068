struct FeatureFlags {
    let remote: RemoteConfigStub

    var inbox: Bool { remote.configValue(forKey: "inbox").boolValue }
    var sync: Bool { true }
}

func run(flags: FeatureFlags) {
    if flags.inbox {
        log("new")
    }
}
