enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    log("start")
    // Read once.
    let on: Bool = flags.isFeatureOn(.inbox)
    if on && ready {
        log("a")
    }
    log(on ? "x" : "y")
    let items = [1, 2].filter { _ in !on }
    log("\(items)")
}
