import LedgerPlatform
import LedgerModel
extension LogWriter {
    /// Removes the hidden `.tmp-*` files a killed writer left in `folder`.
    ///
    /// Call only while holding the log's lock: every writer writes its temporary file under
    /// the lock, so any such file found then belongs to a writer that died before its
    /// rename. Readers never read them (hidden names are skipped); removing them keeps them
    /// out of `git add events/`. Failures are ignored: a stale file is harmless.
    func removeAbandonedTemporaryFiles(in folder: String) {
        guard let names = try? SystemCalls.directoryEntries(folder) else { return }
        for name in names where name.hasPrefix(".tmp-") {
            SystemCalls.unlink(folder + "/" + name)
        }
    }
}
