enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    log("a")
    // Shows the new inbox.
    if flags.isFeatureOn(.inbox) { log("new") } // until 2.5
    log("b")
}
