enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let size = if flags.isFeatureOn(.inbox) { 1 } else { 2 }
    log("\(size)")
}
