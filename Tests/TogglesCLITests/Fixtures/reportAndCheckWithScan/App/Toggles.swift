import ToggleKit

enum RemoteToggle: String, ToggleType {
    case isRoundedAvatar
    case isOldOnboarding
    case isUnrecorded
}
