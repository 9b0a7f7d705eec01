#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Type-checks every Swift snippet of README.md and the DocC catalogs against the built modules.

Each document's ```swift blocks are joined, in order, into one file of top-level code (so a block
may use what an earlier one declared), with `import` lines hoisted; `TypeScale`,
`TypeScaleGoldens` and `TypeScaleTesting` are imported, and a DocC catalog's own module
(`Sources/<Module>/<Module>.docc`). Anything else (`TypeScaleRender`, `TypeScaleFontStore`, which
the umbrella does not re-export) a snippet imports itself, as a reader's code would. The file is type-checked with `swiftc -typecheck` against the debug build's modules,
which `swift build --build-tests` has made. Warnings are allowed (a snippet may show a value
without using it); errors fail, naming the document. A block that starts with
`// swift-tools-version` is a package manifest: it is type-checked on its own against the
toolchain's PackageDescription.

Usage: Scripts/check-snippets.py [build-folder]   (default: .build/debug)
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["Foundation", "TypeScale", "TypeScaleGoldens", "TypeScaleTesting"]


def documents():
    yield os.path.join(ROOT, "README.md")
    yield from sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "**", "*.md"),
                                recursive=True))


def pkg_config_includes():
    out = subprocess.run(
        ["pkg-config", "--cflags-only-I", "harfbuzz", "freetype2", "libpng", "fontconfig",
         "icu-uc"], capture_output=True, text=True, check=True).stdout.split()
    return [arg for flag in out for arg in ("-Xcc", flag)]


def manifest_api():
    """The toolchain's PackageDescription module folder (`<toolchain>/lib/swift/pm/ManifestAPI`)."""
    swift = os.path.realpath(shutil.which("swift"))
    return os.path.join(os.path.dirname(os.path.dirname(swift)), "lib", "swift", "pm",
                        "ManifestAPI")


def main():
    build = os.path.realpath(os.path.join(ROOT, sys.argv[1] if len(sys.argv) > 1
                                          else ".build/debug"))
    flags = ["-I", os.path.join(build, "Modules")]
    maps = glob.glob(os.path.join(ROOT, "Sources", "C*", "module.modulemap"))
    maps += glob.glob(os.path.join(build, "C*.build", "module.modulemap"))
    for path in maps:
        flags += ["-Xcc", "-fmodule-map-file=" + path]
    flags += pkg_config_includes()
    failed = 0
    checked = 0
    with tempfile.TemporaryDirectory() as folder:
        for document in documents():
            with open(document, encoding="utf-8") as handle:
                blocks = re.findall(r"^```swift\n(.*?)^```", handle.read(), re.S | re.M)
            if not blocks:
                continue
            name = os.path.relpath(document, ROOT)
            manifests = [block for block in blocks if block.startswith("// swift-tools-version")]
            blocks = [block for block in blocks if block not in manifests]
            for index, manifest in enumerate(manifests):
                path = os.path.join(folder, f"Package{index}.swift")
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(manifest)
                result = subprocess.run(
                    ["swiftc", "-typecheck", "-I", manifest_api(), "-package-description-version",
                     "6.0", path], capture_output=True, text=True)
                checked += 1
                if result.returncode != 0:
                    failed += 1
                    print(f"{name}: a package manifest does not compile:", file=sys.stderr)
                    for line in result.stderr.splitlines()[:20]:
                        print("  " + line.replace(path, name + " (manifest)"), file=sys.stderr)
            if not blocks:
                continue
            imports = [f"import {module}" for module in MODULES]
            catalog = re.match(r"Sources/(\w+)/", name)
            if catalog and f"import {catalog.group(1)}" not in imports:
                imports.append(f"import {catalog.group(1)}")
            body = []
            for block in blocks:
                for line in block.splitlines():
                    if re.match(r"^(@testable )?import \w+$", line.strip()):
                        if line.strip() not in imports:
                            imports.append(line.strip())
                    else:
                        body.append(line)
            source = os.path.join(folder, "main.swift")
            with open(source, "w", encoding="utf-8") as handle:
                handle.write("\n".join(imports + [""] + body) + "\n")
            result = subprocess.run(
                ["swiftc", "-typecheck", "-swift-version", "6", *flags, source],
                capture_output=True, text=True)
            checked += len(blocks)
            errors = [line for line in result.stderr.splitlines() if ": error:" in line]
            if result.returncode != 0:
                failed += 1
                print(f"{name}: its Swift snippets do not compile:", file=sys.stderr)
                for line in errors or result.stderr.splitlines()[:20]:
                    print("  " + line.replace(source, name + " (snippets joined)"),
                          file=sys.stderr)
    if failed:
        print(f"check-snippets: {failed} document(s) with snippets that do not compile",
              file=sys.stderr)
        return 1
    print(f"check-snippets: {checked} Swift snippets compile")
    return 0


if __name__ == "__main__":
    sys.exit(main())
