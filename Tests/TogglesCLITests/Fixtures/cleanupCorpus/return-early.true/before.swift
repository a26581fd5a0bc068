enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) -> Int {
    if flags.isFeatureOn(.inbox) {
        return 1
    }
    log("old")
    return 2
}
