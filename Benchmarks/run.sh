#!/bin/sh
# Reruns the ToggleLedger benchmark: builds the release binary, generates the logs with a
# fixed seed (cached in Benchmarks/.work), and prints the tables of docs/performance.md
# (first the scan of a generated 5,000-file Swift tree, then the logs).
#   Benchmarks/run.sh                 # 100k and 1M events
#   Benchmarks/run.sh --with-5m       # also 5M events (about 1 GB, a few minutes to generate)
#   Benchmarks/run.sh --sizes 100k --repeat 1
#   Benchmarks/run.sh --scan-only     # only `toggles scan` of the 5,000-file Swift tree
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product toggles >&2
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //'), \
$(awk '/MemTotal/ {printf "%.0f GB RAM", $2/1048576}' /proc/meminfo 2>/dev/null)"
exec python3 Benchmarks/bench.py "$@"
