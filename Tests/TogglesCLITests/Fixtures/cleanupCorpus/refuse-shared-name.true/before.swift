struct Folder {
    var isEmpty: Bool { true }
}

struct Mailbox {
    var inbox = Folder()
}

struct FeatureFlags {
    static let inbox = false
}

func run() {
    let mailbox = Mailbox()
    if FeatureFlags.inbox && mailbox.inbox.isEmpty {
        log("new")
    }
}
