enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flag: FeatureFlag) {
    switch flag {
    case .sync:
        log("some")
    }
}
