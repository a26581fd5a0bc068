#!/usr/bin/env bash
# The walk of a command: the source files one run of it executes a line of, measured by
# coverage instead of written down by hand, so docs/architecture.md cannot drift from the
# code. It builds `toggles` with coverage instrumentation (its own build path, so the
# ordinary .build is untouched), makes a scratch git repository with a few events, runs
#
#   toggles create …                                  (one create, dated by the writer)
#   toggles report --format html --output page.html
#
# each with its own profile, and lists every file under Sources/ with an executed line,
# grouped by target. The lists replace what stands between the `<!-- walk:NAME:begin -->`
# and `<!-- walk:NAME:end -->` markers in docs/architecture.md (when the markers are there)
# and are printed. Usage: Scripts/walk.sh [--print]   (--print: leave the document alone)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
write_doc=1
[ "${1:-}" = "--print" ] && write_doc=0

# The profile tools must match the compiler that wrote the profiles: the toolchain's own.
tool() {
  if command -v xcrun >/dev/null 2>&1; then xcrun --find "$1"; return; fi
  local beside
  beside="$(dirname "$(readlink -f "$(command -v swift)")")/$1"
  if [ -x "$beside" ]; then echo "$beside"; else command -v "$1"; fi
}
profdata=$(tool llvm-profdata)
cov=$(tool llvm-cov)

build=.build/walk
flags=(-Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping --build-path "$build")
swift build --product toggles "${flags[@]}" >&2
binary="$(swift build "${flags[@]}" --show-bin-path)/toggles"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repository="$work/repository"
mkdir -p "$repository" "$work/home"
cd "$repository"
git init -q
git config user.email walk@example.com
git config user.name walk
# A clean environment: no CI variables, no TOGGLES_ settings, a home of its own (no
# checkpoint from another run). `profile` names the file the run's counters go to.
profile="$work/setup.profraw"
t() { env -i PATH="$PATH" HOME="$work/home" LLVM_PROFILE_FILE="$profile" "$binary" "$@"; }

# The log the measured commands find: a few toggles, one published, one removed, committed.
t create isRoundedAvatar --kind remote --type bool --default false --owner ios@example.com \
  --expires 2026-10-31 --at 2026-06-15T09:30:00Z --actor mei@example.com >/dev/null
t publish isRoundedAvatar --value true --at 2026-07-01T07:45:00Z --actor mei@example.com >/dev/null
t create isSwiftUIEnabled --kind local --type bool --default false \
  --at 2026-02-09T08:00:00Z --actor ui@example.com >/dev/null
t create oldOnboarding --kind build --type bool --default true --category permission \
  --at 2025-03-03T09:15:00Z --actor jake@example.com >/dev/null
t remove oldOnboarding --at 2026-04-01T10:00:00Z --actor jake@example.com >/dev/null
git add -A && git commit -q -m events

walk() {  # NAME, then the command's arguments
  local name=$1
  shift
  rm -f "$work"/*.profraw
  profile="$work/$name.profraw"
  t "$@" >/dev/null
  "$profdata" merge -sparse "$profile" -o "$work/$name.profdata"
  "$cov" export -summary-only "$binary" -instr-profile="$work/$name.profdata" >"$work/$name.json"
}
walk create create isWalkEnabled --kind remote --type bool --default false --owner walk@example.com --expires 2099-01-31
walk report-html report --format html --output page.html

cd "$root"
python3 - "$work" "$root" "$write_doc" <<'PYTHON'
import json, re, sys
work, root, write_doc = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
document = root + "/docs/architecture.md"
text = open(document).read()
for name in ["create", "report-html"]:
    files = json.load(open(f"{work}/{name}.json"))["data"][0]["files"]
    walked = sorted(f["filename"].split("/Sources/", 1)[1] for f in files
                    if "/Sources/" in f["filename"] and f["summary"]["lines"]["covered"] > 0)
    targets = {}
    for path in walked:
        target, _, rest = path.partition("/")
        targets.setdefault(target, []).append(rest)
    lines = [f"{len(walked)} files:", ""]
    for target, paths in targets.items():
        lines.append(f"- {target} ({len(paths)}): " + ", ".join(f"`{p}`" for p in paths))
    block = "\n".join(lines)
    print(f"== {name}\n{block}\n")
    begin, end = f"<!-- walk:{name}:begin -->", f"<!-- walk:{name}:end -->"
    if begin in text:
        text = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: f"{begin}\n{block}\n{end}", text, flags=re.S)
if write_doc:
    open(document, "w").write(text)
PYTHON
