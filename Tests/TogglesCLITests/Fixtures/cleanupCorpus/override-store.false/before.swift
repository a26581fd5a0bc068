enum FeatureFlag: String {
    case inbox
    case sync

    var enabled: Bool { rawValue.count > 4 }
}

struct OverrideStore {
    func override(_ flag: FeatureFlag, withValue value: Bool) throws {}
}

func sync(remote: Bool) {
    do {
        try OverrideStore().override(FeatureFlag.inbox, withValue: remote)
        try OverrideStore().override(FeatureFlag.sync, withValue: remote)
    } catch {
        log("failed")
    }
}
