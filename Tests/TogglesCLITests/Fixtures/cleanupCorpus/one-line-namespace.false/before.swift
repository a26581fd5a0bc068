enum FeatureFlags { static let inbox = false }
enum LabFlags { static let sync = true; static let inbox = false }

func run() {
    if FeatureFlags.inbox { log("new inbox") }
    if LabFlags.sync { log("sync") }
}
