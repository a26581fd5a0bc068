enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool, mode: Int) {
    switch mode {
    case 1:
        if flags.isFeatureOn(.inbox) {
            return
        }
        log("one")
    default:
        log("other")
    }
}
