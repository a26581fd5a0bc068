enum FeatureFlag: String {
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

struct Unsupported: Error {}

func run(flags: FlagService, ready: Bool, other: Bool) throws {
    log("start")
    log("new")
    throw Unsupported()
}
