enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService) {
    if flags.isFeatureOn(.inbox) { log("new") }; log("after")
    log("first"); if flags.isFeatureOn(.inbox) { log("new") }
    do { if flags.isFeatureOn(.inbox) { log("new") } }
}
