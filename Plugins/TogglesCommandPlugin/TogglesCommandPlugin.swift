import Foundation
import PackagePlugin

/// `swift package toggles COMMAND …`: builds the `toggles` executable of this package and runs
/// it in the package's directory (where `events/` lives), so an app that depends on
/// ToggleLedger needs nothing else installed. Every `toggles` command works; its exit status
/// becomes the plugin's, so a CI step fails exactly as `toggles` itself would.
@main
struct TogglesCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try TogglesRun.run(tool: try context.tool(named: "toggles").url, in: context.package.directoryURL, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same from Xcode (File ▸ Packages, or the project's context menu): runs in the
/// project's directory.
extension TogglesCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try TogglesRun.run(tool: try context.tool(named: "toggles").url, in: context.xcodeProject.directoryURL, arguments: arguments)
    }
}
#endif

/// Runs the tool with the plugin's standard streams, so its report and errors reach the user
/// as `toggles` wrote them.
enum TogglesRun {
    static func run(tool: URL, in directory: URL, arguments: [String]) throws {
        var given = arguments
        // SwiftPM and Xcode add `--target NAME` for the targets chosen in their interface;
        // `toggles` has no such option, and the log is the package's, not a target's.
        var extractor = ArgumentExtractor(given)
        _ = extractor.extractOption(named: "target")
        given = extractor.remainingArguments
        let process = Process()
        process.executableURL = tool
        process.arguments = given
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            Diagnostics.error("toggles was killed by signal \(status)")
            exit(2)
        }
        // `toggles`'s own status (1 stale, 2 invalid log, 64 usage, 65 rejected): SwiftPM
        // then fails the `swift package` run, and toggles has already said why on stderr.
        if status != 0 { exit(status) }
    }
}
