struct LabFeature {
    let key: String
    var isEnabled: Bool { key.count > 3 }
}

final class LabFeatures {
    static let shared = LabFeatures()
    let inbox = LabFeature(key: "lab.inbox")
    let grid = LabFeature(key: "lab.grid")
}

func run() {
    guard LabFeatures.shared.inbox.isEnabled else {
        log("old")
        return
    }
    log("new")
}
