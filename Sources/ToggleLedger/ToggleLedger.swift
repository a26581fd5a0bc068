// The library product embedders import: `import ToggleLedger` brings in the public API of
// every layer. This target holds the top layer (CodeReferences/, Reports/, Interop/) and
// re-exports the layers below it, which stay separate modules the compiler checks
// (see docs/architecture.md).
@_exported import LedgerModel
@_exported import LedgerPlatform
@_exported import LedgerStore
@_exported import LedgerCore
