enum FeatureFlag: String {
    case sync, search
}

func run(flag: FeatureFlag) {
    switch flag {
    case .sync: log("sync")
    case .search: log("search")
    }
}
