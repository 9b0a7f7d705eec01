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
# Then (issue 33: "the dist archive runs where its README says"):
#   - the libraries: every shared library the binary needs — its DT_NEEDED entries and the ones
#     it loads itself with dlopen (CLazyLibraries: libcurl and libxml2, found as sonames in the
#     binary) — is mapped to its Debian package, and each package must be on the README's
#     `apt-get install` line (libc6, libgcc-s1 and libstdc++6 are on every system); a missing
#     one fails, naming the library and the package;
#   - a minimal root (as root, with chroot and unshare): the unpacked folder, the dynamic
#     loader, the shared objects of exactly the packages the README lists (and of libc6, libgcc-s1
#     and libstdc++6), each with its own ldd closure, /etc/fonts, a private /proc and /dev/null.
#     First without the lazily loaded packages (libcurl4, libxml2): `--version` and
#     `measure Hi` must run, so start-up needs neither; then with them, only if the README lists
#     them: `check` of the sample (whose Android strings are XML, read with libxml2) must exit 0
#     or 1. A README without libxml2 fails here as a machine without it would (exit 70).
#   - CHECK_DIST_CHROOT=debootstrap: a clean Debian 12 (`debootstrap --variant=minbase
#     bookworm`, cached in .build/debian-bookworm; minutes the first time, and it downloads from
#     deb.debian.org), a copy of it per run, `apt-get install` of the README's line, then the
#     same commands. Off by default: CI keeps to the minimal root.
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
name=$(basename "$folder")
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

# MARK: - The libraries the binary needs, against the README's list

# The packages on the README's `apt-get install` line.
listed=$(sed -n 's/^ *apt-get install //p' "$folder/README.md" | tr ' ' '\n' | sed '/^$/d' |
  sort -u)
[ -n "$listed" ] || fail "README.md has no \`apt-get install\` line naming the system libraries"
base_packages="libc6 libgcc-s1 libstdc++6"

# soname<TAB>how: the DT_NEEDED entries, then the sonames the binary holds as strings and does
# not link (the names CLazyLibraries passes to dlopen).
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u)
lazy=$(grep -aoE 'lib[A-Za-z0-9_+-]+\.so\.[0-9]+' "$binary" | sort -u |
  grep -vxF -f <(echo "$needed") || true)
needs=$( (for soname in $needed; do printf '%s\tlinked\n' "$soname"; done
  for soname in $lazy; do printf '%s\tloaded with dlopen on first use\n' "$soname"; done))

# The path the loader finds a soname at, and the Debian package that holds it.
# (No reader in these pipelines stops early: with pipefail, a writer killed by SIGPIPE would
# end the script through set -e.)
library_path() {
  ldconfig -p | awk -v name="$1" '$1 == name && !best && /x86-64|AArch64|64bit/ {best = $NF}
    $1 == name && !found {found = $NF} END {print best ? best : found}'
}
package_of() {
  local path=$1
  { dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "$path" 2>/dev/null ||
    dpkg -S "${path#/usr}" 2>/dev/null || dpkg -S "/usr$path" 2>/dev/null; } | sed -n 1p |
    cut -d: -f1
}
needed_packages=""
lazy_packages=""  # the packages of the libraries loaded with dlopen
while IFS=$'\t' read -r soname how; do
  [ -n "$soname" ] || continue
  path=$(library_path "$soname")
  if [ -z "$path" ]; then
    fail "bin/typescale needs $soname ($how), which this machine does not have"
    continue
  fi
  if ! command -v dpkg >/dev/null 2>&1; then
    grep -q "${soname%%.so*}" "$folder/README.md" ||
      fail "bin/typescale needs $soname ($how); README.md does not mention ${soname%%.so*}"
    continue
  fi
  package=$(package_of "$path")
  if [ -z "$package" ]; then
    fail "bin/typescale needs $soname ($how) at $path, which no Debian package holds"
    continue
  fi
  case " $base_packages " in *" $package "*) continue ;; esac
  if ! grep -qxF "$package" <<<"$listed"; then
    fail "bin/typescale needs $soname ($how; Debian package $package), but README.md's" \
      "apt-get line does not list $package"
  fi
  needed_packages+=" $package"
  [ "$how" = linked ] || lazy_packages+=" $package"
done <<<"$needs"
lazy_names=$lazy_packages
echo "check-dist: bin/typescale links $(echo $needed | tr ' ' ','); loads with dlopen" \
  "$(echo $lazy | tr ' ' ','); README lists $(echo $listed | tr ' ' ',')"

# MARK: - Running with only the listed libraries

# Copies a file to the same path under the root, following links (the loader finds the copy
# by the name it asked for).
place() { mkdir -p "$2$(dirname "$1")" && cp -L "$1" "$2$1"; }
# A package's shared objects (its top-level library files) and their ldd closure.
place_package() {
  local package=$1 into=$2 file dependency
  for file in $(dpkg -L "$package" 2>/dev/null | grep -E '/lib/([^/]+/)?[^/]+\.so(\.[0-9]+)*$'); do
    [ -e "$file" ] || continue
    place "$file" "$into"
    for dependency in $(ldd "$file" 2>/dev/null | awk '/=> \//{print $3}'); do
      [ -e "$into$dependency" ] || place "$dependency" "$into"
    done
  done
}
# Runs the unpacked binary in the root: TYPESCALE-less PATH, a private /proc, its own /dev/null.
in_root() {
  local into=$1
  shift
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp LANG=C.UTF-8 \
    unshare -m -- sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$into" \
    "/opt/$name/bin/typescale" "$@"
}
chroot_check() {
  local into=$1 kind=$2 out=$work/root-out.txt status
  if ! in_root "$into" --version >"$out" 2>&1 || ! in_root "$into" measure Hi >>"$out" 2>&1; then
    fail "in $kind with the README's libraries but not$lazy_names, bin/typescale --version" \
      "or measure Hi failed:"
    head -n 10 "$out" >&2
  fi
  for package in $lazy_packages; do
    if grep -qxF "$package" <<<"$listed"; then
      if [ "$kind" = "a minimal root" ]; then place_package "$package" "$into"; fi
    fi
  done
  status=0
  in_root "$into" check /work/check/constraints.json --json >"$work/root-report.json" \
    2>"$out" || status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
    fail "in $kind with only the README's libraries, bin/typescale check of the sample exited" \
      "$status:"
    head -n 10 "$out" >&2
  elif ! python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/root-report.json"
  then
    fail "in $kind, bin/typescale check --json printed no JSON"
  else
    echo "check-dist: in $kind with only the README's libraries: --version and measure Hi" \
      "ran without$lazy_names; check of the sample exited $status with them"
  fi
}
# The sample with its font links resolved, where the root's commands find it.
place_sample() {
  mkdir -p "$1/work" && cp -RL "$root/Samples/check" "$1/work/check"
  mkdir -p "$1/opt" && cp -R "$folder" "$1/opt/"
}

if [ "$(id -u)" != 0 ] || ! command -v chroot >/dev/null || ! command -v unshare >/dev/null ||
  ! command -v dpkg >/dev/null; then
  echo "check-dist: not root, or no chroot, unshare or dpkg: the run with only the README's" \
    "libraries is skipped (checked above: ldd and the README's list)"
elif [ "${CHECK_DIST_CHROOT:-}" = debootstrap ]; then
  base=$root/.build/debian-bookworm
  if [ ! -x "$base/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null || {
      echo "check-dist: installing debootstrap"
      env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap; }
    rm -rf "$base.partial"
    debootstrap --variant=minbase bookworm "$base.partial" http://deb.debian.org/debian
    mv "$base.partial" "$base"
  fi
  debian=$work/debian
  cp -a "$base" "$debian"
  cp /etc/resolv.conf "$debian/etc/resolv.conf"
  unshare -m -- sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" sh -c \
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $1"' \
    "$debian" "$(echo $listed | tr ' ' '\n' | grep -vxF -f <(echo $lazy_packages | tr ' ' '\n') |
      tr '\n' ' ')" >/dev/null 2>&1
  place_sample "$debian"
  kind="a clean Debian 12 (debootstrap)"
  # The lazily loaded packages come second, as in the minimal root.
  for package in $lazy_packages; do
    if chroot "$debian" dpkg -s "$package" >/dev/null 2>&1; then
      lazy_names=${lazy_names/ $package/}
      echo "check-dist: $package came in with the other packages' dependencies"
    fi
  done
  if ! in_root "$debian" --version >/dev/null 2>&1 || ! in_root "$debian" measure Hi >/dev/null 2>&1
  then
    fail "in $kind without$lazy_packages, bin/typescale --version or measure Hi failed"
  fi
  listed_lazy=$(for package in $lazy_packages; do grep -xF "$package" <<<"$listed" || true; done |
    tr '\n' ' ')
  if [ -n "$listed_lazy" ]; then
    unshare -m -- sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" sh -c \
      "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $1"' "$debian" "$listed_lazy" \
      >/dev/null 2>&1
  fi
  lazy_packages=""  # installed above when listed: chroot_check installs nothing more
  chroot_check "$debian" "$kind"
else
  minimal=$work/root
  mkdir -p "$minimal/proc" "$minimal/tmp" "$minimal/dev"
  mknod -m 666 "$minimal/dev/null" c 1 3
  place "$(readelf -l "$binary" | sed -n 's/.*interpreter: \(.*\)\]/\1/p')" "$minimal"
  for package in $base_packages $listed; do
    case " $lazy_packages " in *" $package "*) continue ;; esac
    place_package "$package" "$minimal"
  done
  [ -d /etc/fonts ] && mkdir -p "$minimal/etc" && cp -R /etc/fonts "$minimal/etc/"
  place_sample "$minimal"
  chroot_check "$minimal" "a minimal root"
fi

[ "$failed" -eq 0 ] || exit 1
echo "check-dist: $(basename "$tarball") ok: $(ls -l "$tarball" | awk '{print $5}') bytes," \
  "no Swift runtime in ldd, \`check\` of the sample exited $status from another directory" \
  "($(head -n 1 "$work/version.txt"))"
