enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let name: String? = "x"
    guard let name else { return }
    log(name)
}
