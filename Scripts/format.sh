#!/usr/bin/env bash
# Formats the package's Swift code with `swift format` (in the toolchain) and the committed
# .swift-format: layout only (every rule that rewrites code is off).
#   Scripts/format.sh           # formats in place
#   Scripts/format.sh --check   # formats nothing; lists the files that are not formatted, exit 1 if any
# Test fixtures (Tests/*/Fixtures) and golden files (Tests/*/Snapshots) are bytes the tests compare, so they are left alone.
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
  find Sources Tests Package.swift Examples Benchmarks Plugins Fuzz \
    \( -name .build -o -name Fixtures -o -name Snapshots \) -prune -o -name '*.swift' -type f -print0 2>/dev/null | sort -z)

case "${1:-}" in
  --check)
    # `lint --strict` reports every line the formatter would change as file:line:column: …
    if output=$(swift format lint --strict --parallel --configuration .swift-format "${files[@]}" 2>&1); then
      echo "format: ${#files[@]} files formatted"
    else
      unformatted=$(printf '%s\n' "$output" | grep -oE '^[^:]+\.swift' | sort -u || true)
      if [ -z "$unformatted" ]; then
        printf '%s\n' "$output" >&2
        echo "format: swift format lint failed" >&2
      else
        echo "format: these files are not formatted (run Scripts/format.sh):" >&2
        printf '%s\n' "$unformatted" | sed 's/^/  /' >&2
      fi
      exit 1
    fi
    ;;
  "")
    swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
    ;;
  *)
    echo "usage: Scripts/format.sh [--check]" >&2
    exit 64
    ;;
esac
