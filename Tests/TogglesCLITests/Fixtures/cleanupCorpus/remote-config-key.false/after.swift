func run(remoteConfig: RemoteConfigStub) {
    let subscripted = 0
    log("\(subscripted)")
}
