import Foundation

/// Writes a command's `--output FILE`, replacing it atomically.
enum OutputFile {
    static func write(_ text: String, to path: String, _ context: CommandContext) throws {
        let url = URL(fileURLWithPath: context.resolve(path))
        // Foundation says only "The file doesn't exist" when the folder is missing: name the folder.
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            let shown = (path as NSString).deletingLastPathComponent
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): the folder \(shown.isEmpty ? folder : shown) does not exist; create it first")
        }
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): \(error.localizedDescription)")
        }
        context.note("wrote \(path)")
    }
}
