enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

struct Screen {
    let flags: FlagService

    var showsInbox: Bool { true }
    var showsMail: Bool { false }
}
