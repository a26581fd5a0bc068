enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let flagsHolder = (flags: flags, name: "x")
    if !flagsHolder.flags.isFeatureOn(.inbox) {
        log("old")
    }
}
