enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    for item in [1, 2] {
        if flags.isFeatureOn(.inbox) {
            continue
        }
        log("\(item)")
    }
    log("after")
}
