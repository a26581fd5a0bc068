enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(for flag: FeatureFlag) -> Bool
}

func run(flags: FlagService) {
    if flags.isFeatureOn(for: .inbox) {
        log("new")
    }
    log("after")
}
