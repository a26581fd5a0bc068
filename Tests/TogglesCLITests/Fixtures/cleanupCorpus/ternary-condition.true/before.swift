enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let size = ready && flags.isFeatureOn(.inbox) ? 2 : 3
    log("\(size)")
}
