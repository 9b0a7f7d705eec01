#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that `import TypeScale` stays lean: a service that depends on the `TypeScale` product
links Metrics, Fonts, Layout and the facade, and neither FoundationNetworking nor libpng.

Reads the package as SwiftPM resolves it (`swift package describe --type json`), walks the
`TypeScale` product's target closure, and fails when
- the closure holds `TypeScaleFontStore`, `TypeScaleRender`, `TypeScaleGoldens`, `TypeScaleTesting`,
  `TypeScaleCLI` or `CLibPNG` (each is a product, or part of one, that a service opts into);
- a Swift file of a target in the closure names `FoundationNetworking` (an `import`, or a
  `canImport` check that leads to one; comments aside), or a module map in it links `curl`.

A downstream package built in release against the umbrella alone then has no
`libFoundationNetworking.so` (nor `libcurl`) in `ldd` (measured for issue 18).

Usage: Scripts/check-umbrella.py   (run by `make test`; needs only `swift` on the PATH)
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCT = "TypeScale"
OPT_IN = ["TypeScaleFontStore", "TypeScaleRender", "TypeScaleGoldens", "TypeScaleTesting",
          "TypeScaleCLI", "CLibPNG"]
NETWORKING = re.compile(r"\bFoundationNetworking\b")
CURL = re.compile(r"^\s*link\s+\"curl\"", re.M)


def describe():
    result = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("check-umbrella: swift package describe failed:\n" + result.stderr)
    # SwiftPM may print progress lines before the JSON object.
    return json.loads(result.stdout[result.stdout.index("{"):])


def closure(targets, roots):
    seen = []
    pending = list(roots)
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.append(name)
        pending += targets[name].get("target_dependencies", [])
    return seen


def main():
    package = describe()
    targets = {target["name"]: target for target in package["targets"]}
    product = next(product for product in package["products"] if product["name"] == PRODUCT)
    reached = closure(targets, product["targets"])
    problems = [f"the {PRODUCT} product reaches {name}" for name in OPT_IN if name in reached]
    for name in sorted(reached):
        folder = os.path.join(ROOT, targets[name]["path"])
        for base, _, files in os.walk(folder):
            for file in files:
                path = os.path.join(base, file)
                if not (file.endswith(".swift") or file == "module.modulemap"):
                    continue
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
                pattern = NETWORKING if file.endswith(".swift") else CURL
                for number, line in enumerate(text.splitlines(), 1):
                    if pattern.search(line) and not line.lstrip().startswith(("//", "*")):
                        problems.append(
                            f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()} "
                            f"(target {name} is in the {PRODUCT} product)")
    if problems:
        print("check-umbrella: `import TypeScale` would link more than Metrics, Fonts and Layout:",
              file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        return 1
    print(f"check-umbrella: the {PRODUCT} product is {len(reached)} targets "
          f"({', '.join(sorted(reached))}), none of them FontStore, Render or Goldens, "
          "none naming FoundationNetworking")
    return 0


if __name__ == "__main__":
    sys.exit(main())
