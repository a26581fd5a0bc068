#!/usr/bin/env python3
"""Generates a realistic ToggleLedger log with a fixed seed.

Usage: generate.py EVENTS OUTPUT_DIR [--seed N] [--toggles N]

The log has the layout `toggles append` writes: a few large batch segments (imports, one
per 250,000 events) plus about 1% of the events in small segments of 1-8 events that
interleave with them in time (individual appends, merged branches). Every event follows
the lifecycle rules: toggles are created before they change, only remote toggles are
published, removed toggles are replaced by new ones, so about 20,000 are live at any time.
"""
import argparse
import os
import random

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
WORDS = ["avatar", "story", "like", "feed", "pluto", "color", "scale", "chat", "search", "promo",
         "banner", "video", "photo", "share", "badge", "login", "cart", "pay", "map", "swift"]
CATEGORIES = ["release", "experiment", "ops", "permission", "kill-switch", "remote-config"]
ACTORS = ["ci@example.com", "jake@example.com", "ana@example.com", "firebase:42", "ops-bot"]
CONDITIONS = [("Chinese users", "device.language in ['zh']"),
              ("Pluto Fans", "device.country in ['DK', 'SE', 'NO', 'IS', 'FI']"),
              ("Beta", "app.userProperty['beta'] == 'true'")]
BATCH = 250_000
START = 1_735_689_600  # 2025-01-01T00:00:00Z


def ulid(rng, ms):
    chars = []
    for _ in range(10):
        chars.append(ALPHABET[ms & 31])
        ms >>= 5
    head = "".join(reversed(chars))
    return head + "".join(rng.choice(ALPHABET) for _ in range(16))


def rfc3339(seconds):
    days, rest = divmod(seconds, 86400)
    # civil_from_days (Howard Hinnant)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400 + (1 if m <= 2 else 0)
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (y, m, d, rest // 3600, rest // 60 % 60, rest % 60)


def js(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def value_json(rng, value_type):
    if value_type == "bool":
        return rng.choice(["true", "false"])
    if value_type == "number":
        return rng.choice(["0.33", "1", "2.5", "10", "0.75"])
    if value_type == "string":
        return js(rng.choice(["#FBB03B", "#36C278", "blue", "compact"]))
    return rng.choice(['{"max":3}', '[1,2,3]', '{"mode":"a","n":2}'])


def generate(count, seed, toggle_count):
    """Yields (seconds, id, line) in replay order."""
    rng = random.Random(seed)
    live = []  # (name, kind, valueType)
    serial = 0
    seconds = START
    emitted = 0

    def envelope(kind_of_event, name, at, event_id):
        return '{"schema":1,"id":"%s","at":"%s","type":"%s","toggle":"%s","actor":"%s"' % (
            event_id, rfc3339(at), kind_of_event, name, rng.choice(ACTORS))

    def created(at, event_id):
        nonlocal serial
        serial += 1
        name = rng.choice(WORDS) + rng.choice(WORDS).capitalize() + str(serial)
        kind = rng.choices(["remote", "local", "build"], [5, 3, 2])[0]
        value_type = "bool" if kind != "remote" else rng.choices(["bool", "string", "number", "json"], [6, 2, 1, 1])[0]
        line = envelope("created", name, at, event_id) + ',"kind":"%s","valueType":"%s","default":%s,"category":"%s"' % (
            kind, value_type, value_json(rng, value_type), rng.choice(CATEGORIES))
        if rng.random() < 0.3:
            line += ',"expires":"2027-%02d-%02d"' % (rng.randint(1, 12), rng.randint(1, 28))
        return (name, kind, value_type), line + "}"

    while emitted < count:
        seconds += rng.randint(1, 30)
        ms = seconds * 1000
        event_id = ulid(rng, ms)
        if len(live) < toggle_count and (len(live) < 50 or rng.random() < 0.4):
            toggle, line = created(seconds, event_id)
            live.append(toggle)
        else:
            index = rng.randrange(len(live))
            name, kind, value_type = live[index]
            roll = rng.random()
            if roll < 0.01:
                line = envelope("removed", name, seconds, event_id) + ',"reason":"shipped"}'
                live[index] = live[-1]
                live.pop()
            elif kind == "remote" and roll < 0.65:
                line = envelope("published", name, seconds, event_id) + ',"value":' + value_json(rng, value_type)
                if rng.random() < 0.25:
                    condition = rng.choice(CONDITIONS)
                    line += ',"conditions":[{"name":%s,"expression":%s,"value":%s}]' % (
                        js(condition[0]), js(condition[1]), value_json(rng, value_type))
                line += ',"templateVersion":"%d"}' % rng.randint(1, 900)
            elif roll < 0.97 or kind != "remote":
                line = envelope("default-changed", name, seconds, event_id) + ',"default":' + value_json(rng, value_type) + "}"
            else:
                line = envelope("unpublished", name, seconds, event_id) + "}"
        yield seconds, event_id, line
        emitted += 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("events", type=int)
    parser.add_argument("output")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--toggles", type=int, default=20_000)
    args = parser.parse_args()
    rng = random.Random(args.seed + 1)
    batch_lines = []
    batch_first = None
    batch_number = 0
    small = []  # pending small segment
    small_number = 0

    def write(first_seconds, label, lines):
        date = rfc3339(first_seconds)
        folder = os.path.join(args.output, date[0:4], date[5:7])
        os.makedirs(folder, exist_ok=True)
        compact = date.replace("-", "").replace(":", "")
        path = os.path.join(folder, "%s-%s.jsonl" % (compact, label))
        with open(path, "w") as handle:
            handle.write("\n".join(lines) + "\n")

    for seconds, event_id, line in generate(args.events, args.seed, args.toggles):
        if small or rng.random() < 0.0025:
            # About 1% of events go to small segments of 1-8 consecutive events.
            if not small:
                small_size = rng.randint(1, 8)
                small_first = seconds
            small.append(line)
            if len(small) >= small_size:
                small_number += 1
                write(small_first, "small-%d" % small_number, small)
                small = []
            continue
        if batch_first is None:
            batch_first = seconds
        batch_lines.append(line)
        if len(batch_lines) == BATCH:
            batch_number += 1
            write(batch_first, "batch-%d" % batch_number, batch_lines)
            batch_lines, batch_first = [], None
    if small:
        small_number += 1
        write(small_first, "small-%d" % small_number, small)
    if batch_lines:
        batch_number += 1
        write(batch_first, "batch-%d" % batch_number, batch_lines)
    # The log's own .gitignore, as `toggles append` writes it (hidden files stay out of git).
    with open(os.path.join(args.output, ".gitignore"), "w") as handle:
        handle.write("# Written by toggles: local files of the log that never belong in git.\n.*\n!.gitignore\n")


if __name__ == "__main__":
    main()
