#!/usr/bin/env python3
"""Runs the commands of docs/analytics.md on this repository's events/, as written.

Each ```sh block preceded by `<!-- check: TOOL [LABEL] -->` runs with bash (-e -o pipefail)
in a temporary directory holding a copy of events/, with the built `toggles` on PATH. A block
passes when it exits 0 and writes nothing to standard error. Blocks sharing a LABEL answer the
same question with DuckDB and with jq; their answers must agree.

A tool that is not installed is skipped, saying so (exit 0): jq (apt-get install jq), DuckDB
(pip install duckdb-cli; with only the Python package, `pip install duckdb`, a small stand-in
for the `duckdb` command runs the SQL). --require makes a missing tool an error.

Usage: Scripts/check-analytics-docs.py [--tool jq|duckdb] [--require] [--doc FILE] [--toggles PATH]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "analytics.md")
BLOCK = re.compile(r"<!-- check: (\w+)(?: ([\w-]+))? -->\n```sh\n(.*?)\n```", re.S)

# Stands in for the duckdb command when only the Python package is installed: `duckdb [DB]
# [-c SQL]`, the SQL from standard input otherwise; prints each query's result as a table.
DUCKDB_STAND_IN = """#!/usr/bin/env python3
import sys, duckdb
args = sys.argv[1:]
sql = None
if "-c" in args:
    index = args.index("-c")
    sql = args[index + 1]
    del args[index:index + 2]
connection = duckdb.connect(args[0] if args else ":memory:")
for statement in duckdb.extract_statements(sql if sql is not None else sys.stdin.read()):
    result = connection.sql(statement.query)
    if statement.type in (duckdb.StatementType.SELECT, duckdb.StatementType.MULTI) and result is not None:
        result.show(max_rows=10000, max_width=10000)
"""


def python_has_duckdb():
    try:
        import duckdb  # noqa: F401
        return True
    except ImportError:
        return False


def tool_status(tool):
    """(available, how or why not)."""
    if tool == "jq":
        return (True, shutil.which("jq")) if shutil.which("jq") else (False, "jq is not installed (apt-get install jq)")
    if shutil.which("duckdb"):
        return True, shutil.which("duckdb")
    if python_has_duckdb():
        return True, "the Python package (stand-in for the duckdb command)"
    return False, "DuckDB is not installed (pip install duckdb-cli, or pip install duckdb)"


def table_rows(text):
    """The data rows of a DuckDB box table, as tuples of stripped cells."""
    rows = []
    for line in text.splitlines():
        if line.startswith("│"):
            rows.append(tuple(cell.strip() for cell in line.strip("│").split("│")))
    # The first two rows are the column names and types.
    return rows[2:]


def compare(label, duckdb_output, jq_output):
    """Why the DuckDB and jq answers to the question `label` differ, or None."""
    if label == "created-per-month":
        from_duckdb = sorted(table_rows(duckdb_output))
        from_jq = sorted(tuple(line.split("\t")) for line in jq_output.splitlines())
        if from_duckdb != from_jq or not from_jq:
            return f"DuckDB says {from_duckdb}, jq says {from_jq}"
    elif label == "median-removal":
        overall = [row for row in table_rows(duckdb_output) if row[0] == "(all)"]
        match = re.search(r"(\d+) removed, median ([0-9.]+) days", jq_output)
        if not overall and "no toggle removed yet" in jq_output:
            return None
        if not overall or not match or (overall[0][1], float(overall[0][2])) != (match.group(1), float(match.group(2))):
            return f"DuckDB says {overall}, jq says {jq_output.strip()!r}"
    return None


def report_live_per_owner(work, environment):
    """[(owner, live)] from `toggles report --format json`: the toggles awaiting retirement
    (removed from the code, still in Remote Config) are not live."""
    import json
    run = subprocess.run(["toggles", "report", "--format", "json"], cwd=work, env=environment, capture_output=True, text=True, timeout=120)
    counts = {}
    for toggle in json.loads(run.stdout)["toggles"]:
        if not toggle.get("awaitingRetirement"):
            owner = toggle.get("owner") or "(no owner)"
            counts[owner] = counts.get(owner, 0) + 1
    return sorted(counts.items())


def live_per_owner(tool, output):
    """[(owner, live)] from a tool's answer to live-per-owner."""
    if tool == "duckdb":
        return sorted((row[0], int(row[1])) for row in table_rows(output))
    return sorted((line.split("\t")[0], int(line.split("\t")[1].split(" ")[0])) for line in output.splitlines())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", choices=["jq", "duckdb"])
    parser.add_argument("--require", action="store_true", help="a missing tool is an error")
    parser.add_argument("--doc", default=DOC, help="the page to check (default: docs/analytics.md)")
    parser.add_argument("--toggles", default=os.environ.get("TOGGLES_BINARY", os.path.join(ROOT, ".build", "debug", "toggles")))
    options = parser.parse_args()

    with open(options.doc, encoding="utf-8") as file:
        blocks = BLOCK.findall(file.read())
    if not blocks:
        print(f"no checked blocks in {options.doc}", file=sys.stderr)
        return 1
    failures = 0
    answers = {}
    with tempfile.TemporaryDirectory(prefix="analytics-docs-") as work:
        shutil.copytree(os.path.join(ROOT, "events"), os.path.join(work, "events"))
        bin_directory = os.path.join(work, ".bin")
        os.mkdir(bin_directory)
        if os.path.exists(options.toggles):
            os.symlink(os.path.abspath(options.toggles), os.path.join(bin_directory, "toggles"))
        # The duckdb command elides the middle of a table longer than 40 rows; the comparisons
        # need every row (it reads ~/.duckdbrc).
        with open(os.path.join(work, ".duckdbrc"), "w", encoding="utf-8") as file:
            file.write(".maxrows 1000000\n")
        environment = dict(os.environ, PATH=bin_directory + os.pathsep + os.environ.get("PATH", ""), NO_COLOR="1", HOME=work)
        for tool in ["jq", "duckdb"]:
            if options.tool and tool != options.tool:
                continue
            mine = [(label, code) for (block_tool, label, code) in blocks if block_tool == tool]
            available, how = tool_status(tool)
            if not available:
                print(f"skipped the {len(mine)} {tool} examples of docs/analytics.md: {how}")
                failures += 1 if options.require else 0
                continue
            if tool == "duckdb" and not shutil.which("duckdb"):
                stand_in = os.path.join(bin_directory, "duckdb")
                with open(stand_in, "w", encoding="utf-8") as file:
                    file.write(DUCKDB_STAND_IN.replace("#!/usr/bin/env python3", "#!" + sys.executable, 1))
                os.chmod(stand_in, 0o755)
            for label, code in mine:
                run = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", code], cwd=work, env=environment,
                                     capture_output=True, text=True, timeout=300)
                first_line = code.splitlines()[0]
                # The duckdb command says it read the .duckdbrc written above.
                stderr = re.sub(r"(\x1b\[[0-9;]*m)*-- Loading resources from \S+\n(\x1b\[[0-9;]*m)*", "", run.stderr)
                if run.returncode != 0 or stderr:
                    failures += 1
                    print(f"FAILED ({tool}, exit {run.returncode}): {first_line} …\n{stderr}{run.stdout}")
                    continue
                if label:
                    answers.setdefault(label, {})[tool] = run.stdout
            print(f"ran the {len(mine)} {tool} examples of docs/analytics.md with {how}")
        # What is live, per owner, is what `toggles report` says.
        if "live-per-owner" in answers and os.path.exists(options.toggles):
            expected = report_live_per_owner(work, environment)
            for tool, output in sorted(answers["live-per-owner"].items()):
                found = live_per_owner(tool, output)
                if found != expected:
                    failures += 1
                    print(f"FAILED: {tool} and the report disagree on live-per-owner: {tool} says {found}, the report {expected}")
                else:
                    print(f"{tool} and the report agree on live-per-owner")
    for label, by_tool in sorted(answers.items()):
        if label == "live-per-owner":
            continue
        if len(by_tool) == 2:
            problem = compare(label, by_tool["duckdb"], by_tool["jq"])
            if problem:
                failures += 1
                print(f"FAILED: DuckDB and jq disagree on {label}: {problem}")
            else:
                print(f"DuckDB and jq agree on {label}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
