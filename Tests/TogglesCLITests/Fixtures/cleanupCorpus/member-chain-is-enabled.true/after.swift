struct LabFeature {
    let key: String
    var isEnabled: Bool { key.count > 3 }
}

final class LabFeatures {
    static let shared = LabFeatures()
    let grid = LabFeature(key: "lab.grid")
}

func run() {
    log("new")
}
