enum FeatureFlag: String {
    case sync

    var enabled: Bool { rawValue.count > 4 }
}

func run() {
    log("new")
}
