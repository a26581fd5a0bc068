func run(flags: any FlagQuery) {
    log("new")
}
