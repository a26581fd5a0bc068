enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let scale = flags.isFeatureOn(.inbox) ? 1 : 2.5
    log("\(scale)")
}
