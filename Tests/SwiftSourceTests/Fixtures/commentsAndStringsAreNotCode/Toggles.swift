enum RemoteToggle: String, ToggleType {
    case isRoundedAvatar, isStoriesEnabled
}
