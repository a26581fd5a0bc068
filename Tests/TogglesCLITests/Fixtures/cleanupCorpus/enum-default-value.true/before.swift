enum FeatureFlag: String {
    case sync
    /// The new inbox.
    case inbox = "inbox"
    case search

    var defaultValue: Bool {
        switch self {
        case .sync: return false
        case .inbox: return true
        case .search: return false
        }
    }

    var title: String {
        switch self {
        case .sync, .inbox:
            return "Mail"
        case .search:
            return "Search"
        }
    }
}
