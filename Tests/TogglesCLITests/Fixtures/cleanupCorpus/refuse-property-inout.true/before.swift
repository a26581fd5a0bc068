struct FeatureFlags {
    var inbox = false
}

func flip(_ value: inout Bool) { value.toggle() }

func run(flags: inout FeatureFlags) {
    flip(&flags.inbox)
}
