import Foundation

public enum FeatureFlag: String {
    case debugMenu
    case sync
    case aiChat
    /// A flag whose raw value is the Remote Config key.
    case newSettingsStorage = "new_settings_storage"
}

extension FeatureFlag {
    public var supportsLocalOverriding: Bool {
        switch self {
        case .debugMenu, .aiChat: return true
        default: return false
        }
    }

    public var enabled: Bool { FeatureFlagger.shared.isFeatureOn(self) }
}

public protocol FeatureFlagger {
    func isFeatureOn(_ flag: FeatureFlag) -> Bool
    func isFeatureOn(for flag: FeatureFlag) -> Bool
}
