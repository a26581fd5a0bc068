enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let on = flags.isFeatureOn(.inbox)
    let pairs = [(1, true)].map { number, on in on ? number : 0 }
    log("\(pairs) \(on ? 1 : 2)")
}
