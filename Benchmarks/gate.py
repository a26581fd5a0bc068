#!/usr/bin/env python3
"""The benchmark's headline figures as instruction counts, checked against committed thresholds.

usage: Benchmarks/gate.py [--binary .build/release/toggles] [--update] [--only NAME ...]

Each figure is the number of instructions (callgrind's `Collected`, Ir) one command of the
release binary executes on small inputs generated with a fixed seed: a 20,000-event log
(Benchmarks/generate.py), 10,000 events to append, and a 500-file Swift tree
(Scripts/generate-swift-tree.py). Instruction counts do not depend on the machine's load, so
a figure over its threshold (Benchmarks/thresholds.tsv: today's count plus 5%) is a
regression, and the script exits 1 naming it, the measured count and the threshold.
`--update` measures and rewrites the thresholds instead (a deliberate change: commit the file
with the change that moves them, and say why in docs/performance.md). Needs valgrind and
python3 only; the inputs are cached in Benchmarks/.work/gate (git-ignored).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
THRESHOLDS = os.path.join(HERE, "thresholds.tsv")
MARGIN = 1.05
NOW = "2026-01-01"


def inputs(work, toggles):
    """Generates (once) the log, the batch to append, the Swift tree and its log."""
    log = os.path.join(work, "log20k")
    if not os.path.isdir(log):
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "20000", log + ".tmp", "--toggles", "2000"],
                       check=True, stdout=subprocess.DEVNULL)
        os.rename(log + ".tmp", log)
    batch = os.path.join(work, "append-10k.jsonl")
    if not os.path.exists(batch):
        with open(batch, "w") as handle:
            for number in range(10_000):
                handle.write('{"schema":1,"id":"gate-%05d","at":"2026-02-01T00:00:%02dZ","type":"created",'
                             '"toggle":"gateAppend%d","actor":"ci@example.com","kind":"remote","valueType":"bool",'
                             '"default":false,"category":"release"}\n' % (number, number % 60, number))
    tree = os.path.join(work, "tree500")
    if not os.path.isdir(tree):
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "generate-swift-tree.py"), tree + ".tmp", "--files", "500"],
                       check=True, stdout=subprocess.DEVNULL)
        os.rename(tree + ".tmp", tree)
    tree_log = os.path.join(work, "tree500-log")
    if not os.path.isdir(tree_log):
        # The tree's 200 toggles (generate-swift-tree.py's defaults), as Benchmarks/bench.py logs them.
        names = ["isRemoteFeature%dEnabled" % i for i in range(100)] + ["isLocalFeature%dEnabled" % i for i in range(100)]
        created = os.path.join(work, "tree500-created.jsonl")
        with open(created, "w") as handle:
            for name in names:
                handle.write('{"type":"created","toggle":"%s","kind":"%s","valueType":"bool","default":false,'
                             '"category":"release","at":"2026-01-01T00:00:00Z","actor":"bench@example.com"}\n'
                             % (name, "remote" if "Remote" in name else "local"))
        os.makedirs(tree_log + ".tmp", exist_ok=True)
        subprocess.run([toggles, "append", "--file", created, "--log", tree_log + ".tmp"], check=True, stdout=subprocess.DEVNULL)
        os.rename(tree_log + ".tmp", tree_log)
    return log, batch, tree, tree_log


def checkpoints(work):
    """The checkpoint folder inside the work folder, and no size threshold: the 20,000-event
    log is under the 4 MB a checkpoint otherwise waits for."""
    return {"TOGGLES_CHECKPOINT_DIR": os.path.join(work, "checkpoints"), "TOGGLES_CHECKPOINT_MIN_BYTES": "0"}


def figures(toggles, work):
    """(name, description, command, environment, prepare) for each headline figure."""
    log, batch, tree, tree_log = inputs(work, toggles)
    replay = {"TOGGLES_NO_CHECKPOINT": "1"}
    scratch = os.path.join(work, "scratch")

    def fresh(copy_log=False, checkpoint=False):
        def prepare():
            shutil.rmtree(scratch, ignore_errors=True)
            if copy_log:
                shutil.copytree(log, scratch)
            else:
                os.makedirs(scratch)
            if checkpoint:
                subprocess.run([toggles, "state", "--log", scratch], check=True, stdout=subprocess.DEVNULL,
                               env=dict(os.environ, **checkpoints(work)))
        return prepare

    return [
        ("replay", "state --format json, a full replay of 20,000 events",
         [toggles, "state", "--format", "json", "--log", log], replay, None),
        ("report-json", "report --format json, 20,000 events",
         [toggles, "report", "--format", "json", "--now", NOW, "--log", log], replay, None),
        ("report-html", "report --format html, 20,000 events",
         [toggles, "report", "--format", "html", "--now", NOW, "--log", log], replay, None),
        ("check", "check, 20,000 events",
         [toggles, "check", "--now", NOW, "--log", log], replay, None),
        ("state-checkpoint", "state --format json from the checkpoint, 20,000 events",
         [toggles, "state", "--format", "json", "--log", scratch], {}, fresh(copy_log=True, checkpoint=True)),
        ("append-empty", "append of 10,000 events into an empty log",
         [toggles, "append", "--file", batch, "--log", scratch], {}, fresh()),
        ("append-replay", "append of 10,000 events into the 20,000-event log, validated by a full replay",
         [toggles, "append", "--file", batch, "--log", scratch], replay, fresh(copy_log=True)),
        ("scan", "scan of a 500-file Swift tree",
         [toggles, "scan", tree], {}, None),
        ("scan-log", "scan of a 500-file Swift tree with its log of 200 names",
         [toggles, "scan", tree, "--log", tree_log], {}, None),
    ]


def instructions(command, environment, work):
    """Callgrind's instruction count for one run of `command` (its exit status 0 or 1)."""
    # A fixed, small environment: the command reads every variable it is given, so the
    # machine's own (a CI runner's hundred variables, a shell's few) would move the count.
    env = {name: os.environ[name] for name in ("PATH", "HOME", "TMPDIR") if name in os.environ}
    env.update(environment)
    # Swift seeds its hashing per process; a fixed seed makes the count repeat exactly.
    env["SWIFT_DETERMINISTIC_HASHING"] = "1"
    env.update(checkpoints(work))
    # One merge thread: the count of a second thread's handoff depends on the scheduling.
    env.setdefault("TOGGLES_READ_THREADS", "1")
    with tempfile.NamedTemporaryFile(mode="r", suffix=".log") as report:
        status = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                 "--log-file=" + report.name] + command,
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        text = report.read()
    if status.returncode not in (0, 1):
        sys.exit("gate: %s exited %d: %s" % (" ".join(command), status.returncode, status.stderr.decode()[-2000:]))
    found = re.search(r"Collected : (\d+)", text)
    if not found:
        sys.exit("gate: no instruction count from callgrind for %s:\n%s" % (" ".join(command), text[-2000:]))
    return int(found.group(1))


def read_thresholds():
    thresholds = {}
    with open(THRESHOLDS) as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            name, threshold, *_ = line.rstrip("\n").split("\t")
            thresholds[name] = int(threshold)
    return thresholds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "toggles"))
    parser.add_argument("--work", default=os.path.join(HERE, ".work", "gate"))
    parser.add_argument("--update", action="store_true", help="rewrite Benchmarks/thresholds.tsv from this run (+5%%)")
    parser.add_argument("--only", nargs="*", default=None, help="measure only these figures")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("gate: valgrind is not installed")
    toggles = os.path.abspath(args.binary)
    if not os.access(toggles, os.X_OK):
        sys.exit("gate: no binary at %s (swift build -c release first)" % toggles)
    os.makedirs(args.work, exist_ok=True)
    thresholds = {} if args.update else read_thresholds()
    measured, failed = [], []
    for name, description, command, environment, prepare in figures(toggles, args.work):
        if args.only is not None and name not in args.only:
            continue
        # Each command starts without a checkpoint (a figure's run must not depend on the last one's).
        shutil.rmtree(checkpoints(args.work)["TOGGLES_CHECKPOINT_DIR"], ignore_errors=True)
        if prepare:
            prepare()
        count = instructions(command, environment, args.work)
        measured.append((name, count, description))
        if args.update:
            print("%-17s %15s  %s" % (name, "{:,}".format(count), description))
            continue
        if name not in thresholds:
            sys.exit("gate: %s has no threshold in %s (run with --update)" % (name, THRESHOLDS))
        threshold = thresholds[name]
        verdict = "ok" if count <= threshold else "OVER"
        print("%-17s %15s instructions, threshold %15s  %s  (%s)" % (
            name, "{:,}".format(count), "{:,}".format(threshold), verdict, description))
        if count > threshold:
            failed.append("%s: %s instructions, over its threshold of %s (+%.1f%%)" % (
                name, "{:,}".format(count), "{:,}".format(threshold), 100.0 * (count - threshold) / threshold))
    shutil.rmtree(os.path.join(args.work, "scratch"), ignore_errors=True)
    if args.update:
        # Figures not measured in this run (--only) keep their line.
        kept = []
        if os.path.exists(THRESHOLDS):
            with open(THRESHOLDS) as handle:
                kept = [line for line in handle if not line.startswith("#") and line.strip()
                        and line.split("\t")[0] not in {name for name, _, _ in measured}]
        with open(THRESHOLDS, "w") as handle:
            handle.write("# Benchmarks/gate.py: figure, threshold (instructions: the count below plus 5%), count measured\n"
                         "# when the threshold was set, the command. Regenerate with Benchmarks/gate.py --update.\n")
            for name, count, description in measured:
                handle.write("%s\t%d\t%d\t%s\n" % (name, int(count * MARGIN), count, description))
            handle.writelines(kept)
        print("gate: wrote %s" % THRESHOLDS)
        return
    if failed:
        print("gate: the benchmark regressed (Benchmarks/thresholds.tsv; see docs/performance.md):", file=sys.stderr)
        for line in failed:
            print("  " + line, file=sys.stderr)
        sys.exit(1)
    print("gate: every figure within its threshold")


if __name__ == "__main__":
    main()
