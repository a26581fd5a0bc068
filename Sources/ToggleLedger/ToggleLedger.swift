// The library product embedders import: `import ToggleLedger` brings in the public API of
// every layer. The code lives in the layer targets (see docs/architecture.md); this target
// only re-exports them, so the layers stay separate modules the compiler checks.
@_exported import LedgerJSON
@_exported import LedgerPlatform
@_exported import LedgerModel
@_exported import LedgerStore
@_exported import LedgerCodeReferences
@_exported import LedgerCore
@_exported import LedgerReports
@_exported import LedgerInterop
