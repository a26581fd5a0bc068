enum RCKeys {
}

func run(config: RemoteConfigStub) {
    let old = true
    if old {
        log("old")
    }
}
