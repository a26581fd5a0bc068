// remoteConfig["isRoundedAvatar"] is read in PlanetsViewModel; RemoteToggle.isRoundedAvatar too.
/* A block comment /* with a nested one: RemoteToggle.isRoundedAvatar */
   still a comment: configValue(forKey: "isRoundedAvatar") */
/// Doc: `store.isToggleOn(.isRoundedAvatar)`.
struct Notes {
    let plain = "RemoteToggle.isRoundedAvatar"
    let escaped = "a quote \" then RemoteToggle.isRoundedAvatar"
    let multiline = """
        remoteConfig["isRoundedAvatar"]
        "RemoteToggle.isRoundedAvatar" inside triple quotes
        """
    let raw = #"remoteConfig["isRoundedAvatar"] and "quotes" RemoteToggle.isRoundedAvatar"#
    let rawTwo = ##"a "# is not the end: RemoteToggle.isRoundedAvatar"##
    let interpolated = "on: \(RemoteToggle.isStoriesEnabled) and \("nested \(RemoteToggle.isRoundedAvatar)")"
    let multilineInterpolated = """
        first line
        \(store.isToggleOn(.isStoriesEnabled)) "RemoteToggle.isRoundedAvatar"
        """
    let rawInterpolated = #"raw \#(RemoteToggle.isStoriesEnabled) not \(RemoteToggle.isRoundedAvatar)"#
    let store: TogglesDataStoreType
}
