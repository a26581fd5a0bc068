enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    var mode = 1
    mode = flags.isFeatureOn(.inbox) ? 2 : mode
    log("\(mode)")
}
