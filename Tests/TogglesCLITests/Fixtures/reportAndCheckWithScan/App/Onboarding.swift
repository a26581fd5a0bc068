import ToggleKit

struct Onboarding {
    let store: TogglesDataStoreType

    // RemoteToggle.isOldOnboarding in a comment does not count.
    var showsOldFlow: Bool { store.isToggleOn(RemoteToggle.isOldOnboarding) }
}
