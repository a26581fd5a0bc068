enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let name: String? = "x"
    if ready, flags.isFeatureOn(.inbox), let name {
        log(name)
    }
}
