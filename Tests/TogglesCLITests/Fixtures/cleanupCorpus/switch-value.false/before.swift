enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    switch flags.isFeatureOn(.inbox) {
    case true:
        log("new")
    case false:
        log("old")
    }
}
