enum FeatureFlag: String {
    case sync
    case search

    var defaultValue: Bool {
        switch self {
        case .sync: return false
        case .search: return false
        }
    }

    var title: String {
        switch self {
        case .sync:
            return "Mail"
        case .search:
            return "Search"
        }
    }
}
