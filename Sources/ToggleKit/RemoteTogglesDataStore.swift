/// Remote toggles, decided by the server through any ``RemoteConfigProvider``.
///
/// Until the provider has fetched a value for a toggle (first launch, offline, a parameter
/// that is not published or uses the in-app default), the toggle's in-app default applies.
public final class RemoteTogglesDataStore: TogglesDataStoreType {
    public let provider: any RemoteConfigProvider

    public init(provider: any RemoteConfigProvider) {
        self.provider = provider
    }

    public func isToggleOn(_ toggle: any ToggleType) -> Bool {
        provider.bool(forKey: toggle.key) ?? toggle.defaultValue
    }

    /// Ignored: only the server changes a remote toggle.
    public func update(toggle: any ToggleType, value: Bool) {}
}
