enum FeatureFlag: String {
    case inbox
    case sync
}

protocol FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
}

struct LiveService: FlagService {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool { false }
}

func makeService() -> FlagService { LiveService() }

func run() {
    if makeService().isFeatureOn(.inbox) {
        log("new")
    }
}
