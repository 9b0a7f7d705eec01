#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Write the crafted inputs of issue 33's table for the hostile-input suite.

Usage: python3 Scripts/make-hostile-inputs.py [FOLDER]   (default: .build/hostile)

The folder is emptied first. Every case of Scripts/check-hostile.py has a folder of its own
here (the runner's working directory for it), so a run that destroys its inputs spoils no
other case. Everything is deterministic (no randomness, no clock) and made with the Python
standard library only; the files are small except where the size is the point (the 300,000
variants catalog, about 11 MB; the 20 MB value; the 200 MB golden file, which is sparse: only
the reader's size check is tested with it, and a fixed reader refuses it before reading).

The HTTP bombs and the stylesheet (http/) are served by the runner on 127.0.0.1; the brotli
bomb is embedded below (the standard library has no brotli encoder).
"""

import base64
import hashlib
import json
import os
import shutil
import stat
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE_FONT = os.path.join(ROOT, "Tests", "Fixtures", "Fonts", "Fixture-Regular.ttf")
FIXTURE_WOFF2 = os.path.join(ROOT, "Tests", "Fixtures", "Fonts", "Fixture-Regular.woff2")

# 1 GiB of zero bytes as brotli, 841 bytes: `head -c 1073741824 /dev/zero | brotli -q 11 -c`
# (brotli 1.0.9). Served with `Content-Encoding: br`.
BROTLI_BOMB_1G = (
    "z///f/gnAOKxQCD3/p/////wTwDEYQGA7v0/////4Z8AiMMiAN37f/7//8M/ARCHBQC69//8//+H"
    "fwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKw"
    "AED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//"
    "+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////w"
    "TwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwW"
    "AOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/"
    "////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+"
    "CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMC"
    "AN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n"
    "//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/"
    "ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgA"
    "oHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8"
    "//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gn"
    "AOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsA"
    "dO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/Pw=="
)

BROTLI_BOMB_SHA256 = "6ee7a6ea1bb68c2c83e48af39da2b14972b0fd6b2dc52831b761241d41c038ee"

CATEGORY = "L"  # every check here lays out at one category: the debug build stays quick


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(path, mode, **({} if mode == "wb" else {"encoding": "utf-8", "newline": "\n"})) as f:
        f.write(data)


def write_json(path, value):
    write(path, json.dumps(value, indent=1, ensure_ascii=False) + "\n")


def constraints(catalogs, rules=None, categories=CATEGORY, width=320, line_limit=0, **extra):
    value = {
        "catalogs": catalogs,
        "defaults": {
            "style": "body", "width": width, "lineLimit": line_limit, "truncation": False,
            "categories": categories,
        },
        "rules": rules or [],
    }
    value.update(extra)
    return value


def catalog(strings, source="en"):
    """A String Catalog: {key: {language: text}} (a dict value is used as the key's body)."""
    body = {}
    for key, value in strings.items():
        if isinstance(value, dict) and "localizations" in value:
            body[key] = value
            continue
        body[key] = {"localizations": {
            language: {"stringUnit": {"state": "translated", "value": text}}
            for language, text in value.items()}}
    return {"sourceLanguage": source, "strings": body, "version": "1.0"}


def simple_check(folder, strings=None, config_extra=None):
    """A folder with c.json and Localizable.xcstrings (one short key by default)."""
    write_json(os.path.join(folder, "Localizable.xcstrings"),
               catalog(strings or {"hello": {"en": "Hello", "de": "Hallo"}}))
    write_json(os.path.join(folder, "c.json"),
               constraints(["Localizable.xcstrings"], **(config_extra or {})))


def android_strings(entries):
    lines = ['<?xml version="1.0" encoding="utf-8"?>', "<resources>"]
    lines += [f'    <string name="{name}">{value}</string>' for name, value in entries]
    return "\n".join(lines + ["</resources>", ""])


def plist_strings_dict(key, variables, format_key):
    """A .stringsdict with one key: variables is [(name, {category: text})]."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
        '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
        '<plist version="1.0">', "<dict>", f"<key>{key}</key>", "<dict>",
        "<key>NSStringLocalizedFormatKey</key>", f"<string>{format_key}</string>",
    ]
    for name, categories in variables:
        out += [f"<key>{name}</key>", "<dict>",
                "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>",
                "<key>NSStringFormatValueTypeKey</key><string>lld</string>"]
        for category, text in categories.items():
            out.append(f"<key>{category}</key><string>{text}</string>")
        out.append("</dict>")
    out += ["</dict>", "</dict>", "</plist>", ""]
    return "\n".join(out)


def xliff(units):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">',
           '<file original="Localizable.xcstrings" source-language="en" target-language="de" '
           'datatype="plaintext">', "<body>"]
    for unit_id, source, target in units:
        out += [f'<trans-unit id="{unit_id}" xml:space="preserve">', f"<source>{source}</source>",
                f'<target state="translated">{target}</target>', "</trans-unit>"]
    return "\n".join(out + ["</body>", "</file>", "</xliff>", ""])


# MARK: - The rows of the table


def outputs_naming_inputs(root):
    for name in ["out-html", "out-junit", "out-sarif", "out-baseline", "out-dotdot",
                 "out-constraints"]:
        simple_check(os.path.join(root, name))
    os.makedirs(os.path.join(root, "out-dotdot", "sub"))
    simple_check(os.path.join(root, "merge-over-shard"))
    simple_check(os.path.join(root, "out-devnull"))
    # A symbolic link as an output: written through to real.xml, and the link stays.
    folder = os.path.join(root, "out-symlink")
    simple_check(folder)
    write(os.path.join(folder, "real.xml"), "<old/>\n")
    os.symlink("real.xml", os.path.join(folder, "link.xml"))
    # A full disk while the HTML page is written (the runner sets RLIMIT_FSIZE between the
    # sizes of the small reports and the page): the other outputs must stay as they were.
    folder = os.path.join(root, "disk-full")
    simple_check(folder, {"hello": {"en": "Hello " * 40, "de": "Hallo " * 40}},
                 {"rules": [{"keys": "*", "width": 40, "lineLimit": 1}]})
    for name in ["old.xml", "old.sarif", "old.html"]:
        write(os.path.join(folder, name), f"previous {name}\n")


def android_chains(root):
    for count in [3_000, 20_000]:
        folder = os.path.join(root, f"android-chain-{count}")
        entries = [(f"s{i}", f"@string/s{i + 1}") for i in range(count)] + [(f"s{count}", "End")]
        write(os.path.join(folder, "res", "values", "strings.xml"), android_strings(entries))
        write_json(os.path.join(folder, "c.json"), constraints(["res"]))
    folder = os.path.join(root, "android-cycle")
    entries = [("a", "@string/b"), ("b", "@string/c"), ("c", "@string/a")]
    write(os.path.join(folder, "res", "values", "strings.xml"), android_strings(entries))
    write_json(os.path.join(folder, "c.json"), constraints(["res"]))


def variant_explosions(root):
    # .stringsdict: 22 plural variables, each category naming the next: 2^22 variants, 4 KB.
    folder = os.path.join(root, "stringsdict-nested")
    levels = 22
    variables = [(f"v{i}", {"one": f"%#@v{i + 1}@ a", "other": f"%#@v{i + 1}@ b"})
                 for i in range(levels)]
    variables.append((f"v{levels}", {"one": "%lld x", "other": "%lld y"}))
    write(os.path.join(folder, "en.lproj", "Localizable.stringsdict"),
          plist_strings_dict("nested", variables, "%#@v0@"))
    write_json(os.path.join(folder, "c.json"), constraints(["en.lproj"]))

    # String Catalog: one text naming 16 substitutions of 6 plural categories each (6^16).
    folder = os.path.join(root, "catalog-substitutions")
    names = [f"s{i}" for i in range(16)]
    plural = {category: {"stringUnit": {"state": "translated", "value": f"%arg {category}"}}
              for category in ["zero", "one", "two", "few", "many", "other"]}
    localization = {
        "stringUnit": {"state": "translated", "value": " ".join(f"%#@{n}@" for n in names)},
        "substitutions": {n: {"argNum": i + 1, "formatSpecifier": "lld",
                              "variations": {"plural": plural}} for i, n in enumerate(names)},
    }
    write_json(os.path.join(folder, "Localizable.xcstrings"),
               catalog({"subs": {"localizations": {"en": localization}}}))
    write_json(os.path.join(folder, "c.json"), constraints(["Localizable.xcstrings"]))

    # String Catalog: plain device variants of one key, no substitution: 20,000 (770 KB, quick
    # to parse in a debug build) and the 300,000 (11 MB; a debug build takes ~9 s only
    # to parse it, so its case has a longer time limit).
    for count, name in [(20_000, "catalog-plain-variants"),
                        (300_000, "catalog-plain-variants-300k")]:
        folder = os.path.join(root, name)
        os.makedirs(folder)
        with open(os.path.join(folder, "Localizable.xcstrings"), "w", encoding="utf-8") as f:
            f.write('{"sourceLanguage":"en","version":"1.0","strings":{"plain":{"localizations":'
                    '{"en":{"variations":{"device":{')
            f.write(",".join(f'"d{i}":{{"stringUnit":{{"value":"x"}}}}' for i in range(count)))
            f.write("}}}}}}}\n")
        write_json(os.path.join(folder, "c.json"), constraints(["Localizable.xcstrings"]))

    # String Catalog: 950 keys × 950 languages by fallback (902,500 entries) in ~45 KB.
    folder = os.path.join(root, "catalog-fallback")
    languages = {f"l{i}": {"stringUnit": {"value": "x"}} for i in range(950)}
    strings = {"k0": {"localizations": languages}}
    strings.update({f"k{i}": {} for i in range(1, 950)})
    body = {"sourceLanguage": "en", "version": "1.0", "strings": strings}
    os.makedirs(folder)
    write(os.path.join(folder, "Localizable.xcstrings"),
          json.dumps(body, separators=(",", ":")) + "\n")
    write_json(os.path.join(folder, "c.json"), constraints(["Localizable.xcstrings"]))


def format_width(root):
    simple_check(os.path.join(root, "format-width"), {"count": {"en": "%999999d items"}})


def entities(root):
    expected = "Save &amp; Quit&#8230;"  # decodes to "Save & Quit…"
    folder = os.path.join(root, "entities-xliff")
    write(os.path.join(folder, "de.xliff"), xliff([("save", expected, expected)]))
    write_json(os.path.join(folder, "c.json"), constraints(["de.xliff"]))
    folder = os.path.join(root, "entities-android")
    write(os.path.join(folder, "res", "values", "strings.xml"),
          android_strings([("save", expected)]))
    write_json(os.path.join(folder, "c.json"), constraints(["res"]))
    folder = os.path.join(root, "entities-stringsdict")
    write(os.path.join(folder, "en.lproj", "Localizable.stringsdict"), plist_strings_dict(
        "save", [("n", {"one": "%lld " + expected, "other": "%lld " + expected})], "%#@n@"))
    write_json(os.path.join(folder, "c.json"), constraints(["en.lproj"]))
    # .strings is not XML: Foundation keeps "&amp;" as it is, so the text must stay literal.
    folder = os.path.join(root, "entities-strings")
    write(os.path.join(folder, "en.lproj", "Localizable.strings"), f'"save" = "{expected}";\n')
    write_json(os.path.join(folder, "c.json"), constraints(["en.lproj"]))

    unknown = "Save &bogus; now"
    folder = os.path.join(root, "unknown-entity-xliff")
    write(os.path.join(folder, "de.xliff"), xliff([("save", "Save", unknown)]))
    write_json(os.path.join(folder, "c.json"), constraints(["de.xliff"]))
    folder = os.path.join(root, "unknown-entity-android")
    write(os.path.join(folder, "res", "values", "strings.xml"),
          android_strings([("save", unknown)]))
    write_json(os.path.join(folder, "c.json"), constraints(["res"]))
    folder = os.path.join(root, "unknown-entity-stringsdict")
    write(os.path.join(folder, "en.lproj", "Localizable.stringsdict"), plist_strings_dict(
        "save", [("n", {"one": "%lld " + unknown, "other": "%lld " + unknown})], "%#@n@"))
    write_json(os.path.join(folder, "c.json"), constraints(["en.lproj"]))


def nothing_checked(root):
    folder = os.path.join(root, "globs-match-nothing")
    os.makedirs(os.path.join(folder, "no-strings-here"))
    write(os.path.join(folder, "no-strings-here", "README.txt"), "not a strings file\n")
    write_json(os.path.join(folder, "c.json"), constraints(["no-strings-here"]))
    folder = os.path.join(root, "rule-matches-nothing")
    simple_check(folder, config_extra={"rules": [{"keys": "nomatch.*", "width": 100}]})
    folder = os.path.join(root, "lays-out-nothing")
    write_json(os.path.join(folder, "Localizable.xcstrings"), catalog({"app.name": {
        "shouldTranslate": False,
        "localizations": {"en": {"stringUnit": {"state": "translated", "value": "App"}}}}}))
    write_json(os.path.join(folder, "c.json"), constraints(["Localizable.xcstrings"]))


def check_limits(root):
    simple_check(os.path.join(root, "max-layouts"),
                 {f"key{i}": {"en": f"Text {i}"} for i in range(20)})
    # Terminal escapes in a key that fails (so the summary prints it).
    folder = os.path.join(root, "esc-keys")
    key = "\x1b[2J\x1b]0;owned\x07button.\x1b[31mred"
    simple_check(folder, {key: {"en": "Much too long " * 5}},
                 {"rules": [{"keys": "*", "width": 20, "lineLimit": 1}]})
    # A 20 MB value where a plural category belongs: the error must quote 200 characters.
    folder = os.path.join(root, "value-20mb")
    os.makedirs(folder)
    with open(os.path.join(folder, "Localizable.xcstrings"), "w") as f:
        f.write('{"sourceLanguage":"en","version":"1.0","strings":{"big":{"localizations":'
                '{"en":{"variations":{"plural":{"')
        f.write("x" * (20 << 20))
        f.write('":{"stringUnit":{"value":"x"}}}}}}}}}\n')
    write_json(os.path.join(folder, "c.json"), constraints(["Localizable.xcstrings"]))
    # Shards of a 4-way split (the runner records them with the binary under test).
    simple_check(os.path.join(root, "merge-shards"),
                 {f"key{i}": {"en": f"Text {i}"} for i in range(8)})


def goldens(root):
    # A cases file whose "sets" is 500 objects deep (under Foundation's 512), 16 KB: parse time
    # grows with the square of the depth (a debug build took 6–7 s at 500 on this machine).
    folder = os.path.join(root, "cases-deep")
    depth = 500
    nest = "".join(f'{{"level{i:024d}": ' for i in range(depth)) + "1" + "}" * depth
    write(os.path.join(folder, "deep.cases"),
          '{"format": 1, "fonts": {"default": "embedded"}, "sets": ' + nest + "}\n")
    # A 200 MB golden file: a real header, then a sparse hole.
    folder = os.path.join(root, "golden-200mb")
    os.makedirs(folder)
    with open(os.path.join(folder, "big.golden"), "wb") as f:
        f.write(b"# typescale-golden: 2\n# generator: hostile\n")
        f.truncate(200 << 20)


def special_files(root):
    folder = os.path.join(root, "fifo")
    os.makedirs(folder)
    os.mkfifo(os.path.join(folder, "font.ttf"))
    os.mkfifo(os.path.join(folder, "Localizable.xcstrings"))
    write_json(os.path.join(folder, "c.json"), constraints(["Localizable.xcstrings"]))
    os.makedirs(os.path.join(root, "dev-zero"))  # the cases name /dev/zero itself
    # A WOFF2 whose compressed stream is cut short: the header and directory are intact.
    folder = os.path.join(root, "woff2-broken")
    with open(FIXTURE_WOFF2, "rb") as f:
        data = bytearray(f.read())
    header_and_directory = 48 + 200  # past the header; the directory is short for 10 tables
    corrupt = bytes(data[:header_and_directory]) + bytes(len(data) - header_and_directory)
    write(os.path.join(folder, "broken.woff2"), corrupt)
    # A 40,000 pt custom style (within the 100,000 pt limit) scaled to AX5 (about 3.1×).
    folder = os.path.join(root, "scaled-size")
    write_json(os.path.join(folder, "t.json"), {
        "name": "Hostile", "styles": {"body": {"size": 17}},
        "tokens": {"hero": {"size": 40_000, "relativeTo": "body"}}})
    # `measure --batch`: line 2 is not UTF-8.
    folder = os.path.join(root, "batch-utf8")
    write(os.path.join(folder, "requests.txt"),
          b'{"text": "Hello"}\n{"text": "Bad \xff\xfe bytes"}\n{"text": "After"}\n')


def gzip_zeros(size, block=1 << 20):
    """`size` zero bytes as one gzip member, made without compressing `size` bytes: a 1 MiB
    block of zeros is deflated once with a full flush (which resets the dictionary, so each
    block's bytes are the same) and repeated, then an empty final block and the trailer."""
    assert size % block == 0
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = compressor.compress(bytes(block)) + compressor.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(size // block):
        crc = zlib.crc32(bytes(block), crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03"  # no name, no time, Unix
    final_empty_block = b"\x03\x00"  # BFINAL, fixed Huffman codes, end of block
    trailer = crc.to_bytes(4, "little") + (size & 0xFFFFFFFF).to_bytes(4, "little")
    return header + deflated * (size // block) + final_empty_block + trailer


def http_files(root):
    """What the runner's loopback server answers (see SERVED in check-hostile.py)."""
    folder = os.path.join(root, "http")
    os.makedirs(folder)
    write(os.path.join(folder, "bomb.gz"), gzip_zeros(1 << 30))
    bomb = base64.b64decode(BROTLI_BOMB_1G)
    assert hashlib.sha256(bomb).hexdigest() == BROTLI_BOMB_SHA256, "the brotli bomb was edited"
    write(os.path.join(folder, "bomb.br"), bomb)
    with open(FIXTURE_FONT, "rb") as f:
        write(os.path.join(folder, "font.ttf"), f.read())
    for name in ["gzip-bomb", "brotli-bomb", "foreign-host"]:
        os.makedirs(os.path.join(root, name))


def main():
    default = os.path.join(ROOT, ".build", "hostile")
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else default)
    if os.path.lexists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    for make in [outputs_naming_inputs, android_chains, variant_explosions, format_width,
                 entities, nothing_checked, check_limits, goldens, special_files, http_files]:
        make(root)
    count = sum(len(files) for _, _, files in os.walk(root))
    print(f"make-hostile-inputs: {count} files in {root}")


if __name__ == "__main__":
    main()
