#!/usr/bin/env python3
"""Recall and precision of `toggles scan` on public apps' code against ground truths (issue 27, §4).

Usage: swift-recall.py [--toggles BINARY] [--fixtures DIR] [--app NAME]... [--show N] [--check] [--json]

Each folder of DIR (default Tests/TogglesCLITests/Fixtures/swiftRecall) holding a truth.json is an
app: src/ (Swift files taken from the app, SOURCE.md says which), events.jsonl (a log creating each
toggle) and truth.json (every line a reference should be reported on, written from the app's own
idioms before the scanner ran on it: Scripts/swift-recall-truth.py).

For each app, src/ is copied to a scratch folder of its own (a `.git` marks it as the repository
root, so no enclosing log is found) and scanned twice with `toggles scan . --format json`:
  with the log     --log pointing at a folder holding events.jsonl;
  without a log    discovery, as adoption runs it.
A reference counts by its file and line. Recall = truth lines reported / truth lines; precision =
reported lines in the truth / reported lines. The table marks held-out apps (truth.json
"heldOut": true), kept out of every tuning step; the misses and false lines follow (the first
--show of each, default 5, with the source line).

--check exits 1 unless every app meets issue 27's bounds: with the log recall >= 95% and
precision >= 95%, without a log recall >= 90%. --json prints the figures as JSON instead.
Exit 2 when a scan fails or a fixture is malformed.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOUNDS = {'recallWithLog': 95.0, 'precisionWithLog': 95.0, 'recallWithoutLog': 90.0}


def scan(binary, source, log):
    """The (file, line) -> [toggle, kind] of one `toggles scan` of a copy of source."""
    scratch = tempfile.mkdtemp(prefix='swift-recall-')
    try:
        os.mkdir(os.path.join(scratch, '.git'))
        tree = os.path.join(scratch, 'app')
        shutil.copytree(source, tree)
        arguments = [binary, 'scan', '.', '--format', 'json']
        if log:
            os.mkdir(os.path.join(scratch, 'log'))
            shutil.copy(log, os.path.join(scratch, 'log', 'events.jsonl'))
            arguments += ['--log', os.path.join(scratch, 'log')]
        run = subprocess.run(arguments, cwd=tree, capture_output=True, text=True,
                             env={**os.environ, 'NO_COLOR': '1', 'USER': 'swift-recall'})
        try:
            report = json.loads(run.stdout)
        except ValueError:
            sys.stderr.write(f"toggles scan failed in {source} (exit {run.returncode}): {run.stderr}{run.stdout[:500]}\n")
            sys.exit(2)
        found = {}
        for reference in report.get('references', []):
            path = reference['file'][2:] if reference['file'].startswith('./') else reference['file']
            found.setdefault((path, int(reference['line'])), []).append(f"{reference['toggle']} ({reference['kind']})")
        return found
    finally:
        shutil.rmtree(scratch)


def percent(part, whole):
    return 100.0 * part / whole if whole else 100.0


def measure(binary, fixture, show):
    truth = json.load(open(os.path.join(fixture, 'truth.json')))
    expected = {}
    for line in truth['lines']:
        path, number = line['at'].rsplit(':', 1)
        expected[(path, int(number))] = f"{line['toggle']} ({line['kind']})"
    source = os.path.join(fixture, 'src')
    with_log = scan(binary, source, os.path.join(fixture, 'events.jsonl'))
    without_log = scan(binary, source, None)

    def text_of(path, number):
        try:
            return open(os.path.join(source, path), encoding='utf-8', errors='replace').read().split('\n')[number - 1].strip()[:110]
        except (OSError, IndexError):
            return '?'

    def sample(keys, labels):
        return [f"{path}:{number}: {labels[(path, number)] if not isinstance(labels[(path, number)], list) else ', '.join(labels[(path, number)])}: {text_of(path, number)}"
                for path, number in sorted(keys)[:show]]

    hit = expected.keys() & with_log.keys()
    discovered = expected.keys() & without_log.keys()
    return {
        'app': truth['app'], 'convention': truth.get('convention', ''), 'heldOut': bool(truth.get('heldOut')),
        'toggles': len(truth['toggles']), 'truthLines': len(expected),
        'recallWithLog': percent(len(hit), len(expected)),
        'precisionWithLog': percent(len(hit), len(with_log)) if with_log else 0.0,
        'recallWithoutLog': percent(len(discovered), len(expected)),
        'precisionWithoutLog': percent(len(discovered), len(without_log)) if without_log else 0.0,
        'reportedWithLog': len(with_log), 'reportedWithoutLog': len(without_log),
        'missedWithLog': sample(expected.keys() - with_log.keys(), expected),
        'falseWithLog': sample(with_log.keys() - expected.keys(), with_log),
        'missedWithoutLog': sample(expected.keys() - without_log.keys(), expected),
        'falseWithoutLog': sample(without_log.keys() - expected.keys(), without_log),
        'counts': {'missedWithLog': len(expected.keys() - with_log.keys()), 'falseWithLog': len(with_log.keys() - expected.keys()),
                   'missedWithoutLog': len(expected.keys() - without_log.keys()), 'falseWithoutLog': len(without_log.keys() - expected.keys())},
    }


def meets_bounds(result):
    return all(result[key] >= bound for key, bound in BOUNDS.items())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--toggles', default=os.path.join(ROOT, '.build', 'debug', 'toggles'))
    parser.add_argument('--fixtures', default=os.path.join(ROOT, 'Tests', 'TogglesCLITests', 'Fixtures', 'swiftRecall'))
    parser.add_argument('--app', action='append', default=[])
    parser.add_argument('--show', type=int, default=5)
    parser.add_argument('--check', action='store_true')
    parser.add_argument('--json', action='store_true')
    options = parser.parse_args()
    if not os.access(options.toggles, os.X_OK):
        sys.exit(f"no toggles binary at {options.toggles}: swift build, or pass --toggles")
    apps = sorted(name for name in os.listdir(options.fixtures) if os.path.isfile(os.path.join(options.fixtures, name, 'truth.json')))
    if options.app:
        apps = [name for name in apps if name in options.app]
    results = [measure(options.toggles, os.path.join(options.fixtures, name), options.show) for name in apps]
    if options.json:
        print(json.dumps(results, indent=1))
    else:
        print(f"{'app':<14} {'held-out':<8} {'toggles':>7} {'truth':>6} {'R log':>6} {'P log':>6} {'R no log':>8} {'P no log':>8}")
        for group in (False, True):
            for r in (r for r in results if r['heldOut'] == group):
                print(f"{r['app']:<14} {'yes' if r['heldOut'] else 'no':<8} {r['toggles']:>7} {r['truthLines']:>6} "
                      f"{r['recallWithLog']:>5.1f}% {r['precisionWithLog']:>5.1f}% {r['recallWithoutLog']:>7.1f}% {r['precisionWithoutLog']:>7.1f}%")
        for r in results:
            print(f"\n{r['app']} ({r['convention'][:150]})")
            for key in ('missedWithLog', 'falseWithLog', 'missedWithoutLog', 'falseWithoutLog'):
                if r[key]:
                    print(f"  {key} ({r['counts'][key]}):")
                    for line in r[key]:
                        print(f"    {line}")
    if options.check:
        failing = [r['app'] for r in results if not meets_bounds(r)]
        if failing:
            print(f"\nbelow issue 27's bounds (with a log recall and precision >= 95%, without recall >= 90%): {', '.join(failing)}")
            sys.exit(1)
        print(f"\nall {len(results)} apps meet issue 27's bounds")


if __name__ == '__main__':
    main()
