enum Defaults {
    static let flags: [String: Bool] = [
        "inbox": true,
        "sync": false,
    ]
}

func run(flags: any FlagQuery) -> Bool {
    flags.isFeatureOn("inbox") || Defaults.flags.isEmpty
}
