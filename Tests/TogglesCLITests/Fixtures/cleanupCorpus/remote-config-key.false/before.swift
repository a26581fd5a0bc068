func run(remoteConfig: RemoteConfigStub) {
    if remoteConfig.configValue(forKey: "inbox").boolValue {
        log("new")
    }
    let subscripted = remoteConfig["inbox"].boolValue ? 1 : 0
    log("\(subscripted)")
}
