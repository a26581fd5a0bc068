enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flag: FeatureFlag) {
    switch flag {
    case .inbox, .sync:
        log("some")
    }
}
