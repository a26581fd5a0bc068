enum FeatureFlags {}
enum LabFlags { static let sync = true }

func run() {
    if LabFlags.sync { log("sync") }
}
