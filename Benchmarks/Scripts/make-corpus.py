#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Builds the broad benchmark corpus from Debian's CLDR data (unicode-cldr-core).

Writes Benchmarks/Corpus/broad.tsv (id, script, language, kind, text) and
Benchmarks/Corpus/fonts.tsv (script, language, source, file, candidates, dropped):

- UI strings ("ui"): localized language, territory, unit, day and month names of 1-5 words
  (2-12 characters in Thai, Japanese and Chinese, which put no spaces between words), and
  emoji sequences from CLDR's annotations;
- paragraphs ("paragraph", 100-800 characters): such names joined with the locale's own
  standard list pattern (`<listPattern>` without a type: "A, B, and C"), and runs of emoji.

Every candidate string is checked against the cmap of the font that lays its script out (the
same file for TypeScale, the HarfBuzz + ICU floor and Pango); a string with a character the font
lacks is dropped and counted in fonts.tsv's `dropped` column, so that no engine falls back to
another font. Choices are deterministic: candidates are sorted, then sampled with a fixed seed.

  python3 Benchmarks/Scripts/make-corpus.py           # (re)write the two files
  python3 Benchmarks/Scripts/make-corpus.py --check   # exit 1 if the committed files differ

Only the standard library is used (the cmap reader below reads format 4 and 12 subtables).
"""

import argparse
import os
import random
import struct
import sys
import xml.etree.ElementTree as ElementTree

CLDR = "/usr/share/unicode/cldr/common"
NOTO = "/usr/share/fonts/truetype/noto"
NOTO_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
HERE = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCHMARKS)
EMBEDDED = os.path.join(ROOT, "Sources", "TypeScaleFonts", "Fonts")
OUTPUT = os.path.join(BENCHMARKS, "Corpus")

SEED = 21
UI_PER_SCRIPT = 24
PARAGRAPHS_PER_SCRIPT = 16

# script, CLDR locales (the texts are spread evenly over them), BCP 47 language per locale,
# font source (debian: a path; embedded: a file in Sources/TypeScaleFonts/Fonts), font file.
# Japanese and Chinese share the Pan-CJK collection's first face (Noto Sans CJK JP): the floor
# and fontconfig's family lookup open face 0 of a collection.
SCRIPTS = [
    ("latin", ["en", "de", "fr", "vi"], "debian", f"{NOTO}/NotoSans-Regular.ttf"),
    ("cyrillic", ["ru"], "debian", f"{NOTO}/NotoSans-Regular.ttf"),
    ("greek", ["el"], "debian", f"{NOTO}/NotoSans-Regular.ttf"),
    ("arabic", ["ar"], "debian", f"{NOTO}/NotoSansArabic-Regular.ttf"),
    ("hebrew", ["he"], "debian", f"{NOTO}/NotoSansHebrew-Regular.ttf"),
    ("devanagari", ["hi"], "debian", f"{NOTO}/NotoSansDevanagari-Regular.ttf"),
    ("bengali", ["bn"], "debian", f"{NOTO}/NotoSansBengali-Regular.ttf"),
    ("tamil", ["ta"], "debian", f"{NOTO}/NotoSansTamil-Regular.ttf"),
    ("thai", ["th"], "debian", f"{NOTO}/NotoSansThai-Regular.ttf"),
    ("hangul", ["ko"], "embedded", "NotoSansKR-Regular.otf"),
    ("japanese", ["ja"], "debian", NOTO_CJK),
    ("chinese", ["zh"], "debian", NOTO_CJK),
    ("emoji", ["en"], "debian", "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
]
# Scripts that do not separate words with spaces: UI strings are 2-12 characters long.
UNSPACED = {"thai", "japanese", "chinese"}


# MARK: - Fonts


def cmap(path):
    """The set of code points a font's (first face's) Unicode cmap subtables map."""
    with open(path, "rb") as file:
        data = file.read()
    offset = 0
    if data[:4] == b"ttcf":
        (offset,) = struct.unpack_from(">I", data, 12)
    (tables,) = struct.unpack_from(">H", data, offset + 4)
    directory = {}
    for index in range(tables):
        tag, _, table_offset, _ = struct.unpack_from(">4sIII", data, offset + 12 + 16 * index)
        directory[tag] = table_offset
    base = directory[b"cmap"]
    (count,) = struct.unpack_from(">H", data, base + 2)
    points = set()
    for index in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, base + 4 + 8 * index)
        if (platform, encoding) not in [(3, 1), (3, 10), (0, 3), (0, 4), (0, 6)]:
            continue
        start = base + sub
        (form,) = struct.unpack_from(">H", data, start)
        if form == 4:
            (segments,) = struct.unpack_from(">H", data, start + 6)
            segments //= 2
            ends = struct.unpack_from(f">{segments}H", data, start + 14)
            starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
            deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
            ranges_at = start + 16 + 6 * segments
            range_offsets = struct.unpack_from(f">{segments}H", data, ranges_at)
            for segment in range(segments):
                for point in range(starts[segment], ends[segment] + 1):
                    if point == 0xFFFF:
                        continue
                    if range_offsets[segment] == 0:
                        glyph = (point + deltas[segment]) & 0xFFFF
                    else:
                        at = (
                            ranges_at + 2 * segment + range_offsets[segment]
                            + 2 * (point - starts[segment])
                        )
                        (glyph,) = struct.unpack_from(">H", data, at)
                        if glyph:
                            glyph = (glyph + deltas[segment]) & 0xFFFF
                    if glyph:
                        points.add(point)
        elif form == 12:
            (groups,) = struct.unpack_from(">I", data, start + 12)
            for group in range(groups):
                first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * group)
                points.update(range(first + (1 if glyph == 0 else 0), last + 1))
    return points


def font_path(source, file):
    return os.path.join(EMBEDDED, file) if source == "embedded" else file


# MARK: - CLDR


def parse(path):
    return ElementTree.parse(path).getroot()


def texts_of(elements):
    return [element.text.strip() for element in elements if element is not None and element.text]


def names(locale):
    """Every UI-like name of a locale, by category, in document order."""
    root = parse(os.path.join(CLDR, "main", f"{locale}.xml"))
    display = root.find("localeDisplayNames")
    gregorian = root.find("dates/calendars/calendar[@type='gregorian']")
    long_units = root.find("units/unitLength[@type='long']")

    def calendar(path):
        return texts_of(gregorian.findall(path)) if gregorian is not None else []

    return {
        "languages": texts_of(display.findall("languages/language")),
        "territories": texts_of(display.findall("territories/territory")),
        "units": texts_of(long_units.findall("unit/displayName")) if long_units is not None else [],
        "days": calendar("days/dayContext[@type='format']/dayWidth[@type='wide']/day")
        + calendar("days/dayContext[@type='stand-alone']/dayWidth[@type='wide']/day"),
        "months": calendar("months/monthContext[@type='format']/monthWidth[@type='wide']/month")
        + calendar("months/monthContext[@type='stand-alone']/monthWidth[@type='wide']/month"),
    }


# The list patterns tried in turn: the first whose own characters (the comma, "and") the
# script's font covers is used. Only Hebrew needs the fallback: Noto Sans Hebrew has no comma
# (Noto leaves Latin punctuation to Noto Sans), so Hebrew lists use `unit-narrow`, "{0} {1}".
LIST_PATTERNS = [None, "standard-short", "unit", "unit-narrow"]


def list_pattern(locale, covered):
    """The locale's first list pattern (standard first) whose literals the font covers: its
    parts start, middle, end and 2."""
    for kind in LIST_PATTERNS:
        parts = {}
        for name in [locale, "root"]:
            path = os.path.join(CLDR, "main", f"{name}.xml")
            for pattern in parse(path).findall("listPatterns/listPattern"):
                if pattern.attrib.get("type") != kind:
                    continue
                for part in pattern.findall("listPatternPart"):
                    parts.setdefault(part.attrib["type"], part.text)
        if set(parts) != {"start", "middle", "end", "2"}:
            continue
        literals = "".join(parts.values()).replace("{0}", "").replace("{1}", "")
        if all(ord(character) in covered for character in literals):
            return kind or "standard", parts
    raise SystemExit(f"make-corpus: no list pattern of {locale} is covered by its font")


def join(items, pattern):
    """Items joined as CLDR's list formatting does."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return pattern["2"].replace("{0}", items[0]).replace("{1}", items[1])
    text = pattern["end"].replace("{0}", items[-2]).replace("{1}", items[-1])
    for item in reversed(items[1:-2]):
        text = pattern["middle"].replace("{0}", item).replace("{1}", text)
    return pattern["start"].replace("{0}", items[0]).replace("{1}", text)


def emoji_sequences():
    """Emoji from CLDR's annotations (single emoji and derived sequences: skin tones, ZWJ
    sequences, flags), in document order.

    CLDR's annotations leave U+FE0F out, so a sequence with a component that needs it to look
    like an emoji (U+2642 ♂, U+2764 ❤: below U+1F000) is skipped, as are symbols that are not
    pictographs (`{`, `§`, arrows)."""
    found = []
    for folder in ["annotations", "annotationsDerived"]:
        for annotation in parse(os.path.join(CLDR, folder, "en.xml")).findall(
            "annotations/annotation"
        ):
            sequence = annotation.attrib["cp"]
            if "type" in annotation.attrib:
                continue
            if any(ord(point) < 0x1F000 and point != "\u200d" for point in sequence):
                continue
            found.append(sequence)
    return list(dict.fromkeys(found))


def clean(text):
    return " ".join(text.replace("\t", " ").split())


# MARK: - The corpus


def is_ui(script, text):
    if script in UNSPACED:
        return 2 <= len(text) <= 12
    return 1 <= len(text.split(" ")) <= 5 and len(text) >= 2


def build():
    random.seed(SEED)
    rows = []
    fonts = []
    for script, locales, source, file in SCRIPTS:
        covered = cmap(font_path(source, file))
        rng = random.Random(f"{SEED}-{script}")
        candidates = 0
        dropped = 0
        patterns = []

        def fits(text):
            nonlocal candidates, dropped
            candidates += 1
            if all(ord(character) in covered for character in text):
                return True
            dropped += 1
            return False

        for position, locale in enumerate(locales):
            language = locale
            share_ui = UI_PER_SCRIPT // len(locales) + (
                1 if position < UI_PER_SCRIPT % len(locales) else 0
            )
            share_paragraphs = PARAGRAPHS_PER_SCRIPT // len(locales) + (
                1 if position < PARAGRAPHS_PER_SCRIPT % len(locales) else 0
            )
            if script == "emoji":
                pool = [sequence for sequence in emoji_sequences() if fits(sequence)]
                pool = sorted(set(pool))
                ui = []
                for _ in range(share_ui):
                    ui.append(" ".join(rng.sample(pool, rng.randint(1, 5))))
                paragraphs = []
                for _ in range(share_paragraphs):
                    target = rng.randint(100, 600)
                    left = list(pool)
                    rng.shuffle(left)
                    items = []
                    while len(" ".join(items)) < target:
                        items.append(left.pop())
                    paragraphs.append(" ".join(items))
            else:
                categories = {
                    category: sorted(set(clean(text) for text in texts if fits(clean(text))))
                    for category, texts in names(locale).items()
                }
                ui_pool = sorted(
                    set(
                        text
                        for texts in categories.values()
                        for text in texts
                        if is_ui(script, text)
                    )
                )
                ui = rng.sample(ui_pool, share_ui)
                pattern_name, pattern = list_pattern(locale, covered)
                patterns.append(f"{locale}:{pattern_name}")
                paragraphs = []
                choices = ["languages", "territories", "units", "languages", "territories"]
                attempts = 0
                while len(paragraphs) < share_paragraphs:
                    attempts += 1
                    if attempts > 1000:
                        raise SystemExit(f"make-corpus: too few paragraphs for {locale}")
                    category = rng.choice(choices)
                    target = rng.randint(100, 600)
                    names_left = list(categories[category])
                    rng.shuffle(names_left)
                    items = []
                    text = ""
                    while len(text) < target and names_left:
                        items.append(names_left.pop())
                        text = join(items, pattern)
                    if 100 <= len(text) <= 800 and fits(text):
                        paragraphs.append(text)
            for kind, texts in [("ui", ui), ("paragraph", paragraphs)]:
                for text in texts:
                    if "\t" in text or "\n" in text:
                        raise SystemExit(f"make-corpus: a tab or newline in {text!r}")
                    if not all(ord(character) in covered for character in text):
                        raise SystemExit(f"make-corpus: {file} does not cover {text!r}")
                    rows.append((script, language, kind, text))
        fonts.append(
            (script, ",".join(locales), source, file, candidates, dropped, ",".join(patterns))
        )
    lines = ["id\tscript\tlanguage\tkind\ttext"]
    counters = {}
    for script, language, kind, text in rows:
        key = (script, kind)
        counters[key] = counters.get(key, 0) + 1
        lines.append(f"{script}-{kind}-{counters[key]:02d}\t{script}\t{language}\t{kind}\t{text}")
    broad = "\n".join(lines) + "\n"
    font_lines = ["script\tlanguage\tsource\tfile\tcandidates\tdropped\tlist pattern"]
    font_lines += ["\t".join(str(field) for field in row) for row in fonts]
    return broad, "\n".join(font_lines) + "\n", fonts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the committed files differ"
    )
    arguments = parser.parse_args()
    if not os.path.isdir(os.path.join(CLDR, "main")):
        print(
            f"make-corpus: no CLDR data at {CLDR}; install Debian's unicode-cldr-core "
            "(make bench does)",
            file=sys.stderr,
        )
        sys.exit(2)
    broad, fonts, table = build()
    outputs = {"broad.tsv": broad, "fonts.tsv": fonts}
    if arguments.check:
        stale = []
        for name, content in outputs.items():
            path = os.path.join(OUTPUT, name)
            try:
                with open(path, encoding="utf-8") as file:
                    if file.read() != content:
                        stale.append(name)
            except FileNotFoundError:
                stale.append(name)
        if stale:
            print(
                f"make-corpus: {', '.join(stale)} differ from what the script makes; run "
                "python3 Benchmarks/Scripts/make-corpus.py",
                file=sys.stderr,
            )
            sys.exit(1)
        print("make-corpus: Benchmarks/Corpus is up to date", file=sys.stderr)
        return
    os.makedirs(OUTPUT, exist_ok=True)
    for name, content in outputs.items():
        path = os.path.join(OUTPUT, name)
        temporary = path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(content)
        os.replace(temporary, path)
    texts = broad.count("\n") - 1
    print(f"make-corpus: {texts} texts in {len(table)} scripts", file=sys.stderr)
    for script, _, _, _, candidates, dropped, _ in table:
        print(f"  {script}: {dropped} of {candidates} candidates dropped", file=sys.stderr)


if __name__ == "__main__":
    main()
