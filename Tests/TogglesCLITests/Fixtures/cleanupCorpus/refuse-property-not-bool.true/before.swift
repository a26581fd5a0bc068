struct LabFeature {
    let key: String
    var isEnabled: Bool { key.count > 3 }
}

final class LabFeatures {
    static let shared = LabFeatures()
    let inbox = LabFeature(key: "lab.inbox")
}

func show(_ feature: LabFeature) {}

func run() {
    show(LabFeatures.shared.inbox)
}
