#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the DocC archives `make docs` built (run by `make docs`, after the catalogs convert).

1. Every library product of Package.swift has a DocC catalog (`Sources/<T>/<T>.docc`) and is in
   `make docs`' DOC_TARGETS, so each public module has a landing page.
2. Each archive (`.build/docs/<T>.doccarchive`) has its module's page and documents no module
   but its own and those it re-exports (`@_exported import`, as the umbrella does): no page,
   index entry or reference for an internal module (`TypeScaleInternals`, once named
   `TypeScaleLock`) or another dependency, whose symbols `swift build -emit-symbol-graph` also
   writes.
3. TypeScaleTesting's archive has a page for `expectGoldens` and for `assertGoldens`.

Usage: Scripts/check-docs.py TARGET...   (the DOC_TARGETS; archives from .build/docs)
"""

import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INTERNAL = ["TypeScaleInternals", "TypeScaleLock"]


def library_targets():
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
        manifest = handle.read()
    targets = []
    for match in re.finditer(r'\.library\(\s*name:\s*"(\w+)",\s*targets:\s*\[([^\]]*)\]', manifest):
        targets += re.findall(r'"(\w+)"', match.group(2))
    return targets


def reexports(target):
    """The modules `target` re-exports (`@_exported import M`), which its archive documents too."""
    modules = []
    for path in glob.glob(os.path.join(ROOT, "Sources", target, "*.swift")):
        with open(path, encoding="utf-8") as handle:
            modules += re.findall(r"^@_exported import (\w+)$", handle.read(), re.M)
    return modules


def main():
    targets = sys.argv[1:]
    problems = []
    for target in library_targets():
        if not os.path.isdir(os.path.join(ROOT, "Sources", target, f"{target}.docc")):
            problems.append(f"{target}: a library product without a DocC catalog "
                            f"(Sources/{target}/{target}.docc)")
        if target not in targets:
            problems.append(f"{target}: a library product missing from DOC_TARGETS in the Makefile")
    all_modules = {os.path.basename(path) for path in glob.glob(os.path.join(ROOT, "Sources", "*"))}
    for target in targets:
        archive = os.path.join(ROOT, ".build", "docs", f"{target}.doccarchive")
        pages = os.path.join(archive, "data", "documentation")
        if not os.path.isfile(os.path.join(pages, f"{target.lower()}.json")):
            problems.append(f"{target}: no module page in {os.path.relpath(archive, ROOT)}")
            continue
        shown = {target.lower()} | {module.lower() for module in reexports(target)}
        others = sorted(module for module in all_modules
                        if module.lower() not in shown
                        and os.path.exists(os.path.join(pages, module.lower()) + ".json"))
        for module in others:
            problems.append(f"{target}: the archive documents another module, {module}")
        for folder in ("data", "index"):
            for path in glob.glob(os.path.join(archive, folder, "**", "*.json"), recursive=True):
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
                for name in INTERNAL:
                    if name.lower() in text.lower():
                        problems.append(f"{target}: {os.path.relpath(path, ROOT)} mentions {name}")
    if "TypeScaleTesting" in targets:
        pages = os.path.join(ROOT, ".build", "docs", "TypeScaleTesting.doccarchive", "data",
                             "documentation", "typescaletesting")
        for function in ("expectgoldens", "assertgoldens"):
            if not glob.glob(os.path.join(pages, f"{function}(*.json")):
                problems.append(f"TypeScaleTesting: no page for {function}")
    for problem in problems:
        print(f"check-docs: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"check-docs: {len(targets)} archives, each its own module's only")
    return 0


if __name__ == "__main__":
    sys.exit(main())
