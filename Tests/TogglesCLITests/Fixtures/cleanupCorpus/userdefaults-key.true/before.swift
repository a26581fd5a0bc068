import Foundation

func run() {
    if UserDefaults.standard.bool(forKey: "inbox") {
        log("new")
    }
}
