enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    if flags.isFeatureOn(.inbox) {
        return
    }
    func helper() { log("old") }
    helper()
}
