import Foundation
import Testing

/// Each target imports only the targets Package.swift lets it reach. The compiler enforces
/// this only when a target is built alone: in a whole-package build every module is on the
/// search path, so an `import LedgerPlatform` in LedgerModel compiled until
/// `swift build -c release --product toggles` failed on it. This reads Package.swift itself,
/// so the layer map has one source.
@Suite struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Target name → its direct dependencies, from `.target(name:dependencies:)` lines.
    static func declaredTargets() throws -> [String: [String]] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget)\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?"#)
        var targets: [String: [String]] = [:]
        let range = NSRange(manifest.startIndex..., in: manifest)
        for match in pattern.matches(in: manifest, range: range) {
            let name = String(manifest[Range(match.range(at: 1), in: manifest)!])
            var dependencies: [String] = []
            if let list = Range(match.range(at: 2), in: manifest) {
                dependencies = manifest[list].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }.filter { !$0.isEmpty }
            }
            targets[name] = dependencies
        }
        return targets
    }

    static func reachable(from target: String, in targets: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var queue = targets[target] ?? []
        while let next = queue.popLast() {
            if seen.insert(next).inserted { queue += targets[next] ?? [] }
        }
        return seen
    }

    @Test func everyImportOfAPackageModuleIsADeclaredDependency() throws {
        let targets = try Self.declaredTargets()
        // The manifest's own layers, so a parse that found nothing cannot pass.
        #expect(Set(["LedgerModel", "LedgerPlatform", "LedgerStore", "LedgerCore", "ToggleLedger", "TogglesCLI", "toggles", "ToggleKit"]).isSubset(of: Set(targets.keys)))
        #expect(!Self.reachable(from: "LedgerModel", in: targets).contains("LedgerPlatform"))
        var violations: [String] = []
        for (target, _) in targets {
            let allowed = Self.reachable(from: target, in: targets)
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                // Lines inside a multi-line string literal (generated code) are text, not imports.
                var inString = false
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inString.toggle(); continue }
                    if inString { continue }
                    let words = line.split(separator: " ")
                    guard let position = words.firstIndex(of: "import"), position + 1 < words.count,
                        words[..<position].allSatisfy({ $0.hasPrefix("@") })
                    else { continue }
                    let module = String(words[position + 1])
                    if targets[module] != nil, !allowed.contains(module) {
                        violations.append("\(file.path.dropFirst(Self.root.path.count + 1)):\(index + 1): imports \(module), which \(target) does not depend on")
                    }
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.sorted().joined(separator: "\n"))")
    }
}
