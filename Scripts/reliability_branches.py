"""The `branches` mode of Scripts/reliability.py: random histories of valid commands on two and
three git branches, merged in every order and rebased, through the real binary and real git.

For each history: a base commit on main; on each branch, random `toggles` commands dated with
--at so that the branches interleave in time (create a toggle of the base or a shared new name
with a random definition, change, publish, extend, remove, create again); a command the binary
rejects (exit 65, it was not valid on that branch) is dropped. Then every permutation of the
branches is merged into a fresh branch from main (`git merge`), and the branches are also
rebased one onto the other (a linear history). Every result must:
  - never exit 2 (`toggles check`, `toggles audit`: lifecycle rules never make a merge invalid);
  - print byte for byte the same `state --at T --format json` as every other order;
then, on one result, every open conflict is settled by one `toggles resolve` (a random side),
after which `state` lists no conflict, `check` does not fail for `conflict`, and
`audit --git` is valid.
"""
import itertools
import json
import os
import random
import shutil
import subprocess
import tempfile
import time

BASE = 1_767_225_600  # 2026-01-01T00:00:00Z
NAMES = ["isStories", "isRoundedAvatar", "appPrimaryColor"]


def instant(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(BASE + seconds))


class Repository:
    def __init__(self, binary, directory):
        self.binary = os.path.abspath(binary)
        self.directory = directory
        self.environment = dict(os.environ, GIT_AUTHOR_NAME="Branches", GIT_AUTHOR_EMAIL="b@example.com",
                                GIT_COMMITTER_NAME="Branches", GIT_COMMITTER_EMAIL="b@example.com")
        self.environment.pop("TOGGLES_LOG", None)

    def git(self, *arguments):
        result = subprocess.run(["git", *arguments], cwd=self.directory, env=self.environment,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"git {' '.join(arguments)}: {result.stdout}{result.stderr}")
        return result.stdout

    def toggles(self, *arguments):
        result = subprocess.run([self.binary, *arguments, "--actor", "b@example.com"] if arguments[0] in WRITERS
                                else [self.binary, *arguments], cwd=self.directory, env=self.environment,
                                capture_output=True, text=True)
        return result.returncode, result.stdout, result.stderr

    def commit(self, message):
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", message)


WRITERS = {"create", "change", "publish", "extend", "remove", "resolve", "support"}


def random_command(rng, at):
    name = rng.choice(NAMES)
    stamp = ["--at", instant(at)]
    # Creations weigh most: most other commands need the toggle to exist on their branch.
    choice = rng.choice([0, 0, 0, 1, 2, 2, 3, 4, 4, 5])
    if choice == 0:
        kind = rng.choice(["local", "remote"])
        default = rng.choice(["true", "false"])
        return ["create", name, "--kind", kind, "--type", "bool", "--default", default] + stamp
    if choice == 1:
        return ["change", name, "--default", rng.choice(["true", "false"])] + stamp
    if choice == 2:
        return ["publish", name, "--value", rng.choice(["true", "false"])] + stamp
    if choice == 3:
        return ["extend", name, "--expires", f"2027-{rng.randrange(1, 13):02d}-01", "--reason", "more time"] + stamp
    if choice == 5:
        # The log-wide minimum version: raised on two branches, a `minimum-version` conflict of _app.
        return ["support", "--minimum", f"2.{rng.randrange(0, 10)}"] + stamp
    return ["remove", name] + stamp


def one_history(binary, rng, branch_count, commands, root, figures):
    directory = tempfile.mkdtemp(prefix="branches-", dir=root)
    repository = Repository(binary, directory)
    repository.git("init", "-q", "-b", "main")
    code, out, err = repository.toggles("create", NAMES[0], "--kind", "remote", "--type", "bool", "--default", "false",
                                        "--at", instant(0))
    assert code == 0, err
    repository.commit("base")
    branches = [f"b{number}" for number in range(branch_count)]
    # Instants interleave across branches: each command takes the next slot of a shuffled pool.
    slots = list(range(1, branch_count * commands + 1))
    rng.shuffle(slots)
    for number, branch in enumerate(branches):
        repository.git("checkout", "-q", "main")
        repository.git("checkout", "-qb", branch)
        mine = sorted(slots[number * commands:(number + 1) * commands])
        for slot in mine:
            code, out, err = repository.toggles(*random_command(rng, slot * 3600))
            figures["commands"] += 1
            if code == 65:
                figures["rejected on their branch"] += 1
            elif code != 0:
                raise AssertionError(f"{branch}: exit {code}: {err}")
        repository.commit(branch)
    at = instant((branch_count * commands + 2) * 3600)
    outcomes = {}
    orders = list(itertools.permutations(branches))
    for order in orders:
        target = "merge-" + "-".join(order)
        repository.git("checkout", "-q", "main")
        repository.git("checkout", "-qb", target)
        for branch in order:
            repository.git("merge", "-q", "--no-edit", branch)
        outcomes[target] = check_result(repository, at, figures)
    # Rebased: each branch replayed on top of the previous one, a linear history.
    repository.git("checkout", "-q", "-b", "rebased", branches[0])
    for branch in branches[1:]:
        repository.git("checkout", "-q", "-b", f"rebase-{branch}", branch)
        repository.git("rebase", "-q", "rebased")
        repository.git("checkout", "-q", "rebased")
        repository.git("merge", "-q", "--ff-only", f"rebase-{branch}")
    outcomes["rebased"] = check_result(repository, at, figures)
    states = set(outcomes.values())
    if len(states) != 1:
        raise AssertionError(f"{directory}: the state differs between merge orders: {sorted(outcomes)}")
    # Settle every open conflict with one resolve each, on the last merge.
    repository.git("checkout", "-q", "merge-" + "-".join(orders[0]))
    state = json.loads(next(iter(states)))
    conflicts = state.get("conflicts", [])
    figures["conflicts"] += len(conflicts)
    figures["of which minimum-version"] += sum(1 for conflict in conflicts if conflict["kind"] == "minimum-version")
    for toggle in sorted({conflict["toggle"] for conflict in conflicts}):
        sides = sorted({event for conflict in conflicts if conflict["toggle"] == toggle for event in conflict["events"]})
        code, out, err = repository.toggles("resolve", toggle, "--keep", rng.choice(sides), "--at", at)
        if code != 0:
            raise AssertionError(f"{directory}: resolve {toggle}: exit {code}: {err}")
        figures["resolves"] += 1
    repository.commit("resolve")
    code, out, err = repository.toggles("state", "--at", at, "--format", "json")
    if "conflicts" in json.loads(out):
        raise AssertionError(f"{directory}: conflicts left after one resolve each: {out}")
    code, out, err = repository.toggles("check", "--now", at, "--format", "json")
    if code == 2 or '"code": "conflict"' in out:
        raise AssertionError(f"{directory}: check after resolving: exit {code}: {err}")
    code, out, err = repository.toggles("audit", "--git")
    if code != 0:
        raise AssertionError(f"{directory}: audit --git after resolving: exit {code}: {out}{err}")
    shutil.rmtree(directory, ignore_errors=True)


def check_result(repository, at, figures):
    figures["merges"] += 1
    for command in (["check", "--now", at], ["audit"]):
        code, out, err = repository.toggles(*command)
        if code == 2:
            raise AssertionError(f"{repository.directory}: {' '.join(command)} exit 2 after a merge: {out}{err}")
    code, out, err = repository.toggles("state", "--at", at, "--format", "json")
    if code != 0:
        raise AssertionError(f"{repository.directory}: state exit {code}: {err}")
    return out


def branches(options, report):
    rng = random.Random(options.seed)
    figures = {"histories": 0, "commands": 0, "rejected on their branch": 0, "merges": 0, "conflicts": 0,
               "of which minimum-version": 0, "resolves": 0}
    root = tempfile.mkdtemp(prefix="toggles-branches-")
    started = time.monotonic()
    failure = None
    try:
        for number in range(options.histories):
            if time.monotonic() - started > options.seconds:
                break
            one_history(options.binary, rng, options.branches or 2 + number % 2, options.commands, root, figures)
            figures["histories"] += 1
    except AssertionError as error:
        failure = str(error)
    finally:
        if not options.keep and failure is None:
            shutil.rmtree(root, ignore_errors=True)
    figures["seconds"] = round(time.monotonic() - started, 1)
    return report("branches", figures, failure is None, failure)
