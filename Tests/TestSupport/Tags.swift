import Testing

/// Tests that need a tool outside the package, so `swift test --skip <tag>` (or `--filter`)
/// can leave them out; each still skips with a reason when its tool is missing.
extension Tag {
    /// Runs `git`.
    @Tag package static var git: Self
    /// Runs `python3` (validators, recipe scripts).
    @Tag package static var python: Self
    /// Runs `jq`.
    @Tag package static var jq: Self
    /// Runs `duckdb`.
    @Tag package static var duckdb: Self
    /// Runs a headless Chromium.
    @Tag package static var chromium: Self
    /// Runs `zsh` or `fish` (completion scripts).
    @Tag package static var shell: Self
    /// Runs `groff` (the man page).
    @Tag package static var groff: Self
    /// Runs `ruby` (the Homebrew formula).
    @Tag package static var ruby: Self
    /// Runs `actionlint`.
    @Tag package static var actionlint: Self
    /// Builds Swift code with the toolchain (`swift build`, `swiftc`).
    @Tag package static var swiftToolchain: Self
    /// Starts the built `toggles` executable as its own process.
    @Tag package static var binary: Self
}
