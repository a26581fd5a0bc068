enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let name: String? = "x"
    if let name {
        log(name)
    }
}
