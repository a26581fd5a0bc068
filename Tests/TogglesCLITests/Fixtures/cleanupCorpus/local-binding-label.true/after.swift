enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func configure(enabled: Bool) {}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let enabled = true
    configure(enabled: enabled)
}
