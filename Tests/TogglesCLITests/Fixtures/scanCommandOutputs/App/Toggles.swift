import ToggleKit

enum RemoteToggle: String, ToggleType {
    case isRoundedAvatar
    case isStoriesEnabled
    case isBrandNewThing
}

enum InternalToggle: String, ToggleType {
    case isSwiftUIEnabled
}
