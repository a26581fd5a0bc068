#!/usr/bin/env python3
"""Writes the ground truth of one swiftRecall fixture from the app's own idioms (issue 27, §4).

Usage: swift-recall-truth.py FIXTURE_DIR [--events TOGGLES_BINARY]

Reads FIXTURE_DIR/oracle.json, written by hand from reading the app (never from `toggles scan`):

  {"toggles": [{"name": "...", "kind": "remote|local|build", "key": "raw key"?, "idents": ["swiftName", ...]}],
   "declarationFiles": ["path/of/the/declaring/type.swift", ...],
   "identContext": "regex with {ident}" (optional, also per toggle; default: the identifier as a whole word),
   "declarationContext": "the same, used in the declaration files (default: identContext)",
   "exclude": {"path:line": "why", ...}, "include": {"path:line": "toggle" or {"toggle", "kind", "why"}, ...}}

and writes FIXTURE_DIR/truth.json: every line of FIXTURE_DIR/src whose code (comments dropped,
string contents blanked) names one of a toggle's Swift identifiers in the app's idiom, or holds
a string literal equal to one of its keys, with a kind:
  declaration  the line declares it (case / let / var / func / static let named after it),
  key          a string literal that is its key,
  own-body     any other use inside a declaration file (switch self, init, its own dictionaries),
  read         a use anywhere else.
With --events, also writes FIXTURE_DIR/events.jsonl: the log a team would keep, one `created`
event per toggle, made by `toggles create NAME --kind K --type T --default D` in a scratch folder.
The oracle is grep with a small lexer, independent of the scanner's. "exclude"/"include" record
the few lines reading the app showed the grep gets wrong, each with its reason.
"""
import json, os, re, shutil, subprocess, sys, tempfile


def code_and_strings(text):
    """Per line: the code with comments removed and string contents blanked, and the string literals."""
    lines = text.split('\n')
    code = [[] for _ in lines]
    strings = [[] for _ in lines]
    i, n, line = 0, len(text), 0
    depth = 0  # nested block comments
    while i < n:
        c = text[i]
        if c == '\n':
            line += 1; i += 1; continue
        if depth:
            if text.startswith('/*', i): depth += 1; i += 2
            elif text.startswith('*/', i): depth -= 1; i += 2
            else: i += 1
            continue
        if text.startswith('//', i):
            while i < n and text[i] != '\n': i += 1
            continue
        if text.startswith('/*', i):
            depth = 1; i += 2; continue
        if c == '"' or (c == '#' and text.startswith('#"', i)):
            hashes = 0
            while i < n and text[i] == '#': hashes += 1; i += 1
            triple = text.startswith('"""', i)
            quote = '"""' if triple else '"'
            close = quote + '#' * hashes
            i += len(quote)
            start_line, buf = line, []
            code[line].append('""')
            while i < n and not text.startswith(close, i):
                if text[i] == '\\' and not hashes and i + 1 < n:
                    if text[i + 1] == '\n': line += 1  # a line continuation in a multi-line string
                    buf.append(text[i:i + 2]); i += 2; continue
                if text[i] == '\n':
                    if not triple: break
                    line += 1
                buf.append(text[i]); i += 1
            i += len(close)
            strings[start_line].append(''.join(buf))
            continue
        code[line].append(c); i += 1
    return [''.join(c) for c in code], strings


def main():
    fixture = sys.argv[1]
    oracle = json.load(open(os.path.join(fixture, 'oracle.json')))
    src = os.path.join(fixture, 'src')
    decl_files = set(oracle.get('declarationFiles', []))
    context = oracle.get('identContext', r'\b{ident}\b')
    exclude = oracle.get('exclude', {})
    include = oracle.get('include', {})
    ident_of, key_of = [], {}
    for toggle in oracle['toggles']:
        for ident in toggle.get('idents', []):
            pattern = toggle.get('identContext', context)
            inside = toggle.get('declarationContext', oracle.get('declarationContext', pattern))
            ident_of.append((re.compile(pattern.replace('{ident}', re.escape(ident))),
                             re.compile(inside.replace('{ident}', re.escape(ident))), ident, toggle['name']))
        for key in [toggle['name']] + ([toggle['key']] if toggle.get('key') else []) + toggle.get('keys', []):
            key_of[key] = toggle['name']
    lines = {}
    for directory, _, files in os.walk(src):
        for file in sorted(files):
            if not file.endswith('.swift'): continue
            path = os.path.relpath(os.path.join(directory, file), src)
            code, strings = code_and_strings(open(os.path.join(directory, file), encoding='utf-8', errors='replace').read())
            for number, (text, literals) in enumerate(zip(code, strings), 1):
                where = f'{path}:{number}'
                if where in exclude: continue
                for literal in literals:
                    if literal in key_of:
                        lines.setdefault(where, (key_of[literal], 'key'))
                for outside, inside, ident, name in ident_of:
                    if (inside if path in decl_files else outside).search(text):
                        if re.search(r'\b(case|let|var|func)\s+(?:`?\w+`?\s*(?:=\s*"[^"]*"\s*)?,\s*)*`?' + re.escape(ident) + r'\b', text) and path in decl_files:
                            kind = 'declaration'
                        elif path in decl_files:
                            kind = 'own-body'
                        elif re.search(r'\b(let|var)\s+' + re.escape(ident) + r'\b', text):
                            kind = 'declaration'
                        else:
                            kind = 'read'
                        if where not in lines or lines[where][1] == 'key': lines[where] = (name, kind)
    for where, name in include.items():
        # "path:line": "toggle", or {"toggle": …, "kind": …, "why": …} for a line the grep cannot see.
        lines[where] = (name, 'read') if isinstance(name, str) else (name['toggle'], name.get('kind', 'read'))
    truth = {k: v for k, v in oracle.items() if k in ('app', 'convention', 'heldOut', 'repository', 'commit')}
    truth['toggles'] = [{k: v for k, v in t.items() if k in ('name', 'kind', 'key')} for t in oracle['toggles']]
    def order(item):
        path, line = item[0].rsplit(':', 1)
        return (path, int(line))
    truth['lines'] = [{'at': where, 'toggle': name, 'kind': kind} for where, (name, kind) in sorted(lines.items(), key=order)]
    with open(os.path.join(fixture, 'truth.json'), 'w') as out:
        json.dump(truth, out, indent=1)
        out.write('\n')
    kinds = {}
    for _, kind in lines.values(): kinds[kind] = kinds.get(kind, 0) + 1
    print(f"{os.path.basename(fixture.rstrip('/'))}: {len(truth['toggles'])} toggles, {len(lines)} lines {kinds}")


def write_events(fixture, binary):
    """One `created` event per toggle of oracle.json, written by the real CLI so the lines are valid."""
    oracle = json.load(open(os.path.join(fixture, 'oracle.json')))
    scratch = tempfile.mkdtemp(prefix='swift-recall-events-')
    try:
        os.mkdir(os.path.join(scratch, '.git'))  # the log lookup stops here
        defaults = {'bool': 'false', 'number': '0', 'string': '', 'json': 'null'}
        for index, toggle in enumerate(oracle['toggles']):
            kind_of_value = toggle.get('valueType', 'bool')
            arguments = [binary, 'create', toggle['name'], '--kind', toggle['kind'], '--type', kind_of_value,
                         '--default', defaults[kind_of_value], '--owner', 'swift-recall@example.com', '--actor', 'swift-recall@example.com',
                         '--at', f'2026-01-01T00:{index // 60:02d}:{index % 60:02d}Z']
            run = subprocess.run(arguments, cwd=scratch, capture_output=True, text=True,
                                 env={**os.environ, 'USER': 'swift-recall'})
            if run.returncode != 0:
                sys.exit(f"toggles create {toggle['name']} failed: {run.stderr}")
        lines = []
        for directory, _, files in sorted(os.walk(os.path.join(scratch, 'events'))):
            for file in sorted(files):
                if file.endswith('.jsonl'):
                    lines += open(os.path.join(directory, file)).read().splitlines()
        with open(os.path.join(fixture, 'events.jsonl'), 'w') as out:
            out.write('\n'.join(lines) + '\n')
        print(f"{os.path.basename(fixture.rstrip('/'))}: {len(lines)} events")
    finally:
        shutil.rmtree(scratch)


if __name__ == '__main__':
    main()
    if '--events' in sys.argv:
        write_events(sys.argv[1], sys.argv[sys.argv.index('--events') + 1])
