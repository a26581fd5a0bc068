enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let count = 1
    do {
        if flags.isFeatureOn(.inbox) {
            let count = 2
            log("\(count)")
        }
        log("\(count)")
    }
    log("\(count)")
}
