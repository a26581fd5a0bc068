#!/usr/bin/env python3
"""The baseline: a plain Python `json.loads` loop doing the same fold as `toggles state`.

Reads every segment line by line, skips ids already seen, and folds each event into a dict
of toggle states (created, default-changed, published, unpublished, expiry-extended,
removed). It neither merges segments by (at, id) nor checks lifecycle rules, so it does
less work than ToggleLedger; it prints the number of toggles.
"""
import json
import os
import sys


def segments(root):
    found = []
    for directory, folders, files in os.walk(root):
        folders[:] = [name for name in folders if not name.startswith(".")]
        found += [os.path.join(directory, name) for name in files if name.endswith(".jsonl") and not name.startswith(".")]
    return sorted(found)


def main():
    toggles = {}
    seen = set()
    for path in segments(sys.argv[1]):
        with open(path, "rb") as handle:
            for line in handle:
                event = json.loads(line)
                if event["id"] in seen:
                    continue
                seen.add(event["id"])
                kind = event["type"]
                name = event["toggle"]
                if kind == "created":
                    toggles[name] = {"kind": event["kind"], "type": event["valueType"], "default": event["default"],
                                     "category": event["category"], "createdAt": event["at"], "remote": None,
                                     "removedAt": None, "events": 1}
                    continue
                state = toggles.get(name)
                if state is None:
                    continue
                if kind == "default-changed":
                    state["default"] = event["default"]
                elif kind == "published":
                    state["remote"] = {"value": event.get("value"), "conditions": event.get("conditions", [])}
                elif kind == "unpublished":
                    state["remote"] = None
                elif kind == "expiry-extended":
                    state["expires"] = event["expires"]
                elif kind == "removed":
                    state["removedAt"] = event["at"]
                state["updatedAt"] = event["at"]
                state["events"] += 1
    print(len(toggles))


if __name__ == "__main__":
    main()
