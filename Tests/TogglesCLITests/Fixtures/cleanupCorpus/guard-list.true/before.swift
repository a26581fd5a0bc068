enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let name: String? = "x"
    guard let name, flags.isFeatureOn(.inbox) else { return }
    log(name)
}
