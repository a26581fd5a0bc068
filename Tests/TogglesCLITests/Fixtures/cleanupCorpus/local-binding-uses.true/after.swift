enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    log("start")
    if ready {
        log("a")
    }
    log("x")
    let items = [1, 2].filter { _ in false }
    log("\(items)")
}
