#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Type-checks every Swift snippet of README.md, docs/ and the DocC catalogs against the built modules.

Each document's ```swift blocks are joined, in order, into one file of top-level code (so a block
may use what an earlier one declared), with `import` lines hoisted; `TypeScale`,
`TypeScaleGoldens` and `TypeScaleTesting` are imported, and a DocC catalog's own module
(`Sources/<Module>/<Module>.docc`). Anything else (`TypeScaleRender`, `TypeScaleFontStore`, which
the umbrella does not re-export) a snippet imports itself, as a reader's code would. The file is type-checked with `swiftc -typecheck` against the debug build's modules,
which `swift build --build-tests` has made. Warnings are allowed (a snippet may show a value
without using it); errors fail, naming the document. A block that starts with
`// swift-tools-version` is a package manifest: it is type-checked on its own against the
toolchain's PackageDescription.

The files the README's snippets read (`URL(fileURLWithPath: "…")`) must exist in a clone, so
that its blocks run as pasted from the package root.

The ```swift blocks of doc comments (`///`) in Sources/ are checked too, one file per module:
each block becomes the body of its own function, so names never clash between blocks. A doc
example shows a call, not the setup before it, so the values it takes as given (`registry`,
`engine`, `font`, `store`, …) become that function's parameters, typed by CONTEXT below when the
block uses them without declaring them. The module is imported with `@testable` (a doc comment
may document an internal type) beside every public product. Blocks that cannot be a function
body are listed in UNCHECKED with the reason, and reported as skipped.

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
PRODUCTS = ["TypeScale", "TypeScaleGoldens", "TypeScaleTesting", "TypeScaleRender",
            "TypeScaleFontStore", "TypeScaleStrings", "TypeScaleCheck"]


# Values a doc example takes as given: name → type. Each is a global of the checked file that is
# never evaluated (the file is only type-checked); a block that declares the name shadows it.
CONTEXT = {
    "registry": "FontRegistry", "face": "FontFace", "koreanFace": "FontFace",
    "pretendard": "FontFace", "notoEmoji": "FontFace", "engine": "TextLayoutEngine",
    "font": "LayoutFont", "layout": "TextLayout", "options": "LayoutOptions", "texts": "[String]",
    "text": "String", "caption": "String", "url": "URL", "folder": "URL", "fontsFolder": "URL",
    "goldenURL": "URL", "casesURL": "URL", "typographyURL": "URL", "path": "String",
    "data": "Data", "bytes": "Data", "downloaded": "Data", "token": "String",
    "build": "String", "dynamicType": "DynamicType", "store": "FontStore",
    "hosted": "HostedFolderFontSource", "google": "GoogleFontsSource", "renderer": "Renderer",
    "image": "Image", "suite": "GoldenSuite", "measurer": "GoldenMeasurer",
    "expected": "GoldenFile", "actual": "GoldenFile", "golden": "GoldenFile",
    "parsed": "ParsedArguments", "request": "_Request", "assetStore": "_AssetStore",
    "standardOutput": "String", "standardError": "String",
    "report": "CheckReport", "result": "CheckResult", "png": "Data", "runner": "CheckRunner",
    "entries": "[LocalizedEntry]", "junit": "Data", "html": "Data", "summary": "CheckSummary",
    "constraints": "CheckConstraints", "catalogURL": "URL",
}
# Stand-ins for the app's own types that doc examples call.
PRELUDE = """
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
func _given<T>() -> T { fatalError() }
struct _Request { var category = "" }
struct _AssetStore { func data(named: String) async throws -> Data { Data() } }
func relayout() {}
"""
# Doc-comment blocks that are not statements, by file: why each cannot be checked.
UNCHECKED = {
    "Sources/TypeScaleCLI/Parsing/CommandConfiguration.swift":
        "a member declaration (`static let configuration`), shown as it sits in a command type",
}


def doc_blocks():
    """(module, file, line, block) for every ```swift block in a `///` comment in Sources/."""
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "**", "*.swift"),
                                 recursive=True)):
        name = os.path.relpath(path, ROOT)
        module = name.split(os.sep)[1]
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        index = 0
        while index < len(lines):
            if re.match(r"^\s*/// ?```swift\s*$", lines[index]):
                start = index + 1
                block = []
                index += 1
                while index < len(lines) and not re.match(r"^\s*/// ?```\s*$", lines[index]):
                    block.append(re.sub(r"^\s*/// ?", "", lines[index]))
                    index += 1
                yield module, name, start, "\n".join(block)
            index += 1


def free_names(block):
    """The CONTEXT names a block uses without declaring them."""
    declared = set(re.findall(r"\b(?:let|var|for|case let)\s+(\w+)", block))
    code = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', block)
    code = re.sub(r"//.*", "", code)
    used = set(re.findall(r"(?<![.\w])(\w+)\b", code))
    used |= set(re.findall(r"\\\((\w+)", block))  # interpolated: "Bearer \(token)"
    return [name for name in CONTEXT if name in used and name not in declared]


def doc_sources():
    """One Swift file per module holding each doc block as a function; with the block map."""
    modules = {}
    for module, name, line, block in doc_blocks():
        modules.setdefault(module, []).append((name, line, block))
    for module, blocks in sorted(modules.items()):
        imports = ["import Foundation"] + [f"import {m}" for m in PRODUCTS if m != module]
        imports.append(f"@testable import {module}")
        body = []
        places = []
        skipped = []
        given = []
        for number, (name, line, block) in enumerate(blocks):
            if name in UNCHECKED:
                skipped.append(f"{name}:{line}: {UNCHECKED[name]}")
                continue
            code = []
            for text in block.splitlines():
                if re.match(r"^(@testable )?import \w+$", text.strip()):
                    if text.strip() not in imports and not text.strip().endswith(module):
                        imports.append(text.strip())
                elif text.startswith("@Test "):
                    code.append(text[len("@Test "):])
                else:
                    code.append(text)
            for free in free_names(block):
                if free not in given:
                    given.append(free)
            places.append((len(body), name, line))
            body.append(f"@MainActor func _snippet{number}() async throws {{")
            body += ["  " + text for text in code]
            body.append("}")
        prelude = PRELUDE.splitlines() + [
            f"nonisolated(unsafe) var {name}: {CONTEXT[name]} = _given()" for name in given]
        yield module, imports + prelude, body, places, skipped


def documents():
    yield os.path.join(ROOT, "README.md")
    yield from sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
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
    checked_docs = 0
    checked_paths = 0
    unchecked = []
    with tempfile.TemporaryDirectory() as folder:
        for document in documents():
            with open(document, encoding="utf-8") as handle:
                blocks = re.findall(r"^```swift\n(.*?)^```", handle.read(), re.S | re.M)
            if not blocks:
                continue
            name = os.path.relpath(document, ROOT)
            if name == "README.md":
                # The README's blocks run as pasted from the root of a clone: the files they
                # read must be there.
                for path in re.findall(r'URL\(fileURLWithPath:\s*"([^"]+)"\)', "".join(blocks)):
                    checked_paths += 1
                    if not os.path.exists(os.path.join(ROOT, path)):
                        failed += 1
                        print(f"{name}: a Swift snippet reads {path}, which a clone does not "
                              "have", file=sys.stderr)
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
        for module, imports, body, places, skipped in doc_sources():
            source = os.path.join(folder, f"{module}.swift")
            header = imports + [""]
            with open(source, "w", encoding="utf-8") as handle:
                handle.write("\n".join(header + body) + "\n")
            result = subprocess.run(
                ["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library",
                 "-module-name", "DocSnippets", *flags,
                 source], capture_output=True, text=True)
            checked_docs += len(places)
            unchecked += skipped
            if result.returncode != 0:
                failed += 1
                print(f"{module}: doc-comment snippets that do not compile:", file=sys.stderr)
                for error in result.stderr.splitlines():
                    found = re.match(re.escape(source) + r":(\d+):(\d+): error: (.*)", error)
                    if not found:
                        continue
                    row = int(found.group(1)) - len(header) - 1
                    place = max((p for p in places if p[0] <= row), default=None)
                    where = (f"{place[1]}:{place[2] + row - place[0]}" if place
                             else f"{module} imports")
                    print(f"  {where}: error: {found.group(3)}", file=sys.stderr)
    for line in unchecked:
        print(f"check-snippets: not checked: {line}")
    if failed:
        print(f"check-snippets: {failed} document(s) with snippets that do not compile",
              file=sys.stderr)
        return 1
    print(f"check-snippets: {checked} Swift snippets of the README and DocC articles and "
          f"{checked_docs} of doc comments compile; the README's {checked_paths} file paths exist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
