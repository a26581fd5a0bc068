// The Swift source side of ToggleLedger, a target of its own above the ledger's core:
// Lexer/ (tokens and names), References/ (the reference scanner, `scan`), Cleanup/
// (`toggles cleanup`), Generation/ (`export swift`, `sync swift`). `import SwiftSource` is
// enough to use it: the layers below are re-exported, as `ToggleLedger` does.
@_exported import LedgerModel
@_exported import LedgerPlatform
@_exported import LedgerStore
@_exported import LedgerCore
