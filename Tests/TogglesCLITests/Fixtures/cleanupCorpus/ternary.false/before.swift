enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

func run(flags: FlagService, ready: Bool, other: Bool) {
    let title = flags.isFeatureOn(.inbox) ? "Inbox" : "Mail"
    log(title)
}
