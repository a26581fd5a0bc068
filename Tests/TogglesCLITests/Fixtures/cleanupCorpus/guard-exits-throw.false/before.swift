enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

struct Unsupported: Error {}

func run(flags: FlagService, ready: Bool, other: Bool) throws -> Int {
    let base = 1
    guard ready, flags.isFeatureOn(.inbox) else {
        log("no \(base)")
        throw Unsupported()
    }
    log("after")
    return base
}
