enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let on = true
    let pairs = [(1, true)].map { number, on in on ? number : 0 }
    log("\(pairs) \(on ? 1 : 2)")
}
