enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let enabled = flags.isFeatureOn(.inbox)
    if enabled {
        log("on")
    } else {
        log("off")
    }
}
