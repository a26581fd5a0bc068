import Foundation

enum Keys {
    static let syncKey = "sync"
}

func run() {
    log("new")
}
