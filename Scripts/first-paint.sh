#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
#
# first-paint.sh CHROMIUM PAGE [RUNS]: the page's size and its first contentful paint in headless
# Chromium, in milliseconds from navigation (PerformanceObserver's `paint` entries), over RUNS
# loads (3 unless given): each run's figure, then the median. The page is copied with a small
# observer script added before `</body>`; the page itself is not changed.
set -eu
chromium=$1
page=$2
runs=${3:-3}
[ -f "$page" ] || { echo "error: first-paint: no page at $page" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/first-paint.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
observer='<script>new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(e.name==="first-contentful-paint"){var p=document.createElement("pre");p.id="first-paint";p.textContent=e.startTime.toFixed(0);document.documentElement.appendChild(p);}});}).observe({type:"paint",buffered:true});</script>'
# The last </body> only: the page's data block cannot hold one (it has no `<`).
awk -v observer="$observer" '{ lines[NR] = $0 } END {
  for (i = NR; i > 0; i--) if (index(lines[i], "</body>")) { last = i; break }
  for (i = 1; i <= NR; i++) {
    if (i == last) sub(/<\/body>/, observer "</body>", lines[i])
    print lines[i]
  }
}' "$page" >"$work/page.html"
bytes=$(wc -c <"$page" | tr -d ' ')
figures=""
i=0
while [ "$i" -lt "$runs" ]; do
  i=$((i + 1))
  ms=$("$chromium" --headless --no-sandbox --disable-gpu --timeout=10000 --dump-dom \
    "file://$work/page.html" 2>/dev/null | sed -n 's/.*<pre id="first-paint">\([0-9][0-9]*\)<.*/\1/p' | head -n 1)
  [ -n "$ms" ] && figures="$figures $ms"
done
[ -n "$figures" ] || { echo "error: first-paint: Chromium reported no paint for $page" >&2; exit 1; }
median=$(printf '%s\n' $figures | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
echo "first-paint: $page: $bytes bytes; first contentful paint$figures ms (median $median ms)"
