#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Builds the fuzzers' working corpora under .build/fuzz-corpus from the committed seeds in
# Fuzz/Corpus (FuzzLayout, FuzzParse, FuzzStoreIndex) and the fixture fonts (each font whole
# and truncated to 10%, 40% and 90%).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/fuzz-corpus"
rm -rf "$out" && mkdir -p "$out"/{FuzzRegister,FuzzLayout,FuzzParse,FuzzStoreIndex,FuzzCSS}
cp "$root"/Fuzz/Corpus/FuzzLayout/* "$out/FuzzLayout/"
cp "$root"/Fuzz/Corpus/FuzzParse/* "$out/FuzzParse/"
# Store indexes: valid, an earlier TypeScale's (no sizes), hostile paths, damaged, newer.
cp "$root"/Fuzz/Corpus/FuzzStoreIndex/* "$out/FuzzStoreIndex/"
cp "$root"/Tests/Fixtures/GoogleFonts/*.css "$out/FuzzCSS/"
for font in "$root"/Tests/Fixtures/Fonts/*.{ttf,otf,ttc,woff,woff2}; do
  [ -f "$font" ] || continue
  name="$(basename "$font")"
  size=$(stat -c %s "$font")
  [ "$size" -le 300000 ] || continue
  cp "$font" "$out/FuzzRegister/$name"
  for percent in 10 40 90; do
    head -c $((size * percent / 100)) "$font" > "$out/FuzzRegister/$name.$percent"
  done
done
echo "fuzz corpora in $out"
