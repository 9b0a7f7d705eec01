#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks the tarball `make dist` made (run by `make check-dist`): unpacks it into a temporary
# folder, asserts that `ldd bin/typescale` lists no Swift runtime library (libswift*,
# libFoundation*, libdispatch, libBlocksRuntime), that the fonts' resource bundle and the licence
# files are there, that it needs no libcurl or libxml2 at start-up (x86-64), and runs
# `bin/typescale --version` and `bin/typescale check <sample> --json` from another directory
# (exit status 0 or 1 pass: the sample fails some constraints on purpose; 2, a crash or no JSON
# fails).
#
# Usage: Scripts/check-dist.sh [TARBALL]   (default: the newest dist/typescale-*.tar.gz)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tarball=${1:-$(ls -t "$root"/dist/typescale-*.tar.gz 2>/dev/null | head -n 1)}
[ -n "$tarball" ] && [ -f "$tarball" ] || { echo "check-dist: no tarball; run make dist" >&2; exit 1; }
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
folder=$(find "$work" -mindepth 1 -maxdepth 1 -type d)
binary=$folder/bin/typescale
failed=0
fail() { echo "check-dist: $*" >&2; failed=1; }

for file in bin/typescale bin/TypeScale_TypeScaleFonts.resources/NotoSans-Regular.ttf LICENSE \
  licenses/OFL-embedded-fonts.txt README.md; do
  [ -e "$folder/$file" ] || fail "$file missing from $(basename "$tarball")"
done

linked=$(ldd "$binary")
if grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|not found' <<<"$linked"; then
  fail "ldd bin/typescale lists the Swift runtime or a missing library (above)"
fi

# On x86-64 the release links no libcurl or libxml2: CLazyLibraries loads them on first use
# (`fonts install`, `check` of XML string files), keeping 36 shared objects out of every start.
if [ "$(uname -m)" = x86_64 ] && readelf -d "$binary" | grep -E 'NEEDED.*(libcurl|libxml2)'; then
  fail "bin/typescale lists libcurl or libxml2 as needed (above): the lazy stubs were not linked"
fi

# From another directory, with no Swift toolchain on PATH, as a CI image would run it.
cd "$work"
if ! PATH=/usr/bin:/bin "$binary" --version >"$work/version.txt" 2>&1; then
  fail "bin/typescale --version failed: $(cat "$work/version.txt")"
fi
status=0
PATH=/usr/bin:/bin "$binary" check "$root/Samples/check/constraints.json" --json \
  >"$work/report.json" 2>"$work/stderr.txt" || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
  fail "bin/typescale check Samples/check/constraints.json --json exited $status:"
  head -n 20 "$work/stderr.txt" >&2
elif ! python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/report.json"; then
  fail "bin/typescale check --json printed no JSON"
fi

[ "$failed" -eq 0 ] || exit 1
echo "check-dist: $(basename "$tarball") ok: $(ls -l "$tarball" | awk '{print $5}') bytes," \
  "no Swift runtime in ldd, \`check\` of the sample exited $status from another directory" \
  "($(head -n 1 "$work/version.txt"))"
