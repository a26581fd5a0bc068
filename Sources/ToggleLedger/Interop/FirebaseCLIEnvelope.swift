import LedgerModel

/// The Firebase CLI's `--json` output: `{"status": "success", "result": …}` (firebase-tools
/// `src/command.ts`). `firebase remoteconfig:get --json` prints the whole template in
/// `result`, version block included, which `remoteconfig:get -o FILE` deletes on purpose; so
/// the envelope is accepted as is, and a failed command's envelope is refused with its message.
enum FirebaseCLIEnvelope {
    /// `value`'s `result` when `value` is the CLI's envelope; `value` itself otherwise.
    static func unwrap(_ value: JSONValue, file: String?, expecting what: String) throws(InteropError) -> JSONValue {
        guard let object = value.objectValue, let status = object["status"], object.keys.allSatisfy({ ["status", "result", "error"].contains($0) }) else {
            return value
        }
        guard status == .string("success"), let result = object["result"] else {
            let message = object["error"].flatMap { $0.stringValue ?? $0.objectValue?["message"]?.stringValue } ?? "no result"
            throw InteropError(file: file, "the firebase CLI reported status \(JSONWriter.string(status)) instead of \(what): \(message)")
        }
        return result
    }
}
