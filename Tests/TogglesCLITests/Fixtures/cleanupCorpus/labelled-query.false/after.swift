enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(for flag: FeatureFlag) -> Bool
}

func run(flags: FlagService) {
    log("after")
}
