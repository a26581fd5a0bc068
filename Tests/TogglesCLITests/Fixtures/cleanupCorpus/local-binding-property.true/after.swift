enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

struct Screen {
    let flags: FlagService
    let enabled: Bool

    init(flags: FlagService) {
        self.flags = flags
        self.enabled = true
    }
}
