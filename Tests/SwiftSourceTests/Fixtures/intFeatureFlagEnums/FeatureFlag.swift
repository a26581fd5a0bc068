/// Like WordPress and WooCommerce: an Int enum, queried through a service or `.enabled`.
public enum FeatureFlag: Int {
    case barcodeScanner
    case inbox
}

public enum ScreenSwitch {
    case inbox
}

func configure(service: FeatureFlagService) {
    if service.isFeatureFlagEnabled(.barcodeScanner) { print("scanner") }
    if FeatureFlag.inbox.enabled { print("inbox") }
    let screen: ScreenSwitch = .inbox
    print(screen)
}
