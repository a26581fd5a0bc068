enum FeatureFlag: String {
    case inbox = "inbox"
    case sync = "sync"

    var defaultValue: Bool {
        switch rawValue {
        case "inbox": return true
        default: return false
        }
    }
}
