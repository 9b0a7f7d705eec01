#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the `typescale` CLI for machines without Swift (run by `make dist`): release mode with
# the Swift runtime and Foundation linked statically (`--static-swift-stdlib`), packed as
# dist/typescale-<version>-linux-<arch>.tar.gz with
#   bin/typescale                               the stripped executable
#   bin/TypeScale_TypeScaleFonts.resources/     the embedded default fonts, which the binary finds
#                                               beside itself (or through $TYPESCALE_RESOURCES)
#   LICENSE, licenses/OFL-embedded-fonts.txt    TypeScale's licence and the fonts' SIL OFL 1.1
#   README.md                                   the system libraries it needs, and how to run it
# The version is the CLI's own (`static let version` in TypeScaleCommand.swift).
# Linux only: Apple's toolchains do not link the Swift runtime statically on macOS.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

if [ "$(uname -s)" != Linux ]; then
  echo "dist: Linux only (--static-swift-stdlib is not supported on macOS; on a Mac," \
    "install the CLI with \`swift build -c release\` and copy it with its .resources folder)" >&2
  exit 1
fi
version=$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' \
  Sources/TypeScaleCLI/Commands/TypeScaleCommand.swift)
[ -n "$version" ] || { echo "dist: no version in TypeScaleCommand.swift" >&2; exit 1; }
name="typescale-$version-linux-$(uname -m)"
# The tarball replaces a regular file only: a symbolic link, a device, a FIFO or a folder in its
# place is refused (before the build), never renamed over.
target="dist/$name.tar.gz"
if [ -L "$target" ] || { [ -e "$target" ] && [ ! -f "$target" ]; }; then
  kind=$([ -L "$target" ] && echo "a symbolic link" || echo "not a regular file")
  echo "dist: $target is $kind; not replacing it: remove it or move it away" >&2
  exit 1
fi

# FoundationNetworking's static archive links libcurl: without its -dev package the link fails
# with "cannot find -lcurl".
if command -v dpkg >/dev/null 2>&1 && ! dpkg -s libcurl4-openssl-dev >/dev/null 2>&1; then
  echo "dist: installing libcurl4-openssl-dev (FoundationNetworking links -lcurl statically)"
  sudo=$([ "$(id -u)" = 0 ] || echo sudo)
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev
fi

# Its own build folder: the static link settings never invalidate `make demo`'s release build.
flags=(-c release --static-swift-stdlib --scratch-path .build/static)
# On x86-64 no module autolinks libcurl or libxml2 (the static Foundation's module maps ask for
# them): CLazyLibraries' stubs load them on first use, as in Package.swift's release CLI.
if [ "$(uname -m)" = x86_64 ]; then
  for library in curl xml2; do
    flags+=(-Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc "$library")
  done
fi
"$SWIFT" build "${flags[@]}" --product typescale
bin=$("$SWIFT" build "${flags[@]}" --show-bin-path)

stage=.build/dist/$name
rm -rf "$stage" && mkdir -p "$stage/bin" "$stage/licenses" dist
cp "$bin/typescale" "$stage/bin/typescale"
strip "$stage/bin/typescale"
cp -R "$bin/TypeScale_TypeScaleFonts.resources" "$stage/bin/"
if [ -f LICENSE ]; then
  cp LICENSE "$stage/LICENSE"
else
  echo "make-dist: no LICENSE at the repository root" >&2
  exit 1
fi
cp Sources/TypeScaleFonts/Fonts/OFL.txt "$stage/licenses/OFL-embedded-fonts.txt"

# The system libraries: what ldd resolves, by Debian package (skipping libc's own).
libraries=$(ldd "$stage/bin/typescale" | awk '/=> \//{print $3}' | while read -r library; do
  dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library" 2>/dev/null || true
done | cut -d: -f1 | sort -u | grep -v -E '^(libc6|libgcc-s1|libstdc\+\+6)$' | tr '\n' ' ')

cat >"$stage/README.md" <<EOF
# typescale $version (Linux, $(uname -m))

The TypeScale command-line tool, built with the Swift runtime and Foundation linked statically:
it runs without a Swift toolchain.

## Install

Unpack anywhere and run \`bin/typescale\` (or put \`bin\` on your PATH, or symlink the binary).
Keep \`bin/TypeScale_TypeScaleFonts.resources\` beside the binary: it holds the embedded default
fonts. If you move the binary alone, point \`TYPESCALE_RESOURCES\` at that folder.

It needs these system libraries (Debian 12 package names; elsewhere the ICU package carries
another version, e.g. libicu74 on Ubuntu 24.04, and the tarball should be built there):

    apt-get install libharfbuzz0b libfreetype6 libicu72 libfontconfig1 libpng16-16 libcurl4 libxml2

apt-get brings in what these depend on; in all, this build's \`ldd\` resolves to the Debian
packages $libraries

libcurl (libcurl4) and libxml2 (libxml2) are loaded on first use, not at start-up: \`fonts
install\` downloads with libcurl, and \`check\` reads XLIFF, \`.stringsdict\` and Android
\`strings.xml\` files with libxml2. Without them those commands stop with exit status 70 naming
the library; everything else runs. \`make check-dist\` runs the binary with only the libraries
above.

## Check an app's strings

    bin/typescale check path/to/constraints.json --junit report.xml --html report.html

Exit status 0: every constraint holds; 1: new failures; 2: bad input (the file, line and column
are printed). \`bin/typescale help check\` lists the options.

## Licences

TypeScale: Apache License 2.0 (\`LICENSE\`). The embedded Noto Sans and Noto Sans KR subsets: SIL
Open Font License 1.1 (\`licenses/OFL-embedded-fonts.txt\`).
EOF

# Written to a temporary file beside the target and renamed over it when complete, so that an
# interrupted run leaves the previous tarball (the target was checked before the build).
partial=$(mktemp "dist/.$name.tar.gz.XXXXXX")
trap 'rm -f "$partial"' EXIT
tar -czf "$partial" -C .build/dist "$name"
chmod 644 "$partial"
mv -f "$partial" "$target"
trap - EXIT
echo "dist: $target ($(du -h "$target" | cut -f1))"
