enum FeatureFlag: String {
    case inbox
    case sync

    var enabled: Bool { rawValue.count > 4 }
}

func run() {
    if FeatureFlag.inbox.enabled {
        log("new")
    }
}
