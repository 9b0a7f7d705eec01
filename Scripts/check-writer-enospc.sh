#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
#
# A real full disk during `typescale check`'s outputs (issue 33): three reports on a 64 KiB
# tmpfs that is nearly full. The HTML report does not fit; the run must exit 2 naming it and
# leave the two other reports, and the HTML's old file, byte-identical, with no temporary file.
# Needs root (it mounts a tmpfs); prints "skipped" and exits 0 otherwise.
#
#   Scripts/check-writer-enospc.sh [path/to/typescale]
set -eu
binary=${1:-.build/debug/typescale}
if [ "$(id -u)" != 0 ]; then echo "skipped: mounting a tmpfs needs root"; exit 0; fi
work=$(mktemp -d)
disk="$work/disk"
mkdir "$disk"
if ! mount -t tmpfs -o size=64k tmpfs "$disk" 2>/dev/null; then
  echo "skipped: cannot mount a tmpfs here"; rm -rf "$work"; exit 0
fi
trap 'umount "$disk"; rm -rf "$work"' EXIT
cat > "$work/Localizable.xcstrings" <<'JSON'
{ "sourceLanguage" : "en", "version" : "1.0", "strings" : {
  "button.save" : { "localizations" : {
    "de" : { "stringUnit" : { "state" : "translated", "value" : "Speichern" } },
    "en" : { "stringUnit" : { "state" : "translated", "value" : "Save" } } } } } }
JSON
cat > "$work/constraints.json" <<'JSON'
{ "catalogs": ["Localizable.xcstrings"],
  "rules": [ { "keys": "*", "style": "body", "width": 120, "lineLimit": 1,
               "truncation": false, "categories": "xS...AX5" } ] }
JSON
for name in a.xml b.sarif c.html; do echo "old $name" > "$disk/$name"; done
# Leave about 12 KiB: enough for JUnit and SARIF, not for the HTML page (about 16 KiB).
head -c 40000 /dev/zero > "$disk/filler"
status=0
"$binary" check "$work/constraints.json" --junit "$disk/a.xml" --sarif "$disk/b.sarif" \
  --html "$disk/c.html" > /dev/null 2> "$work/stderr" || status=$?
expected="error: cannot write $disk/c.html: write failed: No space left on device"
[ "$status" = 2 ] || { echo "FAIL: exit $status, expected 2"; exit 1; }
[ "$(cat "$work/stderr")" = "$expected" ] || { echo "FAIL: $(cat "$work/stderr")"; exit 1; }
for name in a.xml b.sarif c.html; do
  [ "$(cat "$disk/$name")" = "old $name" ] || { echo "FAIL: $name changed"; exit 1; }
done
if ls -A "$disk" | grep -q typescale-tmp; then echo "FAIL: a temporary file is left"; exit 1; fi
echo "ok: a full disk during --html changed no report and left no temporary file"
