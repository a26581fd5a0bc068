enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

struct Unsupported: Error {}

func run(flags: FlagService, ready: Bool, other: Bool) throws {
    log("start")
    if flags.isFeatureOn(.inbox) {
        log("new")
        throw Unsupported()
    }
    // The old way.
    log("old")

    log("done")
}
