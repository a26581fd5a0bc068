#!/usr/bin/env python3
"""Counts the library's public and `package` declarations per target.

    python3 Scripts/architecture-counts.py                               print the counts
    python3 Scripts/architecture-counts.py --unused                      list the `package` declarations
                                                                         named in no other target
    python3 Scripts/architecture-counts.py --write docs/architecture.md  rewrite the generated section
    python3 Scripts/architecture-counts.py --check docs/architecture.md  exit 1 when it is stale

It reads the sources line by line, as the code is formatted (one declaration a line), not
with a Swift parser:
- a public top-level declaration is a line at column 0 declaring a type, typealias, function
  or value with `public` (extensions declare nothing);
- a `package` declaration is any line whose modifiers include `package`;
- such a declaration is "used in another target" when its name appears as a word anywhere in
  another target's sources (comments included). That is conservative: a name shared by two
  unrelated members counts as used. An initializer or subscript goes by its type's name, an
  operator always counts as used. A type also counts as used when a used `package`
  or public declaration's line (its signature, over several lines if need be) of its own
  target names it: the signature shows the type to the other target. Tests do not count: they `@testable import` every layer.

No dependencies: python3 alone.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Sources")
# The library, bottom up, then the runtime apps embed and the command line, counted apart.
LIBRARY = ["LedgerModel", "LedgerPlatform", "LedgerStore", "LedgerCore", "ToggleLedger", "SwiftSource"]
APART = ["ToggleKit", "TogglesCLI"]
TYPE_KINDS = ("struct", "enum", "class", "protocol", "actor", "typealias")
BEGIN, END = "<!-- counts:begin -->", "<!-- counts:end -->"

KINDS = r"(?:struct|enum|class|protocol|actor|typealias|func|let|var|init|subscript|case)"
MODIFIERS = r"(?:(?:@\w+(?:\([^)]*\))?|public|package|private|fileprivate|internal|open|final|indirect|static|class|override|mutating|nonmutating|lazy|convenience|required|nonisolated|weak|unowned|dynamic|consuming|borrowing|private\(set\)|fileprivate\(set\)|internal\(set\))\s+)*"
DECLARATION = re.compile(r"^(\s*)(" + MODIFIERS + r")(" + KINDS + r")\b\s*([A-Za-z_][A-Za-z0-9_]*|[^\sA-Za-z0-9_({:]+)?")
TYPE_OR_EXTENSION = re.compile(r"^(\s*)" + MODIFIERS + r"(?:struct|enum|class|protocol|actor|extension)\s+([A-Za-z_][\w.]*)")


def swift_files(target):
    for folder, _, names in sorted(os.walk(os.path.join(SOURCES, target))):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def declarations(target):
    """Yields (path, line number, indentation, modifiers, kind, name, enclosing type, line) per declaration."""
    for path in swift_files(target):
        enclosing = []  # (indentation, type name) of the types and extensions the line is in
        with open(path, encoding="utf-8") as file:
            lines = file.read().split("\n")
            for number, line in enumerate(lines, 1):
                stripped = line.lstrip()
                if stripped.startswith("//") or stripped.startswith("*") or not stripped:
                    continue
                indentation = len(line) - len(stripped)
                while enclosing and enclosing[-1][0] >= indentation:
                    enclosing.pop()
                owner = enclosing[-1][1] if enclosing else None
                match = DECLARATION.match(line)
                if match:
                    modifiers = match.group(2).split()
                    signature, following = line, number
                    if signature.rstrip().endswith(("(", ",")):  # a signature over several lines
                        while "{" not in lines[following - 1] and following < min(len(lines), number + 8):
                            signature += lines[following]
                            following += 1
                    yield path, number, indentation, modifiers, match.group(3), match.group(4) or "", owner, signature
                container = TYPE_OR_EXTENSION.match(line)
                if container and line.rstrip().endswith("{"):
                    enclosing.append((indentation, container.group(2).split(".")[-1]))


def words_per_target(targets):
    words = {}
    for target in targets:
        found = set()
        for path in swift_files(target):
            with open(path, encoding="utf-8") as file:
                found.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", file.read()))
        words[target] = found
    return words


def count():
    targets = LIBRARY + APART
    words = words_per_target(targets + ["toggles"])
    result = {}
    for target in targets:
        elsewhere = set().union(*(words[other] for other in words if other != target))
        public, package, candidates, signatures = [], [], [], set()
        for path, number, indentation, modifiers, kind, name, owner, line in declarations(target):
            if indentation == 0 and "public" in modifiers and kind not in ("case", "init", "subscript"):
                public.append(name)
            if "public" in modifiers or kind == "case":  # an enum case's payload is its signature
                signatures.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", line))
            if "package" not in modifiers:
                continue
            package.append((path, number, name))
            if kind in ("init", "subscript") or name in ("", "init"):
                used = owner is None or owner in elsewhere
            elif not re.match(r"[A-Za-z_]", name):
                used = True  # an operator: no name to look for
            else:
                used = name in elsewhere
            if used:
                signatures.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", line))
            else:
                shown = f"{owner}.{kind}" if kind in ("init", "subscript") else name
                candidates.append((os.path.relpath(path, ROOT), number, shown, kind, line))
        # A type named in a used declaration's signature is used too, and so on.
        while True:
            shown_types = {c for c in candidates if c[3] in TYPE_KINDS and c[2] in signatures}
            if not shown_types:
                break
            candidates = [c for c in candidates if c not in shown_types]
            for c in shown_types:
                signatures.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", c[4]))
        unused = [c[:3] for c in candidates]
        result[target] = (sorted(set(public)), package, unused)
    return result


def section(result):
    lines = [BEGIN, "<!-- Generated by `python3 Scripts/architecture-counts.py --write docs/architecture.md`; "
             "a test fails when it is stale. -->", ""]
    library_public = sum(len(result[t][0]) for t in LIBRARY)
    lines += ["| Target | public top-level declarations | `package` declarations | `package`, named in no other target |",
              "|---|---:|---:|---:|"]
    for target in LIBRARY + APART:
        public, package, unused = result[target]
        lines.append(f"| {target} | {len(public)} | {len(package)} | {len(unused)} |")
    lines.append(f"| **library** (the first six) | **{library_public}** | "
                 f"**{sum(len(result[t][1]) for t in LIBRARY)}** | **{sum(len(result[t][2]) for t in LIBRARY)}** |")
    lines += ["", "Public declarations by target:", ""]
    for target in LIBRARY + APART:
        public = result[target][0]
        if public:
            lines.append(f"- {target} ({len(public)}): " + ", ".join(f"`{name}`" for name in public) + ".")
    lines += ["", END]
    return "\n".join(lines)


def replaced(document, generated):
    start, end = document.find(BEGIN), document.find(END)
    if start < 0 or end < start:
        sys.exit(f"no {BEGIN} … {END} section to replace")
    return document[:start] + generated + document[end + len(END):]


def main(arguments):
    result = count()
    if arguments[:1] == ["--unused"]:
        for target in LIBRARY + APART:
            for path, number, name in result[target][2]:
                print(f"{path}:{number}: {name}")
        return 0
    if arguments[:1] in (["--write"], ["--check"]) and len(arguments) == 2:
        path = arguments[1]
        with open(path, encoding="utf-8") as file:
            document = file.read()
        wanted = replaced(document, section(result))
        if arguments[0] == "--write":
            with open(path, "w", encoding="utf-8") as file:
                file.write(wanted)
            return 0
        if wanted != document:
            print(f"{path}: the generated counts are stale; run "
                  f"`python3 Scripts/architecture-counts.py --write {path}`", file=sys.stderr)
            return 1
        return 0
    if arguments:
        print(__doc__.strip().splitlines()[2:7] and "\n".join(__doc__.strip().splitlines()[2:7]), file=sys.stderr)
        return 64
    print(section(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
