#!/usr/bin/env python3
"""Fault tests for the `toggles` event log, run against the built binary.

    Scripts/reliability.py torture   [--kills N] [--seconds S] [--batch B] [--seed X]
    Scripts/reliability.py crowd     [--writers W] [--appends A] [--seconds S]
    Scripts/reliability.py disk-full [--events N]
    Scripts/reliability.py back-to-back [--processes P] [--rounds R] [--seconds S]
    Scripts/reliability.py branches  [--histories H] [--commands C] [--seconds S] [--seed X] [--branches 2|3]

torture    Writers appending batches (`toggles append`, explicit ids) are killed with SIGKILL
           at random moments. After every kill: `toggles audit` reads the log, every event of
           an append that exited 0 is present exactly once, no line holds two events, hidden
           `.tmp-*` files are never read, and the next append succeeds (a killed batch is
           retried half the time: idempotent by id). Every few rounds a foreign writer's torn
           tail is made by hand (a fragment appended to a segment, a hand-made segment cut
           mid-line, a complete last line without its newline); the next append must repair it.
crowd      W processes x A appends at once; every event present once, audit clean.
back-to-back  P processes each run, as fast as they can and without --at, R rounds of
           `create`, `change`, `change`, `remove` on a toggle of their own, and every few
           rounds an `append` batch (no "at", no ids) of the same life on another. Every command
           must exit 0 (before the writer dated events itself, one in two `change`s right after
           a `create` failed: "no toggle named …"). Then `toggles replay` must show each
           process's events in the order it appended them, and every event appended after
           another one (from any process) had finished, after it; `audit --strict` is clean
           and the final state is what each process left.
branches   Random histories of valid commands on two and three git branches, merged in every
           order and rebased: never exit 2, the same `state --format json` for every order, and
           every conflict settled by one `toggles resolve` (Scripts/reliability_branches.py).
disk-full  An append under a file-size limit (RLIMIT_FSIZE, as `ulimit -f`) and, when this
           process may mount (root), on a full tmpfs: exit 2, a clear error, the log
           byte-for-byte unchanged, and the next append succeeds.

Each prints its figures and a final JSON line; exit 0 when every check held. Bounds come
from flags or TORTURE_KILLS / TORTURE_SECONDS / CROWD_WRITERS / CROWD_APPENDS / BACK_TO_BACK_PROCESSES /
BACK_TO_BACK_ROUNDS. The binary is
$TOGGLES_BINARY or .build/debug/toggles.
"""
import argparse
import collections
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

BASE = 1_767_225_600  # 2026-01-01T00:00:00Z


def instant(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(BASE + seconds))


def line(event):
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False)


class Failure(Exception):
    pass


class Log:
    """A scratch log directory and the binary that writes it."""

    def __init__(self, binary, keep=False):
        self.binary = os.path.abspath(binary)
        if not os.access(self.binary, os.X_OK):
            raise SystemExit(f"reliability: {binary} is not an executable; run `swift build` first")
        self.root = tempfile.mkdtemp(prefix="toggles-reliability-")
        self.path = os.path.join(self.root, "events")
        self.keep = keep
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "USER": "reliability", "HOME": self.root,
                    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"}

    def close(self):
        if self.keep:
            print(f"kept {self.root}")
        else:
            shutil.rmtree(self.root, ignore_errors=True)

    def command(self, *arguments):
        return [self.binary, *arguments, "--log", self.path]

    def run(self, *arguments, stdin=None, limit=None):
        def preexec():
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        return subprocess.run(self.command(*arguments), input=stdin, capture_output=True, cwd=self.root,
                              env=self.env, preexec_fn=preexec if limit is not None else None)

    def append(self, events, **options):
        return self.run("append", stdin=("\n".join(line(e) for e in events) + "\n").encode(), **options)

    def audit(self, *flags):
        result = self.run("audit", "--format", "json", *flags)
        try:
            report = json.loads(result.stdout)
        except ValueError:
            raise Failure(f"audit printed no JSON (exit {result.returncode}): {result.stderr.decode()}")
        if result.returncode != 0 or not report["valid"]:
            raise Failure(f"audit failed (exit {result.returncode}): {json.dumps(report['findings'])[:2000]}")
        return report

    def segments(self):
        for folder, directories, files in os.walk(self.path):
            directories[:] = [d for d in directories if not d.startswith(".")]
            for name in files:
                if name.endswith(".jsonl") and not name.startswith("."):
                    yield os.path.join(folder, name)

    def temporary_files(self):
        for folder, _, files in os.walk(self.path):
            for name in files:
                if name.startswith(".tmp-"):
                    yield os.path.join(folder, name)

    def scan(self, torn_allowed=()):
        """Every segment line is one JSON object; returns the ids with their counts."""
        ids = collections.Counter()
        for path in self.segments():
            with open(path, "rb") as handle:
                data = handle.read()
            lines = data.split(b"\n")
            tail = lines.pop()  # after the last newline: empty unless unterminated
            for number, raw in enumerate(lines, 1):
                try:
                    event = json.loads(raw)
                except ValueError:
                    raise Failure(f"{path}:{number}: not one JSON value (two events glued, or garbage): {raw[:200]!r}")
                if not isinstance(event, dict) or "id" not in event:
                    raise Failure(f"{path}:{number}: not an event object")
                ids[event["id"]] += 1
            if tail:
                try:
                    event = json.loads(tail)  # a complete event without its newline is read
                    ids[event["id"]] += 1
                except (ValueError, TypeError, KeyError):
                    if path not in torn_allowed:
                        raise Failure(f"{path}: unterminated last line nobody made: {tail[:200]!r}")
        return ids

    def snapshot(self):
        files = {}
        for folder, _, names in os.walk(self.path):
            for name in names:
                path = os.path.join(folder, name)
                with open(path, "rb") as handle:
                    files[os.path.relpath(path, self.path)] = handle.read()
        return files


def run_together(body, count, started, figures, failures):
    """Runs body(0) … body(count - 1) on threads at once; raises the first failures they noted."""
    threads = [threading.Thread(target=body, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    figures["append seconds"] = round(time.monotonic() - started, 1)
    if failures:
        raise Failure("; ".join(failures[:3]))


def toggle_created(name, event_id, seconds):
    return {"schema": 1, "id": event_id, "at": instant(seconds), "type": "created", "toggle": name,
            "actor": "reliability", "kind": "local", "valueType": "bool", "default": False, "category": "ops"}


def default_changed(name, event_id, seconds, value):
    return {"schema": 1, "id": event_id, "at": instant(seconds), "type": "default-changed", "toggle": name,
            "actor": "reliability", "default": value}


# ---------------------------------------------------------------------------------------------
# torture


def torture(options):
    rng = random.Random(options.seed)
    log = Log(options.binary, options.keep)
    figures = collections.Counter()
    started = time.monotonic()
    try:
        clock = 0
        result = log.append([toggle_created("isTortured", "created-0", clock)])
        if result.returncode != 0:
            raise Failure(f"setup append failed: {result.stderr.decode()}")
        confirmed = {"created-0"}
        attempted = {"created-0"}
        duration = 0.05  # moving average of an append's wall time, seconds
        pending_repairs = []  # (kind, segment, expected bytes after repair, fragment)
        torn_paths = set()
        round_number = 0

        def check(after_success):
            ids = log.scan(torn_allowed=torn_paths)
            report = log.audit()
            duplicates = [i for i, n in ids.items() if n > 1]
            if duplicates:
                raise Failure(f"events present more than once: {duplicates[:5]}")
            missing = confirmed - set(ids)
            if missing:
                raise Failure(f"events of appends that exited 0 are missing: {sorted(missing)[:5]}")
            unknown = set(ids) - attempted
            if unknown:
                raise Failure(f"events nobody appended: {sorted(unknown)[:5]}")
            if report["events"] != len(ids):
                raise Failure(f"audit read {report['events']} events, the segments hold {len(ids)} (a .tmp file read?)")
            figures["events checked"] += len(ids)
            figures["audits"] += 1
            if after_success:
                for kind, path, expected, fragment in pending_repairs:
                    with open(path, "rb") as handle:
                        now = handle.read()
                    if now != expected:
                        raise Failure(f"{path}: {kind} not repaired by the next append")
                    if fragment is not None:
                        with open(path + ".torn", "rb") as handle:
                            if fragment not in handle.read():
                                raise Failure(f"{path}.torn lacks the torn fragment")
                    figures["torn tails repaired"] += 1
                    torn_paths.discard(path)
                pending_repairs.clear()
            return ids

        def make_torn_tail():
            nonlocal clock
            kind = rng.choice(["fragment", "cut segment", "missing newline"])
            clock += 1
            event = default_changed("isTortured", f"torn-{round_number}", clock, rng.random() < 0.5)
            text = line(event).encode()
            if kind == "cut segment":
                # A foreign writer's own segment, cut mid-line: one whole event, half of the next.
                folder = os.path.join(log.path, "2026", "01")
                os.makedirs(folder, exist_ok=True)
                path = os.path.join(folder, f"hand-{round_number}.jsonl")
                clock += 1
                second = line(default_changed("isTortured", f"torn-{round_number}-b", clock, True)).encode()
                cut = rng.randrange(1, len(second))
                with open(path, "wb") as handle:
                    handle.write(text + b"\n" + second[:cut])
                attempted.add(event["id"])
                attempted.add(f"torn-{round_number}-b")  # never lands: its line is torn
                confirmed.add(event["id"])
                pending_repairs.append((kind, path, text + b"\n", second[:cut]))
            else:
                candidates = [p for p in log.segments() if p not in torn_paths]
                path = rng.choice(candidates)
                with open(path, "rb") as handle:
                    before = handle.read()
                if kind == "fragment":
                    fragment = text[:rng.randrange(1, len(text))]
                    with open(path, "ab") as handle:
                        handle.write(fragment)
                    attempted.add(event["id"])
                    pending_repairs.append((kind, path, before, fragment))
                else:
                    with open(path, "ab") as handle:
                        handle.write(text)
                    attempted.add(event["id"])
                    confirmed.add(event["id"])
                    pending_repairs.append((kind, path, before + text + b"\n", None))
            torn_paths.add(path)
            figures[f"torn tails made: {kind}"] += 1
            check(after_success=False)  # the log still reads; the tail is only a warning

        while figures["kills"] < options.kills:
            if time.monotonic() - started > options.seconds:
                figures["stopped by the time bound"] = 1
                break
            round_number += 1
            if options.torn_every and round_number % options.torn_every == 0:
                make_torn_tail()
            batch = []
            for position in range(rng.randint(1, options.batch)):
                clock += 1
                batch.append(default_changed("isTortured", f"r{round_number}-{position}", clock, rng.random() < 0.5))
            attempted.update(e["id"] for e in batch)
            payload = ("\n".join(line(e) for e in batch) + "\n").encode()
            begun = time.monotonic()
            process = subprocess.Popen(log.command("append"), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE, cwd=log.root, env=log.env)
            delay = rng.uniform(0, duration * 1.3)
            try:
                process.stdin.write(payload)
                process.stdin.close()
            except BrokenPipeError:
                pass
            try:
                process.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                process.send_signal(signal.SIGKILL)
                process.wait()
            error = process.stderr.read().decode()
            process.stderr.close()
            if process.returncode == -signal.SIGKILL:
                figures["kills"] += 1
                ids = check(after_success=False)
                landed = sum(1 for e in batch if e["id"] in ids)
                if landed not in (0, len(batch)):
                    raise Failure(f"a killed append left part of its batch: {landed} of {len(batch)}")
                figures["killed after its segment landed" if landed else "killed before its segment landed"] += 1
                if any(True for _ in log.temporary_files()):
                    figures["kills that left a .tmp file (never read)"] += 1
                if rng.random() < 0.5:
                    begun = time.monotonic()
                    retry = log.append(batch)
                    duration = 0.8 * duration + 0.2 * (time.monotonic() - begun)
                    if retry.returncode != 0:
                        raise Failure(f"retry after a kill failed (exit {retry.returncode}): {retry.stderr.decode()}")
                    figures["retries after a kill"] += 1
                    confirmed.update(e["id"] for e in batch)
                    check(after_success=True)
            elif process.returncode == 0:
                duration = 0.8 * duration + 0.2 * (time.monotonic() - begun)
                figures["appends finished before the kill"] += 1
                confirmed.update(e["id"] for e in batch)
                check(after_success=True)
            else:
                raise Failure(f"append exited {process.returncode}: {error}")
        # Leave the log clean: one more append repairs what is pending; then audit --strict.
        clock += 1
        final = log.append([default_changed("isTortured", "final", clock, True)])
        if final.returncode != 0:
            raise Failure(f"final append failed: {final.stderr.decode()}")
        attempted.add("final")
        confirmed.add("final")
        ids = check(after_success=True)
        log.audit("--strict")
        figures["events in the log at the end"] = len(ids)
        figures["events confirmed (append exited 0)"] = len(confirmed)
        figures["leftover .tmp files (never read)"] = len(list(log.temporary_files()))
        figures["seconds"] = round(time.monotonic() - started, 1)
        return report("torture", figures, True)
    except Failure as failure:
        figures["seconds"] = round(time.monotonic() - started, 1)
        log.keep = True
        return report("torture", figures, False, str(failure))
    finally:
        log.close()


# ---------------------------------------------------------------------------------------------
# crowd


def crowd(options):
    log = Log(options.binary, options.keep)
    figures = collections.Counter()
    failures = []
    started = time.monotonic()
    barrier = threading.Barrier(options.writers)

    def writer(number):
        name = f"isCrowded{number}"
        barrier.wait()
        for sequence in range(options.appends):
            if time.monotonic() - started > options.seconds:
                failures.append(f"writer {number}: time bound reached after {sequence} appends")
                return
            seconds = sequence * options.writers + number
            event = (toggle_created(name, f"w{number}-{sequence}", seconds) if sequence == 0
                     else default_changed(name, f"w{number}-{sequence}", seconds, sequence % 2 == 0))
            result = log.append([event])
            if result.returncode != 0:
                failures.append(f"writer {number} append {sequence}: exit {result.returncode}: {result.stderr.decode()}")
                return
            figures["appends exited 0"] += 1

    try:
        run_together(writer, options.writers, started, figures, failures)
        ids = log.scan()
        expected = {f"w{n}-{s}" for n in range(options.writers) for s in range(options.appends)}
        if set(ids) != expected or any(count != 1 for count in ids.values()):
            raise Failure(f"{len(ids)} distinct ids found, {len(expected)} expected, duplicates: "
                          f"{[i for i, c in ids.items() if c > 1][:5]}")
        audit = log.audit("--strict")
        if audit["events"] != len(expected):
            raise Failure(f"audit counted {audit['events']} events, expected {len(expected)}")
        figures["writers"] = options.writers
        figures["appends per writer"] = options.appends
        figures["events checked"] = len(ids)
        figures["segments"] = audit["segments"]
        figures["seconds"] = round(time.monotonic() - started, 1)
        return report("crowd", figures, True)
    except Failure as failure:
        log.keep = True
        return report("crowd", figures, False, str(failure))
    finally:
        log.close()


# ---------------------------------------------------------------------------------------------
# back-to-back


def back_to_back(options):
    log = Log(options.binary, options.keep)
    figures = collections.Counter()
    failures = []
    started = time.monotonic()
    barrier = threading.Barrier(options.processes)
    # Every appended event: (process, its sequence number, id, monotonic start, monotonic end).
    appended = []
    lock = threading.Lock()
    id_pattern = re.compile(rb"\(id ([^)]+)\)")

    def record(number, sequence, result, begun, ended, expected_events):
        ids = id_pattern.findall(result.stdout)
        if len(ids) != expected_events:
            raise Failure(f"process {number}: {expected_events} events expected in the output, {len(ids)} found: {result.stdout[:500]!r}")
        with lock:
            for offset, event_id in enumerate(ids):
                appended.append((number, sequence + offset, event_id.decode(), begun, ended))
        figures["events appended"] += len(ids)

    def process(number):
        name = f"isBackToBack{number}"
        batch_name = f"isBatched{number}"
        sequence = 0
        barrier.wait()
        for round_number in range(options.rounds):
            if time.monotonic() - started > options.seconds:
                failures.append(f"process {number}: time bound reached after {round_number} rounds")
                return
            commands = [
                ["create", name, "--kind", "local", "--type", "bool", "--default", "false", "--category", "ops"],
                ["change", name, "--default", "true"],
                ["change", name, "--default", "false"],
                ["remove", name, "--reason", f"round {round_number}"],
            ]
            for arguments in commands:
                begun = time.monotonic()
                result = log.run(*arguments)
                ended = time.monotonic()
                if result.returncode != 0:
                    failures.append(f"process {number} round {round_number}: `{' '.join(arguments)}` exit {result.returncode}: {result.stderr.decode()}")
                    return
                record(number, sequence, result, begun, ended, 1)
                sequence += 1
                figures["commands exited 0"] += 1
            if round_number % 3 == 0:
                batch = [
                    {"type": "created", "toggle": batch_name, "kind": "local", "valueType": "number", "default": 1, "category": "ops"},
                    {"type": "default-changed", "toggle": batch_name, "default": 2},
                    {"type": "default-changed", "toggle": batch_name, "default": 3},
                    {"type": "removed", "toggle": batch_name},
                ]
                begun = time.monotonic()
                result = log.append(batch)
                ended = time.monotonic()
                if result.returncode != 0:
                    failures.append(f"process {number} round {round_number}: append batch exit {result.returncode}: {result.stderr.decode()}")
                    return
                record(number, sequence, result, begun, ended, len(batch))
                sequence += len(batch)
                figures["commands exited 0"] += 1

    try:
        run_together(process, options.processes, started, figures, failures)
        result = log.run("replay", "--format", "json")
        if result.returncode != 0:
            raise Failure(f"replay exit {result.returncode}: {result.stderr.decode()}")
        replayed = [json.loads(raw) for raw in result.stdout.splitlines() if raw.strip()]
        position = {}
        for index, entry in enumerate(replayed):
            if not entry["applied"]:
                raise Failure(f"replay skipped {entry['event']['id']} ({entry['event']['type']} {entry['event']['toggle']}): {line(entry)[:300]}")
            position[entry["event"]["id"]] = index
        if len(position) != len(appended):
            raise Failure(f"{len(position)} events replayed, {len(appended)} appended")
        # Each process's own events, in its order.
        for number in range(options.processes):
            own = sorted((item for item in appended if item[0] == number), key=lambda item: item[1])
            places = [position[item[2]] for item in own]
            if places != sorted(places):
                raise Failure(f"process {number}: its events replay out of the order it appended them")
        # Across processes: an append that began after another had ended replays after it.
        by_end = sorted(appended, key=lambda item: item[4])
        latest_place, ended_before = -1, 0
        for item in sorted(appended, key=lambda item: item[3]):
            while ended_before < len(by_end) and by_end[ended_before][4] < item[3]:
                latest_place = max(latest_place, position[by_end[ended_before][2]])
                ended_before += 1
            if position[item[2]] < latest_place:
                raise Failure(f"event {item[2]} was appended after an event that had finished, yet replays before it")
            figures["ordered pairs checked"] += ended_before
        audit = log.audit("--strict")
        if audit["events"] != len(appended):
            raise Failure(f"audit counted {audit['events']} events, expected {len(appended)}")
        state = json.loads(log.run("state", "--format", "json").stdout)
        toggles = {toggle["name"]: toggle for toggle in state["toggles"]}
        for number in range(options.processes):
            for name in (f"isBackToBack{number}",) + ((f"isBatched{number}",) if options.rounds else ()):
                if toggles.get(name, {}).get("removedAt") is None:
                    raise Failure(f"{name} should end removed: {toggles.get(name)}")
        figures["processes"] = options.processes
        figures["rounds per process"] = options.rounds
        figures["segments"] = audit["segments"]
        figures["seconds"] = round(time.monotonic() - started, 1)
        return report("back-to-back", figures, True)
    except Failure as failure:
        log.keep = True
        return report("back-to-back", figures, False, str(failure))
    finally:
        log.close()


# ---------------------------------------------------------------------------------------------
# disk-full


def disk_full(options):
    figures = collections.Counter()
    notes = []
    try:
        fill_check(options, figures, "file-size limit", mount=False)
        if os.geteuid() != 0:
            notes.append("small filesystem skipped: mounting a tmpfs needs root")
        else:
            try:
                fill_check(options, figures, "full tmpfs", mount=True)
            except PermissionError as error:
                notes.append(f"small filesystem skipped: {error}")
        figures["notes"] = "; ".join(notes) or "none"
        return report("disk-full", figures, True)
    except Failure as failure:
        return report("disk-full", figures, False, str(failure))


def fill_check(options, figures, label, mount):
    log = Log(options.binary, options.keep)
    mounted = False
    try:
        if mount:
            os.makedirs(log.path)
            status = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", log.path], capture_output=True)
            if status.returncode != 0:
                raise PermissionError(f"mount -t tmpfs failed: {status.stderr.decode().strip()}")
            mounted = True
        result = log.append([toggle_created("isFull", "full-0", 0)])
        if result.returncode != 0:
            raise Failure(f"{label}: setup append failed: {result.stderr.decode()}")
        limit = None
        if mount:
            # Fill the file system, then free a little: small writes work, the batch does not fit.
            filler = os.path.join(log.path, ".filler")
            descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
            try:
                while os.write(descriptor, b"\0" * 4096) > 0:
                    pass
            except OSError:
                pass
            finally:
                os.close(descriptor)
            os.truncate(filler, max(0, os.path.getsize(filler) - 8192))
        else:
            limit = 4096
        batch = [default_changed("isFull", f"full-{n}", n, n % 2 == 0) for n in range(1, options.events + 1)]
        before = log.snapshot()
        result = log.append(batch, limit=limit)
        after = log.snapshot()
        message = result.stderr.decode()
        if result.returncode != 2:
            raise Failure(f"{label}: append exited {result.returncode}, expected 2: {message}")
        expected_reason = "File too large" if limit else "No space left on device"
        if expected_reason not in message or "events/" not in message:
            raise Failure(f"{label}: unclear error: {message!r}")
        if before != after:
            changed = sorted(set(before) ^ set(after) | {k for k in before if k in after and before[k] != after[k]})
            raise Failure(f"{label}: the log changed: {changed[:5]}")
        figures[f"{label}: exit"] = result.returncode
        figures[f"{label}: error"] = message.strip()
        figures[f"{label}: files byte-compared"] = len(before)
        if mount:
            os.remove(os.path.join(log.path, ".filler"))
        retry = log.append(batch)
        if retry.returncode != 0:
            raise Failure(f"{label}: the append after freeing space failed: {retry.stderr.decode()}")
        log.audit("--strict")
        figures[f"{label}: next append ok, events"] = len(log.scan())
    finally:
        if mounted:
            subprocess.run(["umount", log.path], capture_output=True)
        log.close()


# ---------------------------------------------------------------------------------------------


def report(name, figures, ok, failure=None):
    width = max((len(k) for k in figures), default=0)
    print(f"== {name}: {'ok' if ok else 'FAILED'}")
    for key, value in figures.items():
        print(f"  {key.ljust(width)}  {value}")
    if failure:
        print(f"  failure: {failure}")
    print(json.dumps({"test": name, "ok": ok, "failure": failure, **figures}))
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("TOGGLES_BINARY", ".build/debug/toggles"))
    parser.add_argument("--keep", action="store_true", help="keep the scratch log directory")
    sub = parser.add_subparsers(dest="test", required=True)
    t = sub.add_parser("torture")
    t.add_argument("--kills", type=int, default=int(os.environ.get("TORTURE_KILLS", 300)))
    t.add_argument("--seconds", type=float, default=float(os.environ.get("TORTURE_SECONDS", 600)))
    t.add_argument("--batch", type=int, default=8, help="largest batch per append")
    t.add_argument("--torn-every", type=int, default=7, help="make a torn tail every N rounds (0: never)")
    t.add_argument("--seed", type=int, default=int(os.environ.get("TORTURE_SEED", 7)))
    c = sub.add_parser("crowd")
    c.add_argument("--writers", type=int, default=int(os.environ.get("CROWD_WRITERS", 16)))
    c.add_argument("--appends", type=int, default=int(os.environ.get("CROWD_APPENDS", 500)))
    c.add_argument("--seconds", type=float, default=float(os.environ.get("CROWD_SECONDS", 3600)))
    b = sub.add_parser("back-to-back")
    b.add_argument("--processes", type=int, default=int(os.environ.get("BACK_TO_BACK_PROCESSES", 6)))
    b.add_argument("--rounds", type=int, default=int(os.environ.get("BACK_TO_BACK_ROUNDS", 30)))
    b.add_argument("--seconds", type=float, default=float(os.environ.get("BACK_TO_BACK_SECONDS", 3600)))
    r = sub.add_parser("branches")
    r.add_argument("--histories", type=int, default=int(os.environ.get("BRANCHES_HISTORIES", 20)))
    r.add_argument("--commands", type=int, default=int(os.environ.get("BRANCHES_COMMANDS", 6)), help="commands per branch")
    r.add_argument("--seconds", type=float, default=float(os.environ.get("BRANCHES_SECONDS", 600)))
    r.add_argument("--seed", type=int, default=int(os.environ.get("BRANCHES_SEED", 25)))
    r.add_argument("--branches", type=int, choices=[2, 3], help="branches per history (default: 2 and 3 in turn)")
    d = sub.add_parser("disk-full")
    d.add_argument("--events", type=int, default=400, help="events in the batch that does not fit")
    options = parser.parse_args()
    if options.test == "branches":
        # Its own file (one concept per file); imported here so the modes share one entry point.
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from reliability_branches import branches
        return branches(options, report)
    return {"torture": torture, "crowd": crowd, "back-to-back": back_to_back, "disk-full": disk_full}[options.test](options)


if __name__ == "__main__":
    sys.exit(main())
