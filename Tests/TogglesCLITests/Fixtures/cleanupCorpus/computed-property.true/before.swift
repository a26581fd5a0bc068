enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

struct Screen {
    let flags: FlagService

    var showsInbox: Bool { flags.isFeatureOn(.inbox) }
    var showsMail: Bool { !flags.isFeatureOn(.inbox) }
}
