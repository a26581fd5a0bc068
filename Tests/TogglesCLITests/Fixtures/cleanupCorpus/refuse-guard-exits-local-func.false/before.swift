enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    guard flags.isFeatureOn(.inbox) else {
        return
    }
    struct Helper {}
    log("\(Helper())")
}
