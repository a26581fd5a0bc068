func run(flags: any FlagQuery) {
    if flags.isFeatureOn("inbox") {
        log("new")
    } else {
        log("old")
    }
}
