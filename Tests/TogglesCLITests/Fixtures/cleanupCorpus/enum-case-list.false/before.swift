enum FeatureFlag: String {
    case sync, inbox, search
}

func run(flag: FeatureFlag) {
    switch flag {
    case .sync: log("sync")
    case .inbox: log("inbox")
    case .search: log("search")
    }
}
