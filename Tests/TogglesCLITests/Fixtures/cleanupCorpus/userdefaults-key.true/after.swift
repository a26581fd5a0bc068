import Foundation

func run() {
    log("new")
}
