enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    var mode = 1
    log("\(mode)")
}
