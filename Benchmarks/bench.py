#!/usr/bin/env python3
"""Runs the ToggleLedger replay benchmark and prints a Markdown table.

Usage: bench.py [--sizes 100k,1m] [--with-5m] [--repeat 3] [--toggles PATH] [--work DIR]

For each size it generates a log with a fixed seed (cached in the work directory), then
times on the same files, in one run: `toggles state --format json`, `wc -l`, the Python
`json.loads` fold (fold.py) and `jq` selecting one field. Each command runs `--repeat`
times; the table shows the fastest run (the least disturbed by other processes), its peak
resident memory (from wait4), and the ratios. Then scaling: events per second at every
size, also on logs whose toggles grow with them (one per 50 events). Then, on the 1M log
(or the largest): the incremental replay after appending one event, and `toggles append`
of 100,000 events (into an empty log, and into the 1M log without and with a checkpoint).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TIME = "/usr/bin/time"
SIZES = {"100k": 100_000, "1m": 1_000_000, "5m": 5_000_000}


def run_status(command):
    return subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode


def run(command, stdin=None, env=None, allow_failure=False):
    """Runs `command`, discarding its output; returns (seconds, peak RSS in MB).

    posix_spawn (vfork on Linux) rather than fork, so the child's peak RSS is its own and
    not the copy of this Python process that fork would charge it with. Linux still charges
    a vforked child with its parent's pages, so the peak comes from /usr/bin/time when present.
    """
    measure = None
    if os.path.exists(TIME):
        # /usr/bin/time is a small C program: what it reports is the command's own peak.
        measure = tempfile.NamedTemporaryFile(suffix=".time")
        command = [TIME, "-f", "%M", "-o", measure.name] + list(command)
    executable = shutil.which(command[0])
    errors = tempfile.TemporaryFile()
    actions = [(os.POSIX_SPAWN_OPEN, 0, stdin or os.devnull, os.O_RDONLY, 0),
               (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
               (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)]
    start = time.perf_counter()
    pid = os.posix_spawn(executable, command, env if env is not None else os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0 and not (allow_failure and code == 1):
        errors.seek(0)
        sys.exit("benchmark command failed (exit %d): %s\n%s" % (code, " ".join(command), errors.read().decode(errors="replace")))
    errors.close()
    # CPU time from wait4, in microseconds: it counts the child and the children it waited
    # for (the command under /usr/bin/time), where /usr/bin/time prints hundredths, a tenth
    # of a 100k-event replay.
    cpu = usage.ru_utime + usage.ru_stime
    if measure:
        with open(measure.name) as handle:
            kilobytes = handle.read().split()[-1]
        measure.close()
        return seconds, kilobytes_to_mb(kilobytes), cpu
    return seconds, usage.ru_maxrss / 1024.0, cpu


def kilobytes_to_mb(text):
    return int(text) / 1024.0


def best(command, repeat, before=None, **kwargs):
    """The best of `repeat` runs (the least disturbed by other processes): the least wall
    seconds (with that run's peak RSS MB) and the least CPU seconds (user + system)."""
    results = []
    for _ in range(repeat):
        if before:
            before()
        results.append(run(command, **kwargs))
    fastest = min(results, key=lambda result: result[0])
    return fastest[0], fastest[1], min(result[2] for result in results)


def segments(root):
    found = []
    for directory, folders, files in os.walk(root):
        folders[:] = [name for name in folders if not name.startswith(".")]
        found += [os.path.join(directory, name) for name in files if name.endswith(".jsonl")]
    return sorted(found)


DEFAULT_TOGGLES = 20_000
EVENTS_PER_TOGGLE = 50  # the 1M log's ratio, for the series whose toggles grow with the log


def generate(work, label, count, toggles=DEFAULT_TOGGLES):
    """The log of `count` events with about `toggles` live toggles, generated once."""
    suffix = "" if toggles == DEFAULT_TOGGLES else "-%dk-toggles" % (toggles // 1000)
    path = os.path.join(work, "log-" + label + suffix)
    if not os.path.isdir(path):
        print("generating %s events (%d toggles) in %s…" % (label, toggles, path), file=sys.stderr)
        shutil.rmtree(path + ".tmp", ignore_errors=True)
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(count), path + ".tmp",
                        "--toggles", str(toggles)], check=True)
        os.rename(path + ".tmp", path)
    return path


def spread(rates):
    low, high = min(rates.values()), max(rates.values())
    return 100.0 * (high - low) / high


def remove_checkpoint(log):
    # Checkpoints live in TOGGLES_CHECKPOINT_DIR (set in main), named by a hash of the log's
    # path: the bench's folder is cleared whole. Older binaries kept theirs in the log.
    folder = os.path.join(os.environ["TOGGLES_CHECKPOINT_DIR"], "checkpoints")
    for name in os.listdir(folder) if os.path.isdir(folder) else []:
        os.remove(os.path.join(folder, name))
    for name in os.listdir(log):
        if name.startswith(".replay-checkpoint"):
            os.remove(os.path.join(log, name))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100k,1m")
    parser.add_argument("--with-5m", action="store_true", help="also run the 5,000,000-event log (slow to generate)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--toggles", default=os.path.join(HERE, "..", ".build", "release", "toggles"))
    parser.add_argument("--work", default=os.path.join(HERE, ".work"))
    parser.add_argument("--scan-only", action="store_true", help="only the `toggles scan` table (issue 17's 5,000-file tree)")
    args = parser.parse_args()
    sizes = [size for size in args.sizes.split(",") if size]
    if args.with_5m and "5m" not in sizes:
        sizes.append("5m")
    os.makedirs(args.work, exist_ok=True)
    # This run's checkpoints, kept out of the user's ~/.cache/toggles.
    os.environ["TOGGLES_CHECKPOINT_DIR"] = os.path.abspath(os.path.join(args.work, "checkpoints"))
    toggles = os.path.abspath(args.toggles)
    jq = shutil.which("jq")
    env = dict(os.environ, TOGGLES_NO_CHECKPOINT="1")
    scan_table(args, toggles)
    if args.scan_only:
        return

    print("| log | tool | wall s | CPU s | events/s (wall) | MB/s (wall) | peak RSS MB | × toggles (wall) | × toggles (CPU) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    replay_seconds = {}
    for label in sizes:
        count = SIZES[label]
        log = generate(args.work, label, count)
        files = segments(log)
        megabytes = sum(os.path.getsize(path) for path in files) / 1e6
        rows = [("toggles state --format json", best([toggles, "state", "--format", "json", "--log", log],
                                                     args.repeat, before=lambda: remove_checkpoint(log), env=env))]
        single = dict(env, TOGGLES_READ_THREADS="1")
        rows.append(("toggles, one thread (TOGGLES_READ_THREADS=1)", best([toggles, "state", "--format", "json", "--log", log],
                                                                          args.repeat, env=single)))
        rows.append(("wc -l", best(["wc", "-l"] + files, args.repeat)))
        rows.append(("python json.loads fold", best([sys.executable, os.path.join(HERE, "fold.py"), log], args.repeat)))
        if jq:
            rows.append(("jq -r .toggle", best([jq, "-r", ".toggle"] + files, args.repeat)))
        ours = max(rows[0][1][2], 1e-3)
        ours_wall = max(rows[0][1][0], 1e-3)
        replay_seconds[label] = rows[1][1][2]  # one thread's CPU: the steadiest measure
        for name, (seconds, rss, cpu) in rows:
            cpu = max(cpu, 1e-3)
            print("| %s (%.0f MB, %d segments) | %s | %.3f | %.3f | %s | %.0f | %.1f | %.2f | %.2f |" % (
                label, megabytes, len(files), name, seconds, cpu, "{:,.0f}".format(count / seconds),
                megabytes / seconds, rss, seconds / ours_wall, cpu / ours))
        sys.stdout.flush()
    print()
    if len(replay_seconds) > 1:
        rates = {label: SIZES[label] / seconds for label, seconds in replay_seconds.items()}
        print("Scaling with 20,000 toggles at every size: events per CPU second of `toggles state` on one thread: "
              "%s; spread %.1f%% of the fastest" % (
                  ", ".join("%s %s" % (label, "{:,.0f}".format(rate)) for label, rate in rates.items()), spread(rates)))
        print()
        scaling(args, sizes, toggles, env)

    # Incremental replay and append, on the 1M log (or the largest one run).
    label = "1m" if "1m" in sizes else sizes[-1]
    source = os.path.join(args.work, "log-" + label)
    copy = os.path.join(args.work, "incremental-" + label)
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(source, copy, copy_function=os.link)  # segments are immutable: hard links are a safe copy
    full, _, full_cpu = best([toggles, "state", "--format", "json", "--log", copy], args.repeat, before=lambda: remove_checkpoint(copy), env=env)
    run([toggles, "state", "--log", copy])  # writes the checkpoint
    check_exists = run_status([toggles, "help", "check"]) == 0
    one = os.path.join(args.work, "one-event.jsonl")
    with open(one, "w") as handle:
        handle.write('{"type":"created","toggle":"benchmarkProbe","kind":"local","valueType":"bool","default":true,'
                     '"category":"release","at":"2026-01-01T00:00:00Z","actor":"bench@example.com"}\n')
    append_one, _, append_cpu = run([toggles, "append", "--file", one, "--log", copy])
    incremental, incremental_rss, incremental_cpu = best([toggles, "state", "--format", "json", "--log", copy], args.repeat)
    print("| %s log | wall s | CPU s | share of a full replay (CPU) |" % label)
    print("|---|---:|---:|---:|")
    print("| full replay (`state --format json`, no checkpoint) | %.3f | %.3f | 100%% |" % (full, full_cpu))
    print("| `append` of one event (validated from the checkpoint) | %.3f | %.3f | %.1f%% |" % (append_one, append_cpu, 100 * append_cpu / full_cpu))
    print("| `state --format json` after that append (from the checkpoint) | %.3f | %.3f | %.1f%% |" % (incremental, incremental_cpu, 100 * incremental_cpu / full_cpu))
    if check_exists:
        check, _, check_cpu = best([toggles, "check", "--log", copy], args.repeat, allow_failure=True)
        print("| `check` after that append (from the checkpoint) | %.3f | %.3f | %.1f%% |" % (check, check_cpu, 100 * check_cpu / full_cpu))
    print()

    # The HTML report: one replay that also records every lifespan and the weekly debt, then
    # the page (issue 19: under 3 s and 128 MB for the 1M log).
    html, html_rss, html_cpu = best([toggles, "report", "--format", "html", "--now", "2026-01-01", "--log", source],
                                    args.repeat, env=env)
    print("| %s log | wall s | CPU s | peak RSS MB | share of a full replay (CPU) |" % label)
    print("|---|---:|---:|---:|---:|")
    print("| `report --format html --now 2026-01-01` | %.3f | %.3f | %.1f | %.0f%% |" % (html, html_cpu, html_rss, 100 * html_cpu / full_cpu))
    print()

    # Batch append: 100,000 fresh events (created toggles) in one `toggles append`.
    batch = os.path.join(args.work, "append-100k-past.jsonl")
    if not os.path.exists(batch):
        with open(batch, "w") as handle:
            for number in range(100_000):
                handle.write('{"schema":1,"id":"bench-%06d","at":"2026-02-01T00:00:%02dZ","type":"created",'
                             '"toggle":"benchAppend%d","actor":"ci@example.com","kind":"remote","valueType":"bool",'
                             '"default":false,"category":"release"}\n' % (number, number % 60, number))
    print("| `toggles append` of 100,000 events | wall s | CPU s | events/s (CPU) | peak RSS MB |")
    print("|---|---:|---:|---:|---:|")
    empty = os.path.join(args.work, "append-empty")

    def fresh_empty():
        shutil.rmtree(empty, ignore_errors=True)
        os.makedirs(empty)

    seconds, rss, cpu = best([toggles, "append", "--file", batch, "--log", empty], args.repeat, before=fresh_empty)
    print("| into an empty log | %.3f | %.3f | %s | %.1f |" % (seconds, cpu, "{:,.0f}".format(100_000 / cpu), rss))
    target = os.path.join(args.work, "append-" + label)

    def fresh_copy():
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target, copy_function=os.link)

    seconds, rss, cpu = best([toggles, "append", "--file", batch, "--log", target], args.repeat, before=fresh_copy, env=env)
    print("| into the %s log (full replay to validate) | %.3f | %.3f | %s | %.1f |" % (label, seconds, cpu, "{:,.0f}".format(100_000 / cpu), rss))

    def fresh_copy_with_checkpoint():
        fresh_copy()
        run([toggles, "state", "--log", target])  # writes the checkpoint

    seconds, rss, cpu = best([toggles, "append", "--file", batch, "--log", target], args.repeat, before=fresh_copy_with_checkpoint)
    print("| into the %s log (validated from its checkpoint) | %.3f | %.3f | %s | %.1f |" % (label, seconds, cpu, "{:,.0f}".format(100_000 / cpu), rss))
    shutil.rmtree(target, ignore_errors=True)
    shutil.rmtree(empty, ignore_errors=True)
    shutil.rmtree(copy, ignore_errors=True)
    print()

    # Start-up: the repository's own small log, against the process doing nothing.
    events = os.path.join(HERE, "..", "events")
    print("| start-up (repository's events/, %d segments) | wall s | CPU s | peak RSS MB |" % len(segments(events)))
    print("|---|---:|---:|---:|")
    startup = [("`toggles --version` (process start only)", [toggles, "--version"]),
               ("`toggles state --log events`", [toggles, "state", "--log", events])]
    if run_status([toggles, "help", "check"]) == 0:
        startup.append(("`toggles check --log events`", [toggles, "check", "--log", events]))
    for name, command in startup:
        seconds, rss, cpu = best(command, max(args.repeat, 5), allow_failure=True)
        print("| %s | %.4f | %.4f | %.1f |" % (name, seconds, cpu, rss))


def scan_table(args, toggles):
    """`toggles scan` of the 5,000-file tree of Scripts/generate-swift-tree.py (issue 17: under
    0.5 s wall and 64 MB): the median and the best of at least 7 runs, text and JSON."""
    tree = os.path.join(args.work, "swift-tree-5000")
    if not os.path.exists(os.path.join(tree, "Sources")):
        subprocess.run([sys.executable, os.path.join(HERE, "..", "Scripts", "generate-swift-tree.py"), tree],
                       check=True, stdout=subprocess.DEVNULL)
    files = sum(1 for _, _, names in os.walk(tree) for name in names if name.endswith(".swift"))
    megabytes = sum(os.path.getsize(os.path.join(folder, name)) for folder, _, names in os.walk(tree) for name in names) / 1e6
    # The tree's 200 toggles (generate-swift-tree.py's defaults) as a log and as a list of names,
    # so the scan with a log can be set against ripgrep searching the same names (issue 27).
    names = ["isRemoteFeature%dEnabled" % i for i in range(100)] + ["isLocalFeature%dEnabled" % i for i in range(100)]
    names_file = os.path.join(args.work, "swift-tree-names.txt")
    log = os.path.join(args.work, "swift-tree-log")
    if not os.path.isdir(log):
        created = os.path.join(args.work, "swift-tree-created.jsonl")
        with open(created, "w") as handle:
            for name in names:
                handle.write('{"type":"created","toggle":"%s","kind":"%s","valueType":"bool","default":false,"category":"release",'
                             '"at":"2026-01-01T00:00:00Z","actor":"bench@example.com"}\n' % (name, "remote" if "Remote" in name else "local"))
        os.makedirs(log + ".tmp", exist_ok=True)
        run([toggles, "append", "--file", created, "--log", log + ".tmp"])
        os.rename(log + ".tmp", log)
    with open(names_file, "w") as handle:
        handle.write("\n".join(names) + "\n")
    print("| `toggles scan` of %s Swift files (%.0f MB) | median wall s | best wall s | median CPU s | peak RSS MB |" % ("{:,}".format(files), megabytes))
    print("|---|---:|---:|---:|---:|")
    commands = [("text", [toggles, "scan", tree]), ("--format json", [toggles, "scan", tree, "--format", "json"]),
                ("text, --log with the 200 names", [toggles, "scan", tree, "--log", log])]
    if shutil.which("rg"):
        commands.append(("`rg -c -w -f names.txt` (the same 200 names)", ["rg", "-c", "-w", "-f", names_file, tree]))
    for name, command in commands:
        results = [run(command) for _ in range(max(7, args.repeat))]
        walls = sorted(result[0] for result in results)
        cpus = sorted(result[2] for result in results)
        print("| %s | %.3f | %.3f | %.3f | %.1f |" % (name, walls[len(walls) // 2], walls[0], cpus[len(cpus) // 2],
                                                     max(result[1] for result in results)))
    print()
    sys.stdout.flush()


def scaling(args, sizes, toggles, env):
    """Linear growth: logs whose toggles grow with them (one per 50 events, as in the 1M
    log), so input, state and output all scale by the same factor. With 20,000 toggles at
    every size the 100k log prints as much JSON as the 1M log (12.6 MB from 19 MB read):
    its run measures the output, not the replay."""
    print("| scaling: toggles grow with the log | toggles | one thread CPU s | events per CPU s | "
          "two threads wall s | events/s (wall) | peak RSS MB |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    single = dict(env, TOGGLES_READ_THREADS="1")
    per_cpu, per_wall = {}, {}
    for label in sizes:
        count = SIZES[label]
        toggle_count = count // EVENTS_PER_TOGGLE
        log = generate(args.work, label, count, toggle_count)
        command = [toggles, "state", "--format", "json", "--log", log]
        _, _, cpu = best(command, args.repeat, env=single)
        wall, rss, _ = best(command, args.repeat, env=env)
        per_cpu[label], per_wall[label] = count / cpu, count / wall
        print("| %s | %s | %.3f | %s | %.3f | %s | %.1f |" % (
            label, "{:,}".format(toggle_count), cpu, "{:,.0f}".format(count / cpu), wall,
            "{:,.0f}".format(count / wall), rss))
        sys.stdout.flush()
    print()
    print("Scaling with toggles growing with the log: spread of events per CPU second (one thread) %.1f%%, "
          "of events per wall second (two threads) %.1f%% of the fastest" % (spread(per_cpu), spread(per_wall)))
    print()


if __name__ == "__main__":
    main()
