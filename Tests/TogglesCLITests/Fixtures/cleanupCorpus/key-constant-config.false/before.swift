enum RCKeys {
    static let inboxKey = "inbox"
}

func run(config: RemoteConfigStub) {
    let old = !config.configValue(forKey: RCKeys.inboxKey).boolValue
    if config[RCKeys.inboxKey].boolValue {
        log("new")
    } else if old {
        log("old")
    }
}
