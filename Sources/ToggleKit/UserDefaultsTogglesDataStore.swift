import Foundation

/// Local toggles kept on the device in `UserDefaults`, changed from an internal menu.
///
/// The toggles' in-app defaults are registered (not written), so a new default shipped in a
/// release applies to every device that never changed the toggle by hand.
public final class UserDefaultsTogglesDataStore: TogglesDataStoreType, @unchecked Sendable {
    // UserDefaults is thread-safe; the class holds nothing else that changes.
    public let userDefaults: UserDefaults

    /// - Parameters:
    ///   - toggles: the toggles whose defaults to register, e.g. `InternalToggle.allCases`.
    ///   - userDefaults: where values live; inject a suite (`UserDefaults(suiteName:)`) in tests.
    public init(toggles: [any ToggleType], userDefaults: UserDefaults = .standard) {
        self.userDefaults = userDefaults
        var defaults: [String: Any] = [:]
        for toggle in toggles { defaults[toggle.key] = toggle.defaultValue }
        userDefaults.register(defaults: defaults)
    }

    public func isToggleOn(_ toggle: any ToggleType) -> Bool {
        guard userDefaults.object(forKey: toggle.key) != nil else { return toggle.defaultValue }
        return userDefaults.bool(forKey: toggle.key)
    }

    public func update(toggle: any ToggleType, value: Bool) {
        userDefaults.set(value, forKey: toggle.key)
    }

    /// Forgets a value set by hand, so the registered default applies again.
    public func reset(toggle: any ToggleType) {
        userDefaults.removeObject(forKey: toggle.key)
    }
}
