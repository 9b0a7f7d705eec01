#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Build the reference recorders and (re)write the CSVs they record:
#
#   Benchmarks/Recorders/record.sh           write Tests/Fixtures/Layout/{harfbuzz-widths,pango-lines}.csv
#   Benchmarks/Recorders/record.sh --check   record into a temporary folder and compare with the
#                                            committed CSVs; exit 1 when they differ
#
# Needs a C compiler, pkg-config and the development files of HarfBuzz, Pango
# (PangoFT2) and fontconfig; on Debian/Ubuntu:
#   apt-get install -y build-essential pkg-config libharfbuzz-dev libpango1.0-dev libfontconfig-dev
# The CSVs depend on the versions of those libraries (each CSV's header names them).
set -euo pipefail

mode=write
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
CC="${CC:-cc}"

for module in harfbuzz pangoft2 fontconfig; do
  if ! pkg-config --exists "$module"; then
    echo "record.sh: pkg-config finds no $module; on Debian/Ubuntu install them with:" >&2
    echo "  apt-get install -y build-essential pkg-config libharfbuzz-dev libpango1.0-dev libfontconfig-dev" >&2
    exit 1
  fi
done

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
cflags=(-std=c11 -O2 -Wall -Wextra -Werror)
# shellcheck disable=SC2046  # pkg-config output is meant to be split into words
"$CC" "${cflags[@]}" -o "$build/hb-widths" "$here/hb-widths.c" $(pkg-config --cflags --libs harfbuzz)
# shellcheck disable=SC2046
# Pango is set up by the benchmarks' CPangoSetup target, compiled in.
"$CC" "${cflags[@]}" -I"$here/../Sources/CPangoSetup/include" -o "$build/pango-lines" \
  "$here/pango-lines.c" "$here/../Sources/CPangoSetup/pango-setup.c" \
  $(pkg-config --cflags --libs pangoft2 fontconfig harfbuzz)

cd "$root"  # the recorders write these relative paths into the CSV headers
corpus=Tests/Fixtures/Layout/strings.tsv
fonts=Tests/Fixtures/Fonts

"$build/hb-widths" "$corpus" "$fonts" >"$build/harfbuzz-widths.csv"
status=0
"$build/pango-lines" "$corpus" "$fonts" >"$build/pango-lines.csv" 2>"$build/pango.err" || status=$?
# A private configuration has no cache directory; fontconfig says so once. Nothing else may.
grep -v '^Fontconfig error: No writable cache directories$' "$build/pango.err" >&2 || true
if [ "$status" -ne 0 ]; then
  echo "record.sh: pango-lines failed (exit $status)" >&2
  exit 1
fi

# Sanity: one row per corpus string (per width), positive advances, at least one
# line starting at 0, and every paragraph wrapping to more lines at 200 pt than at 320 pt.
strings=$(($(wc -l <"$corpus") - 1))
awk -F, -v strings="$strings" '
  /^#/ || /^id,/ { next }
  { rows++; if (NF != 5 || $4 <= 0 || $5 <= 0) { print "harfbuzz-widths.csv: bad row: " $0; bad = 1 } }
  END { if (rows != strings) { print "harfbuzz-widths.csv: " rows " rows for " strings " strings"; bad = 1 }
        exit bad }' "$build/harfbuzz-widths.csv" >&2
awk -F, -v strings="$strings" '
  /^#/ || /^id,/ { next }
  {
    rows++
    n = split($4, starts, ";")
    if (NF != 5 || $3 < 1 || n != $3 || starts[1] != 0 || $5 <= 0) { print "pango-lines.csv: bad row: " $0; bad = 1 }
    lines[$1, $2] = $3; ids[$1] = 1
  }
  END {
    if (rows != 2 * strings) { print "pango-lines.csv: " rows " rows for " strings " strings at 2 widths"; bad = 1 }
    for (id in ids) if (id ~ /-para-/ && !(lines[id, 200] > lines[id, 320])) {
      print "pango-lines.csv: " id " has " lines[id, 200] " lines at 200 pt, " lines[id, 320] " at 320 pt"; bad = 1
    }
    exit bad
  }' "$build/pango-lines.csv" >&2

out=Tests/Fixtures/Layout
if [ "$mode" = check ]; then
  differ=0
  for csv in harfbuzz-widths.csv pango-lines.csv; do
    if ! diff -u "$out/$csv" "$build/$csv"; then differ=1; fi
  done
  if [ "$differ" -ne 0 ]; then
    echo "record.sh: the recorded CSVs differ from the committed ones (see the diff above)" >&2
    exit 1
  fi
  echo "record.sh: harfbuzz-widths.csv and pango-lines.csv are up to date"
else
  cp "$build/harfbuzz-widths.csv" "$build/pango-lines.csv" "$out/"
  echo "record.sh: wrote $out/harfbuzz-widths.csv ($(grep -vc '^#' "$out/harfbuzz-widths.csv") lines)" \
    "and $out/pango-lines.csv ($(grep -vc '^#' "$out/pango-lines.csv") lines)"
fi
