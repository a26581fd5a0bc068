import SwiftUI

struct CheckoutView: View {
    let featureFlagger: FeatureFlagger
    var usesNewFlow: Bool { featureFlagger.isFeatureOn(.newCheckout) }
    var alsoNew: Bool { FeatureFlag.newCheckout.enabled }
    var legacy: Bool { featureFlagger.isFeatureOn(.legacyFeed) }
    // featureFlagger.isFeatureOn(.darkSplash) is commented out
    var body: some View { Text(usesNewFlow ? "new" : "old") }
}
