enum FeatureFlag: String {
    case sync = "sync"

    var defaultValue: Bool {
        switch rawValue {
        default: return false
        }
    }
}
