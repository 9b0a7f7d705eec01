#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs every `swift run typescale …` command of the README (and docs/CommandLine.md,
docs/GoldenFiles.md, Samples/README.md, Samples/check/README.md), and every
`typescale` command `make demo` runs, from the package root against the debug build, as a reader of
a fresh clone would (run by `make test`).

Each ```sh block line that starts with `swift run typescale` runs through `bash -c` (so quotes,
globs and `$VARIABLES` behave as in the reader's shell) with `swift run typescale` replaced by
the debug build's `typescale`, which `swift build --build-tests` has made, and must exit 0 within
30 s, or the status a trailing comment names: `# exits 1: …` or `# exits 0 or 1: …` (`typescale
check` of a sample that fails on purpose). In `make demo`, a command followed by
`|| status=$$?; \` (the recipe then prints the status and fails only above 1) may exit 0 or 1. A command can be marked as one this check cannot run by a trailing comment that starts with
`needs the network` or `needs your own` (files only the reader has: `# needs your own cases
file`); those are skipped and listed. An `-o`/`--output` file a command writes is removed
afterwards when it did not exist before, with any folder `--create-dirs` made for it, so the
check leaves the checkout as it found it; so is a report written with `--html`, `--junit` or
`--sarif` (and `make demo`'s `.build/demo` is never taken as
given).

Usage: Scripts/check-readme-commands.py [build-folder]   (default: .build/debug)
"""

import os
import shutil
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENTS = ["README.md", "docs/CommandLine.md", "docs/GoldenFiles.md", "Samples/README.md",
             "Samples/check/README.md"]
PREFIX = "swift run typescale"
SKIP = re.compile(r"#\s*(needs (the network|your own)\b.*)$")
EXITS = re.compile(r"#\s*exits ([0-9](?: or [0-9])*)\b")
TIMEOUT = 30


def commands(document):
    """(line number, command, skip reason or None) for each `swift run typescale` line."""
    with open(os.path.join(ROOT, document), encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    inside = False
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            inside = not inside and line.strip() in ("```sh", "```bash", "```shell")
            continue
        if inside and line.strip().startswith(PREFIX + " "):
            skip = SKIP.search(line)
            yield number, line.strip(), skip.group(1) if skip else None


MAKE_RUN = re.compile(r"^\t@?(?:status=0; )?\$\(SWIFT\) run (?:-c release )?(?:--skip-build )?"
                      r"typescale (.*?)( \|\| status=\$\$\?; \\)?$")


def demo_commands():
    """(line number, command, None) for each `typescale` command of the Makefile's demo recipe,
    with the Makefile's `DEMO_…` variables filled in."""
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    variables = dict(re.findall(r"^(DEMO_\w+) := (.*)$", "\n".join(lines), re.M))
    inside = False
    for number, line in enumerate(lines, 1):
        if line.startswith("demo:"):
            inside = True
            continue
        if inside and not line.startswith("\t"):
            break
        match = MAKE_RUN.match(line) if inside else None
        if match:
            arguments = re.sub(r"\$\((DEMO_\w+)\)", lambda name: variables[name.group(1)],
                               match.group(1))
            note = "  # exits 0 or 1" if match.group(2) else ""
            yield number, f"{PREFIX} {arguments}{note}", None


def new_folder(path):
    """The outermost missing folder above an output file, which writing it would create."""
    missing = None
    folder = os.path.dirname(os.path.join(ROOT, path))
    while folder != ROOT and folder and not os.path.exists(folder):
        missing, folder = folder, os.path.dirname(folder)
    return missing


def outputs(command):
    """The files a command names with `-o`/`--output`."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return []
    return [words[index + 1] for index, word in enumerate(words[:-1])
            if word in ("-o", "--output", "--html", "--junit", "--sarif")]


def main():
    build = os.path.realpath(os.path.join(ROOT, sys.argv[1] if len(sys.argv) > 1
                                          else ".build/debug"))
    binary = os.path.join(build, "typescale")
    if not os.access(binary, os.X_OK):
        print(f"check-readme-commands: no {binary}; run `swift build --build-tests` first",
              file=sys.stderr)
        return 1
    environment = dict(os.environ, TYPESCALE_RECORD="never")
    ran, skipped, failed = 0, [], 0
    started = time.monotonic()
    sources = [(document, commands(document)) for document in DOCUMENTS]
    sources.append(("Makefile (make demo)", demo_commands()))
    for document, found in sources:
        for number, command, reason in found:
            where = f"{document}:{number}"
            if reason:
                skipped.append(f"{where}: {command.split('  #')[0].strip()}  ({reason})")
                continue
            runnable = shlex.quote(binary) + command[len(PREFIX):]
            written = [path for path in outputs(command)
                       if not os.path.exists(os.path.join(ROOT, path))]
            folders = [folder for folder in map(new_folder, written) if folder]
            try:
                result = subprocess.run(["bash", "-c", runnable], cwd=ROOT, env=environment,
                                        capture_output=True, text=True, timeout=TIMEOUT)
                status, error = result.returncode, result.stderr
            except subprocess.TimeoutExpired:
                status, error = None, f"did not finish in {TIMEOUT} s"
            finally:
                for path in written:
                    if os.path.isfile(os.path.join(ROOT, path)):
                        os.remove(os.path.join(ROOT, path))
                for folder in folders:  # made by `--create-dirs`: the next run starts as fresh
                    shutil.rmtree(folder, ignore_errors=True)
            ran += 1
            expected = EXITS.search(command)
            allowed = ({int(code) for code in expected.group(1).split(" or ")} if expected
                       else {0})
            if status not in allowed:
                failed += 1
                print(f"{where}: `{command}` exited {status}:", file=sys.stderr)
                for line in error.splitlines()[:10]:
                    print("  " + line, file=sys.stderr)
    if skipped:
        print(f"check-readme-commands: skipped {len(skipped)} command(s) marked as needing the "
              "network or the reader's own files:")
        for line in skipped:
            print("  " + line)
    seconds = time.monotonic() - started
    if failed:
        print(f"check-readme-commands: {failed} of {ran} README command(s) failed",
              file=sys.stderr)
        return 1
    print(f"check-readme-commands: {ran} README commands ran from the package root "
          f"({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
