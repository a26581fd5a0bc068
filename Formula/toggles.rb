# Homebrew formula for `toggles`, built from source. The repository is its own tap:
#   brew tap YOUR-ORG/toggleledger https://github.com/YOUR-ORG/ToggleLedger
#   brew install --HEAD toggles
# (Homebrew 4.6 and later install formulae only from taps, not from a file path.) On a release,
# set `url` to the tag's archive and `sha256` to its checksum (`curl -sL URL | shasum -a 256`).
# Tests/TogglesCLITests/HomebrewFormulaTests.swift checks its shape offline.
class Toggles < Formula
  desc "Feature-toggle lifecycles as an append-only event log, with a stale-toggle CI gate"
  homepage "https://github.com/YOUR-ORG/ToggleLedger"
  url "https://github.com/YOUR-ORG/ToggleLedger/archive/refs/tags/0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/YOUR-ORG/ToggleLedger.git", branch: "main"

  # Swift 6: Xcode 16 on macOS, Homebrew's swift on Linux.
  on_macos do
    depends_on xcode: ["16.0", :build]
  end
  uses_from_macos "swift" => :build

  def install
    # SwiftPM's own sandbox cannot nest inside Homebrew's build sandbox.
    system "swift", "build", "-c", "release", "--disable-sandbox", "--product", "toggles"
    bin.install ".build/release/toggles"
    man1.install "docs/toggles.1"
    generate_completions_from_executable(bin/"toggles", "--generate-completion-script")
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/toggles version")
    system bin/"toggles", "create", "isRoundedAvatar", "--kind", "remote", "--type", "bool",
           "--default", "false", "--actor", "brew@example.com"
    assert_match "isRoundedAvatar", shell_output("#{bin}/toggles state")
  end
end
