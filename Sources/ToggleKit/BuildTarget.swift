/// The build configuration an app was compiled for.
public enum BuildTarget: String, Sendable, CaseIterable {
    case debug
    case `internal`
    case production

    /// The build target from compilation conditions: `DEBUG`, else `INTERNAL`, else production.
    ///
    /// Pass the conditions **of the app**: `#if` in a library is decided when the library is
    /// compiled, so ToggleKit cannot see the app's `INTERNAL` flag. The generated
    /// `BuildTargetToggle.currentTarget` does this in the app's own module.
    public static func from(debug: Bool, internal isInternal: Bool) -> BuildTarget {
        if debug { return .debug }
        if isInternal { return .internal }
        return .production
    }
}

/// Build-target toggles: decided at compile time, never changed at run time.
///
/// A toggle whose key names a build target (`debug`, `internal`, `production`) is on exactly
/// when the app was built for that target; any other build toggle has its in-app default.
public final class BuildTargetTogglesDataStore: TogglesDataStoreType {
    public let target: BuildTarget

    public init(target: BuildTarget) {
        self.target = target
    }

    public func isToggleOn(_ toggle: any ToggleType) -> Bool {
        if let named = BuildTarget(rawValue: toggle.key) { return named == target }
        return toggle.defaultValue
    }

    /// Ignored: a build target cannot change while the app runs.
    public func update(toggle: any ToggleType, value: Bool) {}
}
