import Foundation
import ToggleLedger
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's `--output FILE`: a regular file is replaced atomically (a reader never
/// sees half a report); a symlink is written through, so the link stays a link; a device or a
/// pipe (`/dev/null`, `/dev/stdout`, a shell's `>(…)`) is written in place, because renaming a
/// file over it would replace what the user named.
enum OutputFile {
    static func write(_ text: String, to path: String, _ context: CommandContext) throws {
        let resolved = context.resolve(path)
        switch destination(resolved) {
        case .folder:
            throw CommandFailure(status: .invalidLog, message: "cannot write \(path): it is a folder; name a file")
        case .inPlace:
            do {
                let descriptor = try SystemCalls.open(resolved, O_WRONLY | O_CREAT | O_TRUNC)
                defer { SystemCalls.close(descriptor) }
                var bytes = Array(text.utf8)
                try bytes.withUnsafeMutableBytes { try SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer($0), path: path) }
            } catch let error as SystemCallError {
                throw CommandFailure(status: .invalidLog, message: "cannot write \(path): \(error)")
            }
        case .replace(let file):
            let url = URL(fileURLWithPath: file)
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
        }
        context.note("wrote \(path)")
    }

    private enum Destination: Equatable {
        case replace(String)
        case inPlace
        case folder
    }

    private static func destination(_ path: String) -> Destination {
        switch SystemCalls.fileType(path) {
        case nil, .regular: return .replace(path)
        case .directory: return .folder
        case .other: return .inPlace
        case .symlink:
            // A link to a regular file: replace the file it points to. A link to a device or a
            // pipe (`/dev/stdout`, `/dev/fd/N`) or a dangling one: write through the link.
            guard let target = SystemCalls.realPath(path) else { return .inPlace }
            switch SystemCalls.fileType(target) {
            case .regular: return .replace(target)
            case .directory: return .folder
            default: return .inPlace
            }
        }
    }
}
