func trackFeature(_ name: String) {}

func run(flags: any FlagQuery) {
    trackFeature("inbox")
    if flags.isFeatureOn("inbox") {
        log("new")
    }
}
