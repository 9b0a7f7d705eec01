#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The hostile-input suite (issue 33, `make check-hostile`): every crafted input of the issue's
table, run through `typescale` with a time and a memory limit, asserting the exit status, the
message, and that nothing the run was pointed at changed.

Usage: python3 Scripts/check-hostile.py [--binary PATH] [--only NAME,NAME] [--keep]

The inputs come from Scripts/make-hostile-inputs.py, run first into .build/hostile (emptied).
The binary is .build/debug/typescale (`make test` leaves it; built with
`swift build --product typescale` when missing).

For each case of CASES (one declarative row each; changing an expectation is changing its
`exit=` or `match=` line) the runner:
  1. runs the case's `setup` commands (unchecked: e.g. the shards `check merge` reads);
  2. snapshots every entry of the case's folder: its type, a symbolic link's target, and the
     SHA-256 of every regular file (FIFOs and devices are never opened);
  3. runs `prlimit --as=1024M typescale <args>` in that folder (MALLOC_ARENA_MAX=2), stdout
     and stderr to files, stdin from the case's file or /dev/null, killing its process group
     `seconds` + 2 s after the start (the time limit, as `timeout -s KILL` would);
  4. asserts: the exit status; each `match` regex found in stdout + stderr and no `forbid`
     regex; the wall time within `seconds`; the peak resident size (ru_maxrss from wait4)
     within `megabytes`; the output within `max_output` bytes; every entry of the folder
     unchanged (byte-identical, same type, a link still a link) except the `changes` paths,
     which may be rewritten but keep their type; no entry created except under `creates` (a
     leftover temporary file fails); /dev/null and /dev/zero still character devices; and the
     case's `after` checks.
It prints one line per case and ends with `N passed, N failed`; the exit status is 1 when any
case failed. No case is skipped: a case whose fix is not on this branch fails, saying why.

Memory: the limit asserted is the peak resident size (ru_maxrss of the case's process, from
wait4), `megabytes` (300 MB by default). Swift's runtime does start under `prlimit --as=300M`
(checked: `measure`, `check` of the sample, `fonts install` over HTTP), but an address-space
limit counts reservations, not memory: glibc reserves 64 MB of address space per malloc arena
and every thread 8 MB of stack, so `check` of the sample peaks at 498 MB of address space
(277 MB with MALLOC_ARENA_MAX=2) while using 49 MB, and under --as=300M a 3,000-link @string
chain crashed after 4 s with 42 MB resident ("failed to allocate 794608 bytes") instead of
showing the real failure (82 s). So the cases run with MALLOC_ARENA_MAX=2 under
`prlimit --as=1024M`, the hard stop that keeps a bomb from taking the machine (a run past it
crashes and the case says "out of the address space"), and the 300 MB limit is asserted on the
measured peak RSS.

/dev/null as an output: as root, a writer that renames over it would replace the machine's
/dev/null. As root the case therefore runs in a private mount namespace (`unshare -m`) with a
tmpfs on /dev holding its own null, zero and urandom nodes, and checks that namespace's
/dev/null afterwards; as another user the rename cannot succeed and the case runs as it is.

A full disk is simulated with RLIMIT_FSIZE (`prlimit --fsize`, SIGXFSZ ignored): a write past
the limit fails with EFBIG, as one fails with ENOSPC on a full disk; the limit sits between the
sizes of the small reports and the HTML page.

HTTP (gzip and brotli bombs, a stylesheet naming another host): a ThreadingHTTPServer on
127.0.0.1 (an ephemeral port) in this process, stopped at the end or after SERVER_LIFETIME
seconds, whichever comes first. `{port}` in a case's arguments is its port. The foreign host is
`localhost`, a different host name for the same loopback server, so nothing leaves the machine.

Proving that the guards matter (issue 33's closing note): remove one guard, rebuild the debug
binary, and run only its cases; each must then fail (`0 passed, 1 failed`). Three guards that
hold on every branch (lines as of 90c5607; `git checkout -- <file>` restores each):

  # 1. String Catalog substitutions: the variant product counted before it is built
  sed -i 's/guard total <= limit else {/guard total <= limit || true else {/' \
    Sources/TypeScaleStrings/StringCatalogReader.swift
  swift build --product typescale && python3 Scripts/check-hostile.py --only catalog-substitutions
  # 2. .stringsdict: the nested variables' variants counted before they are expanded
  sed -i 's/guard plural.count(limit: limit) <= limit else {/guard true else {/' \
    Sources/TypeScaleStrings/StringsDictReader.swift
  swift build --product typescale && python3 Scripts/check-hostile.py --only stringsdict-nested
  # 3. Android @string references: the cycle check
  sed -i 's/guard !seen.contains(target) else {/guard !seen.contains(target) || true else {/' \
    Sources/TypeScaleStrings/AndroidStringsReader.swift
  swift build --product typescale && python3 Scripts/check-hostile.py --only android-cycle

Measured on 90c5607's code (h33-hostile), each with its guard removed then restored:
android-cycle failed (signal 11, the recursion without end), catalog-substitutions failed
(killed at the 7 s limit), stringsdict-nested failed (killed at the 7 s limit); all three pass
with the guards.

After the merge the same works for the new guards, e.g. the shared writer's refusal of an
output that is an input (--only out-html,out-junit,out-sarif,out-baseline,out-dotdot), the
download's decoded-size count (--only gzip-bomb,brotli-bomb) or the stylesheet's host check
(--only foreign-host).
"""

import argparse
import hashlib
import http.server
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOSTILE = os.path.join(ROOT, ".build", "hostile")
SERVER_LIFETIME = 900  # seconds: the loopback server stops itself after this at the latest
KILL_GRACE = 2  # seconds past a case's limit before it is killed
ADDRESS_SPACE = 1024  # MB: `prlimit --as`, the hard stop for a runaway (see the docstring)


def line_with(*patterns):
    """A regex matching one line on which every pattern occurs, in any order (a leading `(?i)`
    applies to its own pattern only)."""
    scoped = [f"(?i:{p[4:]})" if p.startswith("(?i)") else f"(?:{p})" for p in patterns]
    return r"(?m)^" + "".join(f"(?=.*?{p})" for p in scoped) + r".*$"


@dataclass
class Case:
    name: str  # also the row's folder under .build/hostile unless `folder` is given
    row: str  # the issue's table row
    args: list
    exit: object  # int, or a tuple of accepted statuses
    match: object = ()  # regex or tuple of regexes, searched in stdout + stderr (^ and $: lines)
    forbid: object = ()  # regexes that must not be found
    seconds: float = 5
    megabytes: int = 300
    folder: str = None
    stdin: str = None  # a file in the folder, piped to standard input
    changes: tuple = ()  # paths the run may rewrite (their type is still checked)
    creates: tuple = ()  # path prefixes the run may create
    setup: tuple = ()  # (args, stdout file): run first, unchecked
    after: tuple = ()  # functions(folder, requests) -> an error message or None
    fsize: int = None  # RLIMIT_FSIZE in bytes (a "full disk")
    max_output: int = 1 << 20  # bytes of stdout + stderr
    isolate_dev: bool = False  # run with a private /dev (see the module's comment)


# MARK: - After-checks


def is_symlink(path, target):
    def check(folder, requests):
        full = os.path.join(folder, path)
        if not os.path.islink(full):
            return f"{path} is no longer a symbolic link"
        if os.readlink(full) != target:
            return f"{path} now points at {os.readlink(full)}, not {target}"
        return None
    return check


def contains(path, pattern):
    def check(folder, requests):
        try:
            with open(os.path.join(folder, path), "rb") as f:
                text = f.read(1 << 20).decode("utf-8", "replace")
        except OSError as error:
            return f"{path}: {error.strerror}"
        return None if re.search(pattern, text) else f"{path} does not match /{pattern}/"
    return check


def not_requested(prefix):
    def check(folder, requests):
        hits = [r for r in requests if r.startswith(prefix)]
        return f"the server was asked for {hits[0]}" if hits else None
    return check


SHOW = False  # --show

# MARK: - The cases

CHAIN = r"(?i)chain|reference|cycle"
def refused(option, output, role, input):
    """The usage error for an output that names an input of the run (exit 2)."""
    return line_with(rf"^error: --{option} {re.escape(output)} names an input of this run "
                     rf"\(the {role} (?:\S*/)?{re.escape(input)}\); choose another output path")
ENTITY_TEXT = r'"text":"Save & Quit…"'
SHARDS = tuple(
    (["check", "c.json", "--shard", f"{k}/4", "--json"], f"{k}.json") for k in range(1, 5))
TWO_SHARDS = tuple(
    (["check", "c.json", "--shard", f"{k}/2", "--json"], f"{k}.json") for k in range(1, 3))

CASES = [
    # --- One writer for every output
    Case("out-html", "an output naming an input (--html)",
         ["check", "c.json", "--html", "Localizable.xcstrings"],
         exit=2, match=refused("html", "Localizable.xcstrings", "catalog", "Localizable.xcstrings")),
    Case("out-junit", "an output naming an input (--junit)",
         ["check", "c.json", "--junit", "Localizable.xcstrings"],
         exit=2, match=refused("junit", "Localizable.xcstrings", "catalog", "Localizable.xcstrings")),
    Case("out-sarif", "an output naming an input (--sarif)",
         ["check", "c.json", "--sarif", "Localizable.xcstrings"],
         exit=2, match=refused("sarif", "Localizable.xcstrings", "catalog", "Localizable.xcstrings")),
    Case("out-baseline", "an output naming an input (--update-baseline)",
         ["check", "c.json", "--baseline", "Localizable.xcstrings", "--update-baseline"],
         exit=2, match=refused("baseline", "Localizable.xcstrings", "catalog", "Localizable.xcstrings")),
    Case("out-dotdot", "an output naming an input through `..`",
         ["check", "c.json", "--junit", "sub/../Localizable.xcstrings"],
         exit=2, match=refused("junit", "sub/../Localizable.xcstrings", "catalog", "Localizable.xcstrings")),
    Case("out-constraints", "an output naming the constraints file",
         ["check", "c.json", "--sarif", "c.json"],
         exit=2, match=refused("sarif", "c.json", "constraints file", "c.json")),
    Case("merge-over-shard", "check merge writing over a shard it reads",
         ["check", "merge", "1.json", "2.json", "--html", "1.json"], setup=TWO_SHARDS,
         exit=2, match=refused("html", "1.json", "report", "1.json")),
    Case("out-devnull", "/dev/null as an output", ["check", "c.json", "--junit", "/dev/null"],
         isolate_dev=True,
         exit=0, match=r"checked \d+ translations"),
    Case("out-symlink", "a symbolic link as an output", ["check", "c.json", "--junit", "link.xml"],
         changes=("real.xml",), after=(is_symlink("link.xml", "real.xml"),
                                      contains("real.xml", r"<testsuite")),
         exit=0, match=r"checked \d+ translations"),
    Case("disk-full", "a disk that fills during --html",
         ["check", "c.json", "--junit", "old.xml", "--sarif", "old.sarif", "--html", "old.html"],
         fsize=4 << 10,  # junit 1.4 KB, sarif 2.9 KB, html 8.4 KB
         exit=2, match=r"^error: cannot write old\.html: write failed: File too large$"),
    # --- Every expansion bounded before it happens
    Case("android-chain-3000", "@string chains of 3,000 links (Android follows 20)", ["check", "c.json"],
         exit=2, match=line_with(r"strings\.xml:3: the references of \"s0\" go on for more than 20 links "
                                 r"\(@string/s1 → @string/s2 → ", r"expected at most 20, the most Android follows$")),
    Case("android-chain-20000", "@string chains of 20,000 links", ["check", "c.json"],
         exit=2, match=line_with(r"strings\.xml:3: the references of \"s0\" go on for more than 20 links ",
                                 r"→ … → @string/s19 → @string/s20 → @string/s21 …\); expected at most 20")),
    Case("android-cycle", "an @string cycle", ["check", "c.json"],
         exit=2, match=line_with(r"strings\.xml:3: the reference @string/b of \"a\" is part of a cycle "
                                 r"\(@string/b → @string/c → @string/a → @string/b\)")),
    Case("stringsdict-nested", "a .stringsdict of nested plural variables", ["check", "c.json"],
         exit=2, match=line_with(r"Localizable\.stringsdict:5:1: \"nested\" nests its variables or device "
                                 r"rules more than 16 levels deep")),
    Case("catalog-substitutions", "a catalog of nested substitutions", ["check", "c.json"],
         exit=2, match=line_with(r"Localizable\.xcstrings:6:11: the \"en\" localization of \"subs\" expands to "
                                 r"more than 4096 variants \(at least 7776\)")),
    Case("catalog-plain-variants", "20,000 plain variants (no substitution)", ["check", "c.json"],
         exit=2, match=line_with(r"Localizable\.xcstrings:1:82: the \"en\" localization of \"plain\" expands "
                                 r"to more than 4096 variants \(at least 4097\)")),
    # A debug build needs ~9 s only to parse this 11 MB file (measured): hence 20 s.
    Case("catalog-plain-variants-300k", "300,000 plain variants", ["check", "c.json"],
         seconds=20,
         exit=2, match=line_with(r"Localizable\.xcstrings:1:82: the \"en\" localization of \"plain\" expands "
                                 r"to more than 4096 variants \(at least 4097\)")),
    Case("catalog-fallback", "a 43 KB catalog: 950 keys × 950 languages by fallback",
         ["check", "c.json"],
         exit=2, match=line_with(r"Localizable\.xcstrings:1: the catalog expands to more than 100000 entries "
                                 r"\(at least 100806 by the key \"k105\"; it has 950 keys in 951 languages")),
    # A placeholder is never exit 2 (issue 34): the entry could not be measured, with a warning.
    Case("format-width", "%999999d in a translation", ["check", "c.json"],
         exit=0, match=line_with(r"Localizable\.xcstrings:4: the placeholder \"%999999d\" at character 1 of "
                                 r"the text of \"count\" \(en\) has the width 999999; expected a width and "
                                 r"precision of at most 1000")),
    Case("max-layouts", "a run over --max-layouts", ["check", "c.json", "--max-layouts", "10"],
         forbid=(r"(?i)unknown option",),
         exit=2, match=r"^error: the run would make 20 layouts \(20 translations\), more than the limit of 10; "
               r".*raise the limit with --max-layouts 20$"),
    # --- Merges that cannot lie
    Case("merge-missing-shard", "check merge given 3 of 4 shards",
         ["check", "merge", "1.json", "2.json", "3.json"], folder="merge-shards", setup=SHARDS,
         exit=2, match=r"^error: shard 4/4 is missing; pass every shard's report, or --allow-partial"),
    Case("merge-duplicate-shard", "check merge given a shard twice",
         ["check", "merge", "1.json", "2.json", "2.json", "3.json", "4.json"],
         folder="merge-shards", setup=SHARDS,
         exit=2, match=r"^error: 2\.json and 2\.json are both shard 2/4; merge each shard's report once$"),
    Case("merge-allow-partial", "check merge --allow-partial given 3 of 4 shards",
         ["check", "merge", "1.json", "2.json", "3.json", "--allow-partial"],
         folder="merge-shards", setup=SHARDS,
         exit=1, match=(r"^warning: partial report: shard 4/4 is missing; the keys those shards hold were not "
                r"laid out$", r"\(partial: shard 4/4 is missing\)$")),
    # --- Text read as the platform reads it
    Case("entities-xliff", "&amp; and &#8230; in XLIFF", ["check", "c.json", "--json"],
         exit=0, match=ENTITY_TEXT),
    Case("entities-android", "&amp; and &#8230; in Android XML", ["check", "c.json", "--json"],
         exit=0, match=ENTITY_TEXT),
    Case("entities-stringsdict", "&amp; and &#8230; in a .stringsdict",
         ["check", "c.json", "--json"],
         exit=0, match=r'"text":"\d+ Save & Quit…"'),
    Case("entities-strings", "&amp; in a .strings file (not XML: kept as written)",
         ["check", "c.json", "--json"],
         exit=0, match=r'"text":"Save &amp; Quit&#8230;"'),
    Case("unknown-entity-xliff", "an unknown entity in XLIFF", ["check", "c.json"],
         exit=2, match=line_with(r"de\.xliff:7:40: an undeclared entity; expected &amp;, &lt;, &gt;, &quot;, "
                                 r"&apos; or a character reference$")),
    Case("unknown-entity-android", "an unknown entity in Android XML", ["check", "c.json"],
         exit=2, match=line_with(r"strings\.xml:3:37: an undeclared entity; expected &amp;, &lt;, &gt;, "
                                 r"&quot;, &apos; or a character reference$")),
    Case("unknown-entity-stringsdict", "an unknown entity in a .stringsdict", ["check", "c.json"],
         exit=2, match=line_with(r"Localizable\.stringsdict:13:40: an undeclared entity; expected &amp;, "
                                 r"&lt;, &gt;, &quot;, &apos; or a character reference$")),
    # --- Nothing checked is a failure
    Case("globs-match-nothing", "a config whose catalogs hold no strings file",
         ["check", "c.json"],
         exit=2, match=r"^error: nothing to check: no strings were read from \./no-strings-here; pass "
               r"--allow-empty to accept a run that checks nothing$"),
    Case("rule-matches-nothing", "a rule that matches no key", ["check", "c.json"],
         exit=0, match=r"^warning: rule \"nomatch\.\*\" matches no key in any catalog; check its \"keys\" "
               r"pattern, or remove the rule$"),
    Case("lays-out-nothing", "a catalog with nothing to lay out", ["check", "c.json"],
         exit=2, match=r"^error: nothing to check: no strings were read from \./Localizable\.xcstrings; pass "
               r"--allow-empty to accept a run that checks nothing$"),
    # --- Bad input meets a precise, bounded message
    Case("esc-keys", "keys containing ESC sequences", ["check", "c.json", "--no-color"],
         forbid=(r"\x1b", r"\x07"),
         exit=1, match=r"\\u\{1B\}\[2J"),
    # A debug build needs ~9.5 s only to parse this 20 MB file (measured): hence 15 s.
    Case("value-20mb", "a 20 MB value quoted in an error", ["check", "c.json"],
         max_output=64 << 10, seconds=15,
         exit=2, match=line_with(r"Localizable\.xcstrings:1:105: expected a plural category \(zero, one, two, "
                                 r"few, many, other\), found \"x{200}… \(20971520 characters\)\"")),
    Case("batch-utf8", "measure --batch with invalid UTF-8", ["measure", "--batch", "--json"],
         stdin="requests.txt", forbid=("\ufffd", r"\\ufffd"),
         exit=0, match=r'^\{"error": "line 2 is not valid UTF-8 \(byte 15 is 0xFF\); send requests as UTF-8 text"\}$'),
    Case("fifo-font", "a FIFO as a font", ["fonts", "inspect", "font.ttf"], folder="fifo",
         exit=2, match=line_with(r"fifo/font\.ttf is a FIFO \(named pipe\), not a font file; pass the path of a "
                                 r"\.ttf")),
    Case("fifo-catalog", "a FIFO as a catalog", ["check", "c.json"], folder="fifo",
         exit=2, match=line_with(r"Localizable\.xcstrings: the path is a FIFO \(named pipe\), not a "
                                 r"localized-strings file; expected a regular file")),
    Case("dev-zero-font", "/dev/zero as a font", ["fonts", "inspect", "/dev/zero"],
         folder="dev-zero",
         exit=2, match=r"^error: /dev/zero is a character device, not a font file; pass the path of a \.ttf"),
    Case("dev-zero-golden", "/dev/zero as a golden file", ["goldens", "verify", "/dev/zero"],
         folder="dev-zero",
         exit=2, match=r"^error: /dev/zero is a character device, not a golden file$"),
    Case("woff2-broken", "a broken WOFF2", ["fonts", "inspect", "broken.woff2"],
         exit=2, match=r"^error: broken\.woff2 is truncated or corrupt: its WOFF2 header and table directory are "
               r"sound, so FreeType failed on the Brotli stream or a table rebuilt from it"),
    Case("scaled-size", "a 40,000 pt style × AX5 (past 100,000 pt)",
         ["measure", "Hi", "--typography", "t.json", "--style", "hero", "--category", "AX5"],
         exit=2, match=r"^error: hero: 40000 pt at AX5 scales to 112727 pt; expected at most 100000 pt "
               r"\(ValueRanges\.maximumPoints\)"),
    Case("cases-deep", "a cases file nested 500 deep (16 KB)", ["goldens", "record", "deep.cases"],
         exit=2, match=r"^error: deep\.cases:1:1111: arrays and objects nest deeper than 32 levels "
               r"\(GoldenCasesFile\.maximumNestingDepth\)"),
    Case("golden-200mb", "a 200 MB golden file", ["goldens", "verify", "big.golden"],
         exit=2, match=r"^error: big\.golden is 209715200 bytes, larger than a golden file may be \(67108864 "
               r"bytes\); split it$"),
    # --- Downloads bounded by the bytes they become
    Case("gzip-bomb", "a gzip answer inflating to 1 GiB",
         ["fonts", "install", "http://127.0.0.1:{port}/bomb-gzip.ttf", "--store", "store"],
         creates=("store",),
         exit=2, match=line_with(r"^error: GET http://127\.0\.0\.1:\d+/bomb-gzip\.ttf answered with "
                                 r"Content-Encoding: gzip, which TypeScale did not ask for \(it sends "
                                 r"Accept-Encoding: identity\) and does not decode")),
    Case("brotli-bomb", "a brotli answer (841 bytes) inflating to 1 GiB",
         ["fonts", "install", "http://127.0.0.1:{port}/bomb-brotli.ttf", "--store", "store"],
         creates=("store",),
         exit=2, match=line_with(r"^error: GET http://127\.0\.0\.1:\d+/bomb-brotli\.ttf answered with "
                                 r"Content-Encoding: br, which TypeScale did not ask for \(it sends "
                                 r"Accept-Encoding: identity\) and does not decode")),
    Case("foreign-host", "a stylesheet whose src names another host",
         ["fonts", "install", "--google", "Hostile Sans",
          "--google-base-url", "http://127.0.0.1:{port}", "--store", "store"],
         creates=("store",), after=(not_requested("/foreign/"),),
         exit=2, match=r"^error: the stylesheet for \"Hostile Sans\" Regular \(400\) lists "
               r"http://localhost:\d+/foreign/font\.ttf, a host this source does not allow "
               r"\(it allows http or https from 127\.0\.0\.1\)"),
]


# MARK: - The loopback server

SERVED = {
    "/bomb-gzip.ttf": ("bomb.gz", {"Content-Type": "font/ttf", "Content-Encoding": "gzip"}),
    "/bomb-brotli.ttf": ("bomb.br", {"Content-Type": "font/ttf", "Content-Encoding": "br"}),
    "/foreign/font.ttf": ("font.ttf", {"Content-Type": "font/ttf"}),
}
STYLESHEET = """@font-face {{
  font-family: 'Hostile Sans';
  font-style: normal;
  font-weight: 400;
  src: url(http://localhost:{port}/foreign/font.ttf) format('truetype');
}}
"""


class Server:
    def __init__(self, folder):
        requests = self.requests = []
        files = os.path.join(folder, "http")

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                requests.append(self.path)
                path = self.path.split("?")[0]
                if path == "/css2":
                    body = STYLESHEET.format(port=self.server.server_address[1]).encode()
                    headers = {"Content-Type": "text/css; charset=utf-8"}
                elif path in SERVED:
                    name, headers = SERVED[path]
                    with open(os.path.join(files, name), "rb") as f:
                        body = f.read()
                else:
                    self.send_error(404)
                    return
                self.send_response(200)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.timer = threading.Timer(SERVER_LIFETIME, self.httpd.shutdown)
        self.timer.daemon = True
        self.timer.start()

    def stop(self):
        self.timer.cancel()
        self.httpd.shutdown()
        self.httpd.server_close()


# MARK: - Running a case


def snapshot(folder):
    """{relative path: (type, link target or SHA-256 or None)} for every entry under folder."""
    entries = {}
    for directory, names, files in os.walk(folder):
        for name in names + files:
            path = os.path.join(directory, name)
            info = os.lstat(path)
            relative = os.path.relpath(path, folder)
            if stat.S_ISLNK(info.st_mode):
                entries[relative] = ("symlink", os.readlink(path))
            elif stat.S_ISREG(info.st_mode):
                digest = hashlib.sha256()
                with open(path, "rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        digest.update(block)
                entries[relative] = ("file", digest.hexdigest())
            else:
                kind = ("folder" if stat.S_ISDIR(info.st_mode) else
                        "FIFO" if stat.S_ISFIFO(info.st_mode) else
                        "character device" if stat.S_ISCHR(info.st_mode) else "other")
                entries[relative] = (kind, None)
    return entries


def compare(before, after, changes, creates):
    problems = []
    for path, (kind, value) in before.items():
        if path not in after:
            problems.append(f"{path} was removed")
            continue
        new_kind, new_value = after[path]
        if new_kind != kind:
            problems.append(f"{path} was a {kind}, is now a {new_kind}")
        elif new_value != value and path not in changes:
            problems.append(
                f"{path} changed" if kind == "file" else f"{path} now points at {new_value}")
    for path in after:
        allowed = any(path == p or path.startswith(p + os.sep) for p in creates)
        if path not in before and not allowed:
            problems.append(f"{path} was created (a leftover?)")
    return problems


def char_device(path):
    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False


ISOLATED_DEV = """set -u
mount -t tmpfs -o size=1m,mode=755 hostile-dev /dev || exit 125
mknod -m 666 /dev/null c 1 3 && mknod -m 666 /dev/zero c 1 5 && mknod -m 666 /dev/urandom c 1 9 \
  && mknod -m 666 /dev/random c 1 8 || exit 125
"$@"
status=$?
[ -c /dev/null ] || echo "check-hostile: /dev/null is no longer a character device" >&2
exit $status
"""


def run(binary, case, folder, port, scratch):
    """Runs the case; returns (status, seconds, peak RSS in MB, stdout, stderr, killed)."""
    args = [a.replace("{port}", str(port)) for a in case.args]
    command = ["prlimit", f"--as={ADDRESS_SPACE << 20}"]
    if case.fsize is not None:
        command.append(f"--fsize={case.fsize}")
    command += ["--", binary] + args
    if case.isolate_dev and os.geteuid() == 0:
        command = ["unshare", "-m", "--", "sh", "-c", ISOLATED_DEV, "sh"] + command
    out_path, err_path = os.path.join(scratch, "stdout"), os.path.join(scratch, "stderr")
    environment = dict(os.environ, MALLOC_ARENA_MAX="2", NO_COLOR="1", TYPESCALE_RECORD="never")

    def prepare():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past --fsize fails with EFBIG

    with open(out_path, "wb") as out, open(err_path, "wb") as err, \
            open(os.path.join(folder, case.stdin) if case.stdin else os.devnull, "rb") as stdin:
        start = time.monotonic()
        # A session of its own: on the time limit its whole process group is killed (the
        # private-/dev case runs the binary under a shell).
        process = subprocess.Popen(command, cwd=folder, stdin=stdin, stdout=out, stderr=err,
                                   env=environment, preexec_fn=prepare, start_new_session=True)
        deadline = start + case.seconds + KILL_GRACE
        killed = False
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() >= deadline and not killed:
                os.killpg(process.pid, signal.SIGKILL)
                killed = True
            time.sleep(0.02)
        process.returncode = os.waitstatus_to_exitcode(status)
        elapsed = time.monotonic() - start
    with open(out_path, "rb") as f:
        stdout = f.read(case.max_output + 1)
    with open(err_path, "rb") as f:
        stderr = f.read(case.max_output + 1)
    output_size = os.path.getsize(out_path) + os.path.getsize(err_path)
    return process.returncode, elapsed, usage.ru_maxrss / 1024, stdout, stderr, killed, output_size


def check(binary, case, server, scratch):
    folder = os.path.join(HOSTILE, case.folder or case.name)
    for args, output in case.setup:
        with open(os.path.join(folder, output), "wb") as f:
            subprocess.run([binary] + args, cwd=folder, stdout=f, stderr=subprocess.DEVNULL,
                           timeout=120)
    before = snapshot(folder)
    status, elapsed, megabytes, stdout, stderr, killed, output_size = run(
        binary, case, folder, server.port, scratch)
    after = snapshot(folder)
    text = (stdout + b"\n" + stderr).decode("utf-8", "replace")
    problems = []
    accepted = case.exit if isinstance(case.exit, tuple) else (case.exit,)
    if killed:
        problems.append(f"killed after {elapsed:.1f} s (limit {case.seconds} s)")
    elif status not in accepted:
        described = f"signal {-status}" if status < 0 else f"exit {status}"
        problems.append(f"{described}, expected {' or '.join(map(str, accepted))}")
        if case.isolate_dev and status == 125:
            problems.append("could not make a private /dev (unshare -m, mount -t tmpfs)")
        if "failed to allocate" in text:
            problems.append(f"out of the {ADDRESS_SPACE} MB address space")
    if elapsed > case.seconds and not killed:
        problems.append(f"took {elapsed:.1f} s (limit {case.seconds} s)")
    if megabytes > case.megabytes:
        problems.append(f"peak RSS {megabytes:.0f} MB (limit {case.megabytes} MB)")
    if output_size > case.max_output:
        problems.append(f"{output_size} bytes of output (limit {case.max_output})")
    if not killed:
        for pattern in (case.match,) if isinstance(case.match, str) else case.match:
            if not re.search(pattern, text, re.M):
                problems.append(f"no match for /{pattern}/")
        for pattern in (case.forbid,) if isinstance(case.forbid, str) else case.forbid:
            found = re.search(pattern, text)
            if found:
                problems.append(f"output has /{pattern}/: {found.group(0)!r}")
    problems += compare(before, after, set(case.changes), case.creates)
    for device in ["/dev/null", "/dev/zero"]:
        if not char_device(device):
            problems.append(f"{device} is no longer a character device")
    if "check-hostile: /dev/null is no longer" in text:
        problems.append("/dev/null (the case's private one) is no longer a character device")
    for after_check in case.after:
        message = after_check(folder, server.requests)
        if message:
            problems.append(message)
    summary = f"({elapsed:.1f} s, {megabytes:.0f} MB, exit {status})"
    if problems:
        first = next((line for line in text.splitlines() if line.strip()), "")
        shown = first[:160] + ("…" if len(first) > 160 else "")
        return False, f"FAIL {case.name} {summary}: {'; '.join(problems)}" + (
            f"\n     output: {shown!r}" if shown else "")
    shown = ""
    if SHOW:
        patterns = (case.match,) if isinstance(case.match, str) else case.match
        found = re.search(patterns[0], text, re.M) if patterns else None
        line = found.group(0).splitlines()[0] if found else ""
        shown = f"\n     {line[:300]!r}" if line else ""
    return True, f"ok   {case.name} {summary}{shown}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "typescale"))
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--keep", action="store_true", help="keep using the existing inputs")
    parser.add_argument("--show", action="store_true",
                        help="print the line each passing case matched, to read the messages")
    options = parser.parse_args()
    global SHOW
    SHOW = options.show

    names = [c.name for c in CASES]
    assert len(set(names)) == len(names), "two cases share a name"
    cases = CASES
    if options.only:
        wanted = options.only.split(",")
        unknown = [w for w in wanted if w not in names]
        if unknown:
            sys.exit(f"check-hostile: no case {', '.join(unknown)}; cases: {', '.join(names)}")
        cases = [c for c in CASES if c.name in wanted]
    binary = os.path.abspath(options.binary)
    if not os.path.exists(binary):
        print(f"check-hostile: building {binary}", flush=True)
        subprocess.run(["swift", "build", "--product", "typescale"], cwd=ROOT, check=True)
    if not shutil.which("prlimit"):
        sys.exit("check-hostile: prlimit is needed (util-linux)")
    if not options.keep or not os.path.isdir(HOSTILE):
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "make-hostile-inputs.py"),
                        HOSTILE], check=True)

    start = time.monotonic()
    server = Server(HOSTILE)
    passed = failed = 0
    scratch = tempfile.mkdtemp(prefix="check-hostile-")
    try:
        for case in cases:
            ok, line = check(binary, case, server, scratch)
            print(line, flush=True)
            passed, failed = passed + ok, failed + (not ok)
    finally:
        server.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"check-hostile: {len(cases)} cases in {time.monotonic() - start:.0f} s")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
