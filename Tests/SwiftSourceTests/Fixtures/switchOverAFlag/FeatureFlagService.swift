// Shaped after WooCommerce iOS: a service switches over the flag, and other enums
// declare cases with the same names.
enum FeatureFlag: Int {
    case inbox
    case pointOfSale
    case sync
}

enum MainTab {
    case inbox
    case pointOfSale
}

struct DefaultFeatureFlagService {
    func isFeatureFlagEnabled(_ featureFlag: FeatureFlag) -> Bool {
        switch featureFlag {
        case .inbox, .pointOfSale:
            return true
        case .sync:
            let tab: MainTab = .inbox
            switch tab {
            case .inbox: return false
            case .pointOfSale: return true
            }
        }
    }
}

func select(_ tab: MainTab) {
    switch tab {
    case .inbox: print("inbox")
    default: break
    }
}

// Shaped after DuckDuckGo iOS's debug screen: the subject is another enum built from a row.
enum FeatureFlagRows: Int {
    case inbox
}

func title(row: Int) -> String {
    switch FeatureFlagRows(rawValue: row) {
    case .inbox: return "Inbox"
    case nil: return ""
    }
}

// A pattern inside a case body matches another value: `if case .sync = destination` is not
// the flag's, though it stands in `switch featureFlag`.
enum Destination {
    case sync
}

func route(_ featureFlag: FeatureFlag, to destination: Destination) -> Bool {
    switch featureFlag {
    case .sync:
        if case .sync = destination { return true }
        return false
    default:
        return false
    }
}
