#!/usr/bin/env bash
# Fuzzes the log reader and the event decoder with libFuzzer for a fixed budget.
#
#   Fuzz/run.sh                 # 60 seconds
#   FUZZ_SECONDS=600 Fuzz/run.sh
#   FUZZ_RUNS=100000 Fuzz/run.sh   # a fixed number of executions instead
#
# Compiles the library's sources with Fuzz/FuzzEntry.swift using `swiftc -sanitize=fuzzer`
# (Linux toolchains ship libFuzzer; Xcode's does not) plus AddressSanitizer, seeds the corpus
# with this repository's own events, and runs. A crash leaves `crash-*` in .build/fuzz and
# exits non-zero. Not part of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swiftc >/dev/null 2>&1; then export PATH="/opt/swift/usr/bin:$PATH"; fi

work=.build/fuzz
mkdir -p "$work/corpus"
# The library is one target per layer (docs/architecture.md); the fuzzer builds them as one
# module, so the imports between layers (and the product's re-exports) go.
flat="$work/sources"
rm -rf "$flat" && mkdir -p "$flat"
# SegmentRevision (the `audit --git` line comparison) lives in the CLI, its only user.
for file in $(find Sources/Ledger* Sources/ToggleLedger -name '*.swift' ! -path Sources/ToggleLedger/ToggleLedger.swift | sort) Sources/TogglesCLI/Git/SegmentRevision.swift; do
    sed '/^import Ledger[A-Za-z]*$/d' "$file" > "$flat/$(echo "$file" | tr / _)"
done
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -module-name ToggleLedgerFuzz -I Sources/CacheHints/include \
    $(find "$flat" -name '*.swift' | sort) Fuzz/FuzzEntry.swift \
    -o "$work/fuzz-reader"

# Seeds: every segment of the repository's own log, and its lines one by one.
n=0
for file in $(find events -name '*.jsonl' 2>/dev/null | sort); do
    cp "$file" "$work/corpus/segment-$n"
    n=$((n + 1))
done
cp Fuzz/seeds/* "$work/corpus/" 2>/dev/null || true

budget=(-max_total_time="${FUZZ_SECONDS:-60}")
if [ -n "${FUZZ_RUNS:-}" ]; then budget=(-runs="$FUZZ_RUNS"); fi
cd "$work"
# Let libFuzzer, not the Swift runtime backtracer, catch the trap so it saves the input.
export SWIFT_BACKTRACE=enable=no
./fuzz-reader corpus "${budget[@]}" -max_len="${FUZZ_MAX_LEN:-4096}" -timeout=10 -print_final_stats=1 "$@"
