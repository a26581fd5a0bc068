#!/usr/bin/env python3
"""Writes a tree of Swift files that use toggles, to measure `toggles scan`.

usage: Scripts/generate-swift-tree.py OUT_DIR [--files 5000] [--toggles 200] [--seed 1]

Each file is about 120 lines (6 KB): a view model with member references, implicit members,
string keys, comments and string literals that mention toggles (which must not count), and a
multi-line string. One file declares the toggle enums. A .gitignore and an ignored folder are
written too, so the walk's ignore handling is part of the measurement.

Measure with:
    swift build -c release
    Scripts/generate-swift-tree.py /tmp/swift-tree
    time .build/release/toggles scan /tmp/swift-tree > /dev/null
"""
import argparse
import os
import random

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--files", type=int, default=5000)
parser.add_argument("--toggles", type=int, default=200)
parser.add_argument("--seed", type=int, default=1)
args = parser.parse_args()
random.seed(args.seed)

remote = [f"isRemoteFeature{i}Enabled" for i in range(args.toggles // 2)]
local = [f"isLocalFeature{i}Enabled" for i in range(args.toggles - len(remote))]

os.makedirs(os.path.join(args.out, "Sources", "App"), exist_ok=True)
with open(os.path.join(args.out, ".gitignore"), "w") as f:
    f.write("/Generated/\n*.tmp.swift\n")
os.makedirs(os.path.join(args.out, "Generated"), exist_ok=True)
with open(os.path.join(args.out, "Generated", "Ignored.swift"), "w") as f:
    f.write("let ignored = RemoteToggle.%s\n" % remote[0])

with open(os.path.join(args.out, "Sources", "App", "Toggles.swift"), "w") as f:
    f.write("import ToggleKit\n\nenum RemoteToggle: String, ToggleType, CaseIterable {\n")
    for name in remote:
        f.write(f"    /// {name}\n    case {name}\n")
    f.write("}\n\nenum InternalToggle: String, ToggleType, CaseIterable {\n")
    for name in local:
        f.write(f"    case {name}\n")
    f.write("}\n")

def body(index):
    r = random.sample(remote, 4)
    l = random.sample(local, 3)
    lines = [
        "import Foundation",
        "import ToggleKit",
        "",
        f"/// View model number {index}. Mentions RemoteToggle.{r[0]} in a doc comment only.",
        f"final class ViewModel{index} {{",
        "    let remote: TogglesDataStoreType",
        "    let local: TogglesDataStoreType",
        "    let remoteConfig: RemoteConfig",
        "",
        "    init(remote: TogglesDataStoreType, local: TogglesDataStoreType, remoteConfig: RemoteConfig) {",
        "        self.remote = remote",
        "        self.local = local",
        "        self.remoteConfig = remoteConfig",
        "    }",
        "",
        "    var isEnabled: Bool {",
        f"        remote.isToggleOn(RemoteToggle.{r[0]}) && local.isToggleOn(InternalToggle.{l[0]})",
        "    }",
        "",
        "    func configure(items: [Int]) -> [String] {",
        f"        /* block comment /* nested: RemoteToggle.{r[1]} */ remoteConfig[\"{r[1]}\"] */",
        f"        let title = \"Feature \\(items.count) uses RemoteToggle.{r[2]} in text\"",
        f"        let rounded = remoteConfig[\"{r[1]}\"].boolValue",
        f"        let scale = remoteConfig.configValue(forKey: \"{r[3]}\").numberValue",
        f"        if remote.isToggleOn(.{r[2]}) {{",
        "            return items.map { item in",
        "                \"\\(title) \\(item) \\(rounded) \\(scale)\"",
        "            }",
        "        }",
        "        return []",
        "    }",
        "",
    ]
    for block in range(8):
        lines += [
            f"    func helper{block}(_ value: Int) -> Int {{",
            f"        // helper {block}: InternalToggle.{l[1]} is mentioned here only",
            "        let text = \"\"\"",
            f"            multi-line text with remoteConfig[\"{r[0]}\"] inside",
            "            and an interpolation \\(value * 2)",
            "            \"\"\"",
            f"        let raw = #\"raw \"quoted\" RemoteToggle.{r[3]}\"#",
            "        var total = value",
            "        for step in 0..<10 where step % 2 == 0 {",
            "            total += step * (text.count + raw.count)",
            "        }",
            f"        if local.isToggleOn(InternalToggle.{l[2]}) {{ total += 1 }}",
            "        return total",
            "    }",
            "",
        ]
    lines.append("}")
    return "\n".join(lines) + "\n"

per_folder = 100
for index in range(args.files - 1):
    folder = os.path.join(args.out, "Sources", "App", f"Feature{index // per_folder:03d}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"ViewModel{index}.swift"), "w") as f:
        f.write(body(index))

print(f"wrote {args.files} Swift files under {args.out}")
