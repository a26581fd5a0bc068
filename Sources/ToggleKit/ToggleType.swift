/// A feature toggle the app asks about: a build target, an internal (local) toggle or a
/// remote toggle.
///
/// Enums with `String` raw values get ``key`` for free; ``defaultValue`` is `false` unless the
/// enum says otherwise (`toggles export swift` generates it from the log).
public protocol ToggleType: Sendable {
    /// The name the toggle is stored under: the UserDefaults key, the Remote Config parameter.
    var key: String { get }
    /// The in-app default: the value used when nothing else decides.
    var defaultValue: Bool { get }
}

extension ToggleType where Self: RawRepresentable, Self.RawValue == String {
    public var key: String { rawValue }
}

extension ToggleType {
    public var defaultValue: Bool { false }
}

/// Where an app reads and changes toggles: one store per kind of toggle.
///
/// The Moments app pattern: views ask a store `isToggleOn(InternalToggle.isLikeButtonForMomentEnabled)`
/// and never know whether the answer came from the build, the device or the server.
public protocol TogglesDataStoreType: AnyObject, Sendable {
    /// Whether `toggle` is on.
    func isToggleOn(_ toggle: any ToggleType) -> Bool
    /// Changes `toggle` where the store allows it (the internal menu); stores whose values
    /// are decided elsewhere (build, server) ignore it.
    func update(toggle: any ToggleType, value: Bool)
}
