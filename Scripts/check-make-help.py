#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that `make help` lists every target of the Makefile, and that every target is .PHONY.

`make help` prints each rule whose line carries a `## text` comment (`target: deps ## text`); a
rule without one would be missing from it, so this script fails naming it. Run by `make test`.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as handle:
        text = handle.read()
    targets = re.findall(r"^([a-z][a-z-]*):(?!=)", text, re.M)
    undocumented = [t for t in targets
                    if not re.search(r"^" + re.escape(t) + r":(?!=)[^\n]*## \S", text, re.M)]
    phony = set(" ".join(re.findall(r"^\.PHONY:((?:.*\\\n)*.*)$", text, re.M))
                .replace("\\", " ").split())
    not_phony = [t for t in targets if t not in phony]
    listed = subprocess.run(["make", "--no-print-directory", "-C", ROOT, "help"],
                            capture_output=True, text=True, check=True).stdout
    missing = [t for t in targets if not re.search(r"^make " + re.escape(t) + r" ", listed, re.M)]
    for name, problem in ([(t, "has no `## text` on its line") for t in undocumented]
                          + [(t, "is not in .PHONY") for t in not_phony]
                          + [(t, "is not listed by make help") for t in missing]):
        print(f"Makefile: target '{name}' {problem}", file=sys.stderr)
    if undocumented or not_phony or missing:
        return 1
    print(f"check-make-help: make help lists all {len(targets)} targets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
