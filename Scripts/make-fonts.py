#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Make TypeScale's embedded default fonts and its test font fixtures.

Everything is cut from fonts that Debian packages install; nothing is
downloaded.  Needed on the machine (Debian 12 package names):

  fonts-noto-core   /usr/share/fonts/truetype/noto/NotoSans-{Regular,Bold,Italic,BoldItalic}.ttf
                    /usr/share/fonts/truetype/noto/NotoSans{Arabic,Hebrew,Devanagari,Thai}-Regular.ttf
  fonts-noto-extra  /usr/share/fonts/truetype/noto/NotoSans-{Thin,Light,Medium,SemiBold,Black,Condensed}.ttf
  fonts-noto-cjk    /usr/share/fonts/opentype/noto/NotoSansCJK-{Regular,Bold}.ttc
                    (faces "Noto Sans CJK KR" and "Noto Sans CJK JP", found by their
                    name tables)
  fonts-noto-color-emoji  /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf (CBDT bitmaps)

and the Python packages fonttools and brotli (`pip install fonttools brotli`).
The OFL text is taken from the same packages' /usr/share/doc/*/copyright.

It writes, and only writes:

  Sources/TypeScaleFonts/Fonts/
      NotoSans-Regular.ttf, NotoSans-Bold.ttf    Latin, Greek, Cyrillic subsets
      NotoSansKR-Regular.otf, NotoSansKR-Bold.otf  Hangul subsets (CFF outlines)
      OFL.txt, fonts.json                        licence and index
  Tests/Fixtures/Fonts/
      Fixture-*.ttf                              "TypeScale Fixture": static faces, Basic Latin
      Fixture-Collection.ttc                     Regular, Bold, Italic in one TrueType collection
      Fixture-Regular.woff, Fixture-Regular.woff2
      Fixture-Variable.ttf                       "TypeScale Variable": wght 100-900
      Fixture-Hangul.otf                         "TypeScale Fixture KR": a few hundred syllables
      Fixture-Sans.ttf                           "TypeScale Fixture Sans": Latin, Greek, Cyrillic
      Fixture-{Arabic,Hebrew,Devanagari,Thai}.ttf  one script each, all layout features
      Fixture-KR.otf, Fixture-CJK.otf            "TypeScale Fixture Korean" / "... CJK": the
                                                 characters of the layout corpus
      Fixture-Emoji.ttf                          "TypeScale Fixture Emoji": color bitmaps (CBDT)
      Fixture-UI-{CJK,Arabic,Hebrew,Devanagari,Thai}.{otf,ttf}, Fixture-UI-Emoji.ttf
                                                 "TypeScale UI <script>": the characters of
                                                 the UI strings in Goldens/ui-strings.cases
      broken-*.ttf, broken-zip.otf               inputs that are not fonts
      OFL.txt, index.json, README.md

Rerun from the repository root with:

  python3 Scripts/make-fonts.py

The script-specific fixtures (Fixture-Sans and after) exist for the layout
engine's tests and the reference recorders in Benchmarks/Recorders: every
string of Tests/Fixtures/Layout/strings.tsv must be covered by the cmap of the
font its row names. The script checks that at the end (default-ignorable
characters such as U+FE0F may be missing: shapers hide them) and fails,
listing the gaps, when a character is missing. The Korean, CJK and emoji
fixtures are cut to the characters of that corpus; those characters are
copied into this script (KOREAN_CORPUS, CJK_CORPUS, EMOJI_CORPUS) so that
editing the corpus can never silently change a fixture's bytes.

The UI fixtures (Fixture-UI-*) are the opposite: they exist for the
project's goldens, and their characters are read from Goldens/ui-strings.cases
on every run, so editing those strings and rerunning the script keeps the
fonts in sync; the script then checks that every character of every string is
mapped by its set's fonts or the embedded defaults (check_ui_coverage).

The output is deterministic: the same sources, fontTools and brotli give the
same bytes on every run (head.created/modified are pinned, zip entries are
dated 1980-01-01, pseudo-random bytes come from SHA-256 of a fixed seed).
It was last run with fontTools 4.68.0 and brotli 1.x on Debian 12.

The variable fixture: the static Noto Sans instances are not interpolation
compatible (their outlines were overlap-removed and hinted one by one), so
the masters at wght 100 and 900 are made from the Regular outlines by moving
every point along its corner bisector (the way FreeType's FT_Outline_Embolden
does).  All masters therefore share one point structure, and the default
(wght 400) has exactly the outlines and advances of Fixture-Regular.ttf.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import math
import os
import sys
import zipfile
from pathlib import Path

# Pinned so that fontTools, whatever it does internally, never stamps "now".
FIXED_TIMESTAMP_UNIX = 1704067200  # 2024-01-01T00:00:00Z
FIXED_TIMESTAMP_1904 = FIXED_TIMESTAMP_UNIX + 2082844800  # OpenType epoch
os.environ["SOURCE_DATE_EPOCH"] = str(FIXED_TIMESTAMP_UNIX)

try:
    from fontTools import merge, subset, varLib
    from fontTools import version as FONTTOOLS_VERSION
    from fontTools.designspaceLib import (
        AxisDescriptor,
        AxisLabelDescriptor,
        DesignSpaceDocument,
        InstanceDescriptor,
        SourceDescriptor,
    )
    from fontTools.misc.roundTools import otRound
    from fontTools.ttLib import TTCollection, TTFont
    from fontTools.ttLib.tables._g_l_y_f import GlyphCoordinates
    from fontTools.unicodedata import Blocks
    from fontTools.varLib.stat import buildVFStatTable
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("make-fonts: fontTools is missing; install it with: pip install fonttools brotli")

try:
    import brotli  # noqa: F401  (needed by fontTools for WOFF2)
except ImportError:  # pragma: no cover
    sys.exit("make-fonts: brotli is missing (needed for WOFF2); install it with: pip install brotli")


ROOT_DEFAULT = Path(__file__).resolve().parent.parent
NOTO = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")
DOC = Path("/usr/share/doc")

# Source file -> Debian package that installs it.
SOURCES = {
    NOTO / "NotoSans-Regular.ttf": "fonts-noto-core",
    NOTO / "NotoSans-Bold.ttf": "fonts-noto-core",
    NOTO / "NotoSans-Italic.ttf": "fonts-noto-core",
    NOTO / "NotoSans-BoldItalic.ttf": "fonts-noto-core",
    NOTO / "NotoSans-Thin.ttf": "fonts-noto-extra",
    NOTO / "NotoSans-Light.ttf": "fonts-noto-extra",
    NOTO / "NotoSans-Medium.ttf": "fonts-noto-extra",
    NOTO / "NotoSans-SemiBold.ttf": "fonts-noto-extra",
    NOTO / "NotoSans-Black.ttf": "fonts-noto-extra",
    NOTO / "NotoSans-Condensed.ttf": "fonts-noto-extra",
    NOTO_CJK / "NotoSansCJK-Regular.ttc": "fonts-noto-cjk",
    NOTO_CJK / "NotoSansCJK-Bold.ttc": "fonts-noto-cjk",
    NOTO / "NotoSansArabic-Regular.ttf": "fonts-noto-core",
    NOTO / "NotoSansHebrew-Regular.ttf": "fonts-noto-core",
    NOTO / "NotoSansDevanagari-Regular.ttf": "fonts-noto-core",
    NOTO / "NotoSansThai-Regular.ttf": "fonts-noto-core",
    NOTO / "NotoColorEmoji.ttf": "fonts-noto-color-emoji",
    DOC / "fonts-noto-core" / "copyright": "fonts-noto-core",
    DOC / "fonts-noto-extra" / "copyright": "fonts-noto-extra",
    DOC / "fonts-noto-cjk" / "copyright": "fonts-noto-cjk",
    DOC / "fonts-noto-color-emoji" / "copyright": "fonts-noto-color-emoji",
}

KR_FAMILY = "Noto Sans CJK KR"
JP_FAMILY = "Noto Sans CJK JP"

WIN = (3, 1, 0x409)  # Windows, Unicode BMP, English (US)


def span(first: int, last: int) -> list[int]:
    return list(range(first, last + 1))


# Embedded Noto Sans: Latin (incl. Vietnamese), Greek, Cyrillic and the
# punctuation, currency and letterlike symbols that go with them.
LATIN_GREEK_CYRILLIC = sorted(set(
    span(0x0020, 0x007E)    # Basic Latin
    + span(0x00A0, 0x00FF)  # Latin-1 Supplement
    + span(0x0100, 0x017F)  # Latin Extended-A
    + span(0x0180, 0x024F)  # Latin Extended-B
    + span(0x02B0, 0x02FF)  # Spacing Modifier Letters (cp1252's U+02C6, U+02DC)
    + span(0x0300, 0x036F)  # Combining Diacritical Marks
    + span(0x0370, 0x03FF)  # Greek and Coptic
    + span(0x0400, 0x04FF)  # Cyrillic
    + span(0x0500, 0x052F)  # Cyrillic Supplement
    + span(0x1E00, 0x1EFF)  # Latin Extended Additional (Vietnamese)
    + span(0x1F00, 0x1FFF)  # Greek Extended
    + span(0x2000, 0x206F)  # General Punctuation (incl. U+2026)
    + span(0x20A0, 0x20CF)  # Currency Symbols
    + span(0x2100, 0x214F)  # Letterlike Symbols
    + [0x25CC, 0xFFFD]      # dotted circle, replacement character
))

# Embedded Noto Sans CJK KR: Hangul and the CJK punctuation around it.
HANGUL = sorted(set(
    span(0x0020, 0x007E)    # Basic Latin (digits, punctuation)
    + span(0x1100, 0x11FF)  # Hangul Jamo
    + span(0x3000, 0x303F)  # CJK Symbols and Punctuation
    + span(0x3130, 0x318F)  # Hangul Compatibility Jamo
    + span(0xA960, 0xA97F)  # Hangul Jamo Extended-A
    + span(0xAC00, 0xD7A3)  # Hangul Syllables
    + span(0xD7B0, 0xD7FF)  # Hangul Jamo Extended-B
    + span(0xFF00, 0xFFEF)  # Halfwidth and Fullwidth Forms
))

BASIC_LATIN = span(0x0020, 0x007E)

# Fixture-Hangul: every syllable without a final consonant (19 x 21 = 399)
# plus every syllable of these phrases, plus Basic Latin.
HANGUL_PHRASES = "안녕하세요 여러분 반갑습니다 한국어 텍스트 줄바꿈"
HANGUL_FIXTURE = sorted(set(
    BASIC_LATIN
    + [0xAC00 + (lead * 21 + vowel) * 28 for lead in range(19) for vowel in range(21)]
    + [ord(c) for c in HANGUL_PHRASES if not c.isspace()]
))


# --------------------------------------------------------------------------
# Small helpers


def fail(message: str) -> None:
    sys.exit(f"make-fonts: {message}")


def check_sources() -> None:
    missing: dict[str, list[Path]] = {}
    for path, package in SOURCES.items():
        if not path.is_file():
            missing.setdefault(package, []).append(path)
    if missing:
        lines = []
        for package, paths in sorted(missing.items()):
            for path in paths:
                lines.append(f"  {path} (Debian package {package})")
        packages = " ".join(sorted(missing))
        fail("source files are missing:\n" + "\n".join(lines)
             + f"\ninstall them with: apt-get install -y {packages}")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pin_timestamps(font: TTFont) -> None:
    font.recalcTimestamp = False
    head = font["head"]
    head.created = FIXED_TIMESTAMP_1904
    head.modified = FIXED_TIMESTAMP_1904


def font_bytes(font: TTFont, flavor: str | None = None) -> bytes:
    """Compile a font (pinned timestamps) and return its bytes."""
    pin_timestamps(font)
    font.flavor = flavor
    buffer = io.BytesIO()
    font.save(buffer, reorderTables=True)
    font.flavor = None
    return buffer.getvalue()


def reload(data: bytes) -> TTFont:
    return TTFont(io.BytesIO(data), recalcTimestamp=False, recalcBBoxes=True)


def write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return
    path.write_bytes(data)


def write_text(path: Path, text: str) -> None:
    write(path, text.encode("utf-8"))


def write_json(path: Path, value: object) -> None:
    write_text(path, json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def name(font: TTFont, name_id: int) -> str | None:
    record = font["name"].getName(name_id, *WIN)
    return None if record is None else str(record)


def load_kr_face(path: Path, family: str = KR_FAMILY) -> TTFont:
    """The face of a Noto CJK collection whose family (name ID 1) is `family`."""
    collection = TTCollection(str(path), lazy=True)
    numbers = [i for i, face in enumerate(collection.fonts) if name(face, 1) == family]
    if len(numbers) != 1:
        fail(f'{path}: expected one face named "{family}", found {len(numbers)}')
    return TTFont(str(path), fontNumber=numbers[0], recalcTimestamp=False)


def subset_font(font: TTFont, unicodes: list[int], *, all_features: bool) -> None:
    options = subset.Options()
    options.layout_features = ["*"] if all_features else options.layout_features
    options.hinting = False
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.glyph_names = False
    options.notdef_glyph = True
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.desubroutinize = False  # measured: subroutinized CFF is ~20 % smaller
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)


def sync_cff_names(font: TTFont, notice: str | None = None) -> None:
    """Make the CFF table's names agree with the name table.

    The CFF table of a Noto CJK collection is shared by all its faces and
    names the JP face; the KR face we cut out should name itself.
    """
    if "CFF " not in font:
        return
    cff = font["CFF "].cff
    ps_name = name(font, 6)
    old_ps = cff.fontNames[0]
    cff.fontNames = [ps_name]
    top = cff.topDictIndex[0]
    top.FullName = name(font, 4)
    top.FamilyName = name(font, 16) or name(font, 1)
    if notice is not None:
        top.Notice = notice
    if hasattr(top, "FDArray"):
        for fd in top.FDArray:
            if getattr(fd, "FontName", "").startswith(old_ps):
                fd.FontName = ps_name + fd.FontName[len(old_ps):]


def rename(font: TTFont, *, family: str, style: str, typo_family: str | None,
           typo_style: str | None, full: str, ps_name: str, description: str) -> None:
    """Give a subset its own names (Windows English records only)."""
    table = font["name"]
    # Drop everything that names the original font, in every platform and language.
    table.names = [r for r in table.names
                   if r.nameID not in (1, 2, 3, 4, 6, 7, 10, 16, 17, 18, 21, 22, 25)]
    table.names = [r for r in table.names if r.platformID == 3]
    version = (name(font, 5) or "Version 1.000").split(";")[0].strip()
    table.setName(version, 5, *WIN)
    revision = version.removeprefix("Version ").strip()
    values = {1: family, 2: style, 3: f"{revision};TSFX;{ps_name}", 4: full, 6: ps_name,
              10: description}
    if typo_family is not None:
        values[16] = typo_family
        values[17] = typo_style
    for name_id, value in values.items():
        table.setName(value, name_id, *WIN)
    table.names.sort(key=lambda r: (r.platformID, r.platEncID, r.langID, r.nameID))


def check_style_bits(font: TTFont, *, bold: bool, italic: bool, label: str) -> None:
    os2 = font["OS/2"]
    fs = os2.fsSelection
    mac = font["head"].macStyle
    expected_regular = not bold and not italic
    problems = []
    if bool(fs & 0x01) != italic:
        problems.append("fsSelection ITALIC")
    if bool(fs & 0x20) != bold:
        problems.append("fsSelection BOLD")
    if bool(fs & 0x40) != expected_regular:
        problems.append("fsSelection REGULAR")
    if bool(mac & 0x01) != bold or bool(mac & 0x02) != italic:
        problems.append("head.macStyle")
    if problems:
        fail(f"{label}: style bits disagree with the names: {', '.join(problems)}")


def unicode_blocks(font: TTFont) -> list[dict]:
    cmap = font.getBestCmap()
    counts: dict[int, int] = {}
    import bisect
    for cp in cmap:
        i = bisect.bisect_right(Blocks.RANGES, cp) - 1
        counts[i] = counts.get(i, 0) + 1
    blocks = []
    for i in sorted(counts):
        first = Blocks.RANGES[i]
        last = (Blocks.RANGES[i + 1] - 1) if i + 1 < len(Blocks.RANGES) else 0x10FFFF
        blocks.append({
            "name": Blocks.VALUES[i],
            "range": f"U+{first:04X}..U+{last:04X}",
            "codepoints": counts[i],
        })
    return blocks


def face_facts(font: TTFont) -> dict:
    os2 = font["OS/2"]
    facts = {
        "postscriptName": name(font, 6),
        "family": name(font, 16) or name(font, 1),
        "style": name(font, 17) or name(font, 2),
        "weight": os2.usWeightClass,
        "width": os2.usWidthClass,
        "italic": bool(os2.fsSelection & 0x01),
    }
    return facts


# --------------------------------------------------------------------------
# Licence


def ofl_text(copyright_file: Path, license_key: str) -> str:
    """The standalone 'License: <key>' paragraph of a Debian copyright file."""
    lines = copyright_file.read_text(encoding="utf-8").splitlines()
    for start, line in enumerate(lines):
        # " ".join(split()): fonts-noto-color-emoji writes "License:   SIL-1.1".
        if " ".join(line.split()) == f"License: {license_key}" and start + 1 < len(lines) \
                and lines[start + 1].startswith(" "):
            body = []
            for raw in lines[start + 1:]:
                if not raw.startswith(" "):
                    break
                text = raw[1:]
                body.append("" if text.strip() == "." else text.rstrip())
            return "\n".join(body).strip("\n") + "\n"
    fail(f"{copyright_file}: no 'License: {license_key}' paragraph")
    raise AssertionError  # unreachable


def words(text: str) -> list[str]:
    return text.split()


def load_ofl() -> str:
    """SIL OFL 1.1 from fonts-noto-cjk (the canonical layout), cross-checked
    character for character (whitespace aside) against fonts-noto-core's,
    fonts-noto-extra's and fonts-noto-color-emoji's copy."""
    canonical = ofl_text(DOC / "fonts-noto-cjk" / "copyright", "SIL-1.1")
    if "SIL OPEN FONT LICENSE Version 1.1" not in canonical:
        fail("fonts-noto-cjk copyright: the SIL-1.1 paragraph is not the OFL 1.1")
    # Compared without any whitespace: fonts-noto-color-emoji's copy has
    # "adding to,deleting," where the others have "adding to, deleting,".
    body = "".join(words(canonical[canonical.index("PREAMBLE"):]))
    for package, key in (("fonts-noto-core", "OFL-1.1"), ("fonts-noto-extra", "OFL-1.1"),
                         ("fonts-noto-color-emoji", "SIL-1.1")):
        other = ofl_text(DOC / package / "copyright", key)
        other_body = "".join(words(other[other.index("PREAMBLE"):]))
        if other_body != body:
            fail(f"{package} copyright: its OFL-1.1 text differs from fonts-noto-cjk's")
    for package in ("fonts-noto-core", "fonts-noto-extra", "fonts-noto-cjk",
                    "fonts-noto-color-emoji"):
        text = (DOC / package / "copyright").read_text(encoding="utf-8")
        # The licence itself defines the term; a declaration would follow a
        # Copyright line, e.g. 'with Reserved Font Name "X"'.
        if "with Reserved Font Name" in text or "Reserved Font Name \"" in text:
            fail(f"{package} copyright declares a Reserved Font Name; review the renaming")
    return canonical


def check_no_reserved_font_name(font: TTFont, label: str) -> None:
    for name_id in (0, 13):
        value = name(font, name_id) or ""
        if "reserved font name" in value.lower():
            fail(f"{label}: name ID {name_id} declares a Reserved Font Name: {value!r}")


# --------------------------------------------------------------------------
# Embedded default fonts


def make_embedded(out: Path) -> tuple[list[dict], list[tuple[str, str, str]]]:
    entries = []
    credits = []  # (files, source, copyright)
    jobs = [
        ("NotoSans-Regular.ttf", NOTO / "NotoSans-Regular.ttf", None, LATIN_GREEK_CYRILLIC),
        ("NotoSans-Bold.ttf", NOTO / "NotoSans-Bold.ttf", None, LATIN_GREEK_CYRILLIC),
        ("NotoSansKR-Regular.otf", NOTO_CJK / "NotoSansCJK-Regular.ttc", "kr", HANGUL),
        ("NotoSansKR-Bold.otf", NOTO_CJK / "NotoSansCJK-Bold.ttc", "kr", HANGUL),
    ]
    for file_name, source, face, unicodes in jobs:
        if face == "kr":
            font = load_kr_face(source)
        else:
            font = TTFont(str(source), recalcTimestamp=False)
        check_no_reserved_font_name(font, str(source))
        subset_font(font, unicodes, all_features=True)
        sync_cff_names(font)
        data = font_bytes(font)
        write(out / file_name, data)
        final = reload(data)
        facts = face_facts(final)
        entries.append({
            "file": file_name,
            "postscriptNames": [facts["postscriptName"]],
            "family": facts["family"],
            "style": facts["style"],
            "weight": facts["weight"],
            "sha256": sha256(data),
            "size": len(data),
            "glyphs": len(final.getGlyphOrder()),
            "unicodeBlocks": unicode_blocks(final),
        })
        source_label = source.name + (f' (fonts-noto-cjk, face "{KR_FAMILY}")' if face == "kr"
                                      else " (fonts-noto-core)")
        credits.append((file_name, source_label, name(final, 0) or ""))
        print(f"  {file_name:28} {len(data):>9,} bytes  {len(final.getGlyphOrder())} glyphs")
    return entries, credits


# --------------------------------------------------------------------------
# Fixtures


# file stem, source, PS style, (RIBBI family suffix, RIBBI style), typo style, bold, italic
STATIC_FIXTURES = [
    ("Thin", "NotoSans-Thin.ttf", "Thin", ("Thin", "Regular"), "Thin", False, False),
    ("Light", "NotoSans-Light.ttf", "Light", ("Light", "Regular"), "Light", False, False),
    ("Regular", "NotoSans-Regular.ttf", "Regular", ("", "Regular"), None, False, False),
    ("Medium", "NotoSans-Medium.ttf", "Medium", ("Medium", "Regular"), "Medium", False, False),
    ("SemiBold", "NotoSans-SemiBold.ttf", "SemiBold", ("SemiBold", "Regular"), "SemiBold", False, False),
    ("Bold", "NotoSans-Bold.ttf", "Bold", ("", "Bold"), None, True, False),
    ("Black", "NotoSans-Black.ttf", "Black", ("Black", "Regular"), "Black", False, False),
    ("Italic", "NotoSans-Italic.ttf", "Italic", ("", "Italic"), None, False, True),
    ("BoldItalic", "NotoSans-BoldItalic.ttf", "BoldItalic", ("", "Bold Italic"), None, True, True),
    ("CondensedRegular", "NotoSans-Condensed.ttf", "CondensedRegular",
     ("Condensed", "Regular"), "Condensed Regular", False, False),
]
FIXTURE_FAMILY = "TypeScale Fixture"
FIXTURE_PS = "TypeScaleFixture"


def make_static_fixture(stem: str, source: str, ps_style: str, ribbi: tuple[str, str],
                        typo_style: str | None, bold: bool, italic: bool) -> TTFont:
    font = TTFont(str(NOTO / source), recalcTimestamp=False)
    check_no_reserved_font_name(font, source)
    subset_font(font, BASIC_LATIN, all_features=False)
    suffix, style = ribbi
    family = f"{FIXTURE_FAMILY} {suffix}".strip()
    full = f"{family} {style}" if style != "Regular" or not suffix else family
    if typo_style is not None:
        full = f"{FIXTURE_FAMILY} {typo_style}"
    rename(font, family=family, style=style,
           typo_family=FIXTURE_FAMILY if typo_style is not None else None,
           typo_style=typo_style, full=full, ps_name=f"{FIXTURE_PS}-{ps_style}",
           description=f"TypeScale test fixture: Basic Latin subset of {source} "
                       "(Noto Sans, renamed), made by Scripts/make-fonts.py.")
    check_style_bits(font, bold=bold, italic=italic, label=f"Fixture-{stem}")
    return font


def embolden(font: TTFont, sx: float, sy: float) -> None:
    """Move every outline point along its corner bisector by (sx, sy) font
    units outwards (negative: inwards), keeping the point structure, as
    FreeType's FT_Outline_EmboldenXY does; widen advances by 2*sx."""
    glyf = font["glyf"]
    hmtx = font["hmtx"]
    order = font.getGlyphOrder()

    def shift_for(prev, cur, nxt, strength_x, strength_y):
        ix, iy = cur[0] - prev[0], cur[1] - prev[1]
        ox, oy = nxt[0] - cur[0], nxt[1] - cur[1]
        l_in, l_out = math.hypot(ix, iy), math.hypot(ox, oy)
        if l_in == 0 or l_out == 0:
            return 0.0, 0.0
        ix, iy, ox, oy = ix / l_in, iy / l_in, ox / l_out, oy / l_out
        dot = ix * ox + iy * oy
        if dot < -0.94:  # turns sharper than ~160 degrees: leave alone
            return 0.0, 0.0
        # TrueType contours keep the ink on the right: outward is the left normal.
        bx, by = -(iy + oy), (ix + ox)
        q = abs(ox * iy - oy * ix)
        limit = min(l_in, l_out)
        result = []
        for b, strength in ((bx, strength_x), (by, strength_y)):
            if abs(strength) * q <= limit * (1 + dot):
                result.append(b * strength / (1 + dot))
            else:
                result.append(b * math.copysign(limit, strength) / q)
        return result[0], result[1]

    composites = []
    for glyph_name in order:
        glyph = glyf[glyph_name]
        advance, lsb = hmtx[glyph_name]
        if glyph.isComposite():
            composites.append(glyph_name)
            continue
        if glyph.numberOfContours <= 0:
            continue
        coords = list(glyph.coordinates)
        moved = []
        start = 0
        for end in glyph.endPtsOfContours:
            contour = coords[start:end + 1]
            n = len(contour)
            for i, cur in enumerate(contour):
                # nearest distinct neighbours
                j = 1
                while j < n and contour[(i - j) % n] == cur:
                    j += 1
                prev = contour[(i - j) % n]
                k = 1
                while k < n and contour[(i + k) % n] == cur:
                    k += 1
                nxt = contour[(i + k) % n]
                dx, dy = shift_for(prev, cur, nxt, sx, sy)
                moved.append((otRound(cur[0] + dx + sx), otRound(cur[1] + dy)))
            start = end + 1
        glyph.coordinates = GlyphCoordinates(moved)
        glyph.recalcBounds(glyf)
        hmtx[glyph_name] = (otRound(advance + 2 * sx), glyph.xMin)
    for glyph_name in composites:
        glyph = glyf[glyph_name]
        advance, _ = hmtx[glyph_name]
        glyph.recalcBounds(glyf)
        hmtx[glyph_name] = (otRound(advance + 2 * sx), glyph.xMin)


VARIABLE_FAMILY = "TypeScale Variable"
VARIABLE_PS = "TypeScaleVariable"
# (style, wght, PostScript name or None for "no postscriptNameID")
VARIABLE_INSTANCES = [
    ("Thin", 100, f"{VARIABLE_PS}-Thin"),
    ("Light", 300, f"{VARIABLE_PS}-Light"),
    ("Regular", 400, f"{VARIABLE_PS}-Regular"),
    ("Medium", 500, None),  # deliberately without postscriptNameID (0xFFFF)
    ("SemiBold", 600, f"{VARIABLE_PS}-SemiBold"),
    ("Bold", 700, f"{VARIABLE_PS}-Bold"),
    ("Black", 900, f"{VARIABLE_PS}-Black"),
]
# master wght -> (x, y) emboldening of the Regular outlines in font units
VARIABLE_MASTERS = [(100, (-24, -12)), (400, (0, 0)), (900, (44, 22))]


def make_variable_fixture() -> TTFont:
    regular = TTFont(str(NOTO / "NotoSans-Regular.ttf"), recalcTimestamp=False)
    subset_font(regular, BASIC_LATIN, all_features=False)
    rename(regular, family=VARIABLE_FAMILY, style="Regular", typo_family=None, typo_style=None,
           full=f"{VARIABLE_FAMILY} Regular", ps_name=f"{VARIABLE_PS}-Regular",
           description="TypeScale test fixture: variable font (wght 100-900) made from a "
                       "Basic Latin subset of NotoSans-Regular.ttf by Scripts/make-fonts.py.")
    base = font_bytes(regular)

    doc = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.tag, axis.name = "wght", "Weight"
    axis.minimum, axis.default, axis.maximum = 100, 400, 900
    axis.axisLabels = [
        AxisLabelDescriptor(name=style, userValue=wght, elidable=(wght == 400))
        for style, wght, _ in VARIABLE_INSTANCES
    ]
    doc.addAxis(axis)
    for wght, (sx, sy) in VARIABLE_MASTERS:
        master = reload(base)
        if (sx, sy) != (0, 0):
            embolden(master, sx, sy)
        master["OS/2"].usWeightClass = wght
        source = SourceDescriptor()
        source.name = f"master-wght{wght}"
        source.font = master
        source.location = {"Weight": wght}
        doc.addSource(source)
    for style, wght, ps_name in VARIABLE_INSTANCES:
        instance = InstanceDescriptor(
            familyName=VARIABLE_FAMILY, styleName=style,
            postScriptFontName=ps_name, location={"Weight": wght},
        )
        doc.addInstance(instance)
    font, _, _ = varLib.build(doc, optimize=True)
    # varLib.build leaves STAT without axis values; fill them from the labels.
    buildVFStatTable(font, doc, doc.getVariableFonts()[0].name)
    if "gvar" not in font or "fvar" not in font:
        fail("Fixture-Variable: varLib produced no gvar/fvar")
    return font


def make_hangul_fixture() -> TTFont:
    font = load_kr_face(NOTO_CJK / "NotoSansCJK-Regular.ttc")
    check_no_reserved_font_name(font, "NotoSansCJK-Regular.ttc")
    # fontTools' default feature list (it has ljmo/vjmo/tjmo, vert, kern...);
    # '*' would also keep aalt/fwid/hwid/ruby alternates and add ~30 KB.
    subset_font(font, HANGUL_FIXTURE, all_features=False)
    family = "TypeScale Fixture KR"
    rename(font, family=family, style="Regular", typo_family=None, typo_style=None,
           full=f"{family} Regular", ps_name="TypeScaleFixtureKR-Regular",
           description="TypeScale test fixture: a few hundred Hangul syllables and Basic Latin "
                       f'cut from the "{KR_FAMILY}" face of NotoSansCJK-Regular.ttc, renamed, '
                       "made by Scripts/make-fonts.py.")
    sync_cff_names(font, notice=name(font, 0))
    check_style_bits(font, bold=False, italic=False, label="Fixture-Hangul")
    return font


# --------------------------------------------------------------------------
# Script fixtures for the layout engine (and Benchmarks/Recorders)
#
# Each is one regular face with its own family, subset with every OpenType
# layout feature ('*': GSUB, GPOS and GDEF closure keeps the contextual forms,
# ligatures and mark glyphs that shaping reaches), unhinted, renamed.

# The characters of Tests/Fixtures/Layout/strings.tsv that the Korean, CJK and
# emoji fixtures are cut to (copied from the corpus; see the module docstring).
KOREAN_CORPUS = (
    "안녕하세요 여러분, 반갑습니다 설정 변경 사항을 저장할까요? "
    "큰 글자는 읽기가 더 쉽습니다. 앱은 사용자가 선택한 글자 크기에 맞게 레이아웃을 자동으로 "
    "조정합니다. 출시하기 전에 가장 큰 크기로 모든 화면을 확인하세요. "
    "한국어는 단어 사이를 띄어 쓰지만, 줄바꿈은 글자 단위로도 할 수 있습니다."
)
CJK_CORPUS = (
    "設定 変更を保存しますか？ ダウンロードが完了しました "
    "大きな文字は読みやすくなります。アプリは選択した文字サイズに合わせてレイアウトを自動的に"
    "調整します。公開する前に、すべての画面を最大のサイズで確認してください。"
    "日本語の文章では、単語の間に空白を入れません。そのため、行は文字と文字の間で折り返されます。"
    "ただし、句読点は行頭に置かないのが一般的です。"
    "设置 保存更改吗？ 较大的文字更容易阅读。应用会根据你选择的字号自动调整布局。"
    "发布之前，请用最大的字号检查每一个界面。"
)
EMOJI_CORPUS = [
    "\U0001F44D",                                            # thumbs up
    "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466",  # family: man, woman, girl, boy (ZWJ)
    "\U0001F44B\U0001F3FD",                                  # waving hand, medium skin tone
    "\U0001F1EF\U0001F1F5",                                  # flag: Japan (regional indicators J P)
    "\U0001F469\u200D\U0001F4BB",                            # woman technologist (ZWJ)
    "\U0001F3F3\uFE0F\u200D\U0001F308",                      # rainbow flag (VS16 + ZWJ)
    "\u2600\uFE0F",                                          # sun with VS16
    "\U0001F389", "\U0001F382", "\U0001F381", "\U0001F600", "\U0001F602", "\U0001F680",
    "\U0001F30D", "\u2728", "\U0001F525", "\U0001F308", "\u2615", "\U0001F355", "\u26BD",
]

ASCII_NON_LETTERS = [c for c in BASIC_LATIN if not chr(c).isalpha()]  # space, digits, punctuation
DOTTED_CIRCLE = 0x25CC  # shapers insert it before a mark that has no base

SANS_FIXTURE = sorted(set(
    BASIC_LATIN
    + span(0x00A0, 0x00FF)  # Latin-1 Supplement
    + span(0x0100, 0x017F)  # Latin Extended-A
    + span(0x0300, 0x036F)  # Combining Diacritical Marks (decomposed text)
    + span(0x0370, 0x03FF)  # Greek and Coptic
    + span(0x0400, 0x04FF)  # Cyrillic
    + span(0x2000, 0x206F)  # General Punctuation („“ – — … and the invisible controls)
    + span(0x20A0, 0x20CF)  # Currency Symbols
    + [DOTTED_CIRCLE, 0xFFFD]
))
ARABIC_FIXTURE = sorted(set(
    BASIC_LATIN             # the source has only space ! , - . 0-9 : of these
    + [0x00A0]
    + span(0x0600, 0x06FF)  # Arabic
    + span(0x200B, 0x200F)  # ZWSP, ZWNJ, ZWJ, LRM, RLM
    + [DOTTED_CIRCLE]
))
HEBREW_FIXTURE = sorted(set(
    [0x0020, 0x002D, 0x00A0]
    + span(0x0590, 0x05FF)  # Hebrew
    + span(0xFB1D, 0xFB4F)  # Alphabetic Presentation Forms (Hebrew)
    + span(0x200C, 0x200F) + [0x20AA, DOTTED_CIRCLE]
))
DEVANAGARI_FIXTURE = sorted(set(
    BASIC_LATIN             # the source has digits and punctuation, no letters
    + [0x00A0]
    + span(0x0900, 0x097F)  # Devanagari, all of it
    + span(0x200B, 0x200D)
    + span(0x2010, 0x2027)  # dashes, quotes, ellipsis (those the source has)
    + [0x20B9, DOTTED_CIRCLE]
))
THAI_FIXTURE = sorted(set(
    [0x0020, 0x002D, 0x00A0]
    + span(0x0E00, 0x0E7F)  # Thai
    + span(0x200B, 0x200D) + [DOTTED_CIRCLE]
))
KOREAN_FIXTURE = sorted(set(
    BASIC_LATIN
    + span(0x3000, 0x303F)  # CJK Symbols and Punctuation
    + [ord(c) for c in KOREAN_CORPUS if not c.isspace()]
))
CJK_FIXTURE = sorted(set(
    BASIC_LATIN
    + span(0x3000, 0x303F)  # CJK Symbols and Punctuation
    + span(0x3040, 0x309F)  # Hiragana
    + span(0x30A0, 0x30FF)  # Katakana
    + span(0xFF00, 0xFFEF)  # Halfwidth and Fullwidth Forms
    + [ord(c) for c in CJK_CORPUS if not c.isspace()]
))
EMOJI_FIXTURE = sorted({0x0020} | {ord(c) for sequence in EMOJI_CORPUS for c in sequence})


def layout_features(font: TTFont) -> dict[str, list[str]]:
    result = {}
    for tag in ("GSUB", "GPOS"):
        if tag in font and font[tag].table.FeatureList is not None:
            result[tag] = sorted({r.FeatureTag for r in font[tag].table.FeatureList.FeatureRecord})
    return result


def subset_available(font: TTFont, unicodes: list[int]) -> None:
    """subset_font with every layout feature, asking only for what the font maps
    (the others would only make fontTools warn).  Variation selectors count as
    mapped when a cmap format 14 subtable names them: Noto Color Emoji maps
    U+FE0F only there, and without it the subset would lose its variation
    sequences (HarfBuzz would then keep U+FE0F as a separate hidden glyph)."""
    mapped = set(font.getBestCmap())
    for table in font["cmap"].tables:
        if table.format == 14:
            mapped.update(table.uvsDict)
    subset_font(font, [u for u in unicodes if u in mapped], all_features=True)


def merge_ascii_punctuation(font: TTFont, label: str) -> TTFont:
    """Noto Sans Hebrew and Noto Sans Thai map no digits and no punctuation but
    '-'; real text needs them.  Add Noto Sans Regular's (ASCII digits and
    punctuation, with their layout tables) with fontTools' merger.  The script's
    own glyphs, cmap entries and lookups come first and are unchanged; hhea and
    OS/2 vertical metrics become the larger of the two fonts'."""
    latin = TTFont(str(NOTO / "NotoSans-Regular.ttf"), recalcTimestamp=False)
    subset_font(latin, ASCII_NON_LETTERS, all_features=False)
    merger = merge.Merger(options=merge.Options(drop_tables=["DSIG"]))
    merged = merger.merge([io.BytesIO(font_bytes(font)), io.BytesIO(font_bytes(latin))])
    missing = [c for c in ASCII_NON_LETTERS if c not in merged.getBestCmap()]
    if missing:
        fail(f"{label}: the merge lost {', '.join(f'U+{c:04X}' for c in missing)}")
    return reload(font_bytes(merged))


# file, family suffix, source (file name or CJK face), unicodes, merge ASCII punctuation, purpose
SCRIPT_FIXTURES = [
    ("Fixture-Sans.ttf", "Sans", "NotoSans-Regular.ttf", SANS_FIXTURE, False,
     "Latin-1, Latin Extended-A, combining marks, Greek, Cyrillic, general punctuation; "
     "all layout features"),
    ("Fixture-Arabic.ttf", "Arabic", "NotoSansArabic-Regular.ttf", ARABIC_FIXTURE, False,
     "Arabic block U+0600-06FF with the contextual forms and ligatures GSUB reaches, "
     "the source's digits and punctuation; all layout features"),
    ("Fixture-Hebrew.ttf", "Hebrew", "NotoSansHebrew-Regular.ttf", HEBREW_FIXTURE, True,
     "Hebrew U+0590-05FF and FB1D-FB4F, plus ASCII digits and punctuation merged from "
     "Noto Sans; all layout features"),
    ("Fixture-Devanagari.ttf", "Devanagari", "NotoSansDevanagari-Regular.ttf",
     DEVANAGARI_FIXTURE, False,
     "Devanagari U+0900-097F with every conjunct GSUB reaches, the source's digits and "
     "punctuation; all layout features"),
    ("Fixture-Thai.ttf", "Thai", "NotoSansThai-Regular.ttf", THAI_FIXTURE, True,
     "Thai U+0E00-0E7F, plus ASCII digits and punctuation merged from Noto Sans; "
     "all layout features"),
    ("Fixture-KR.otf", "Korean", KR_FAMILY, KOREAN_FIXTURE, False,
     "Korean: the syllables of the layout corpus, CJK punctuation, Basic Latin; "
     "all layout features"),
    ("Fixture-CJK.otf", "CJK", JP_FAMILY, CJK_FIXTURE, False,
     "Japanese/Chinese: the ideographs of the layout corpus, Hiragana, Katakana, CJK and "
     "fullwidth punctuation, Basic Latin; all layout features (incl. locl, vert)"),
    ("Fixture-Emoji.ttf", "Emoji", "NotoColorEmoji.ttf", EMOJI_FIXTURE, False,
     "color emoji (CBDT/CBLC, one 109 ppem strike): the emoji of the layout corpus with the "
     "ZWJ, skin-tone and flag ligatures GSUB reaches"),
]


def make_script_fixture(file_name: str, suffix: str, source: str, unicodes: list[int],
                        merge_latin: bool) -> tuple[TTFont, str]:
    """One script fixture and the label of its source."""
    if source in (KR_FAMILY, JP_FAMILY):
        path = NOTO_CJK / "NotoSansCJK-Regular.ttc"
        font = load_kr_face(path, source)
        label = f'NotoSansCJK-Regular.ttc face "{source}" (fonts-noto-cjk)'
    else:
        path = NOTO / source
        font = TTFont(str(path), recalcTimestamp=False)
        label = f"{source} ({SOURCES[path]})"
    check_no_reserved_font_name(font, str(path))
    subset_available(font, unicodes)
    if merge_latin:
        font = merge_ascii_punctuation(font, file_name)
        label += "; ASCII digits and punctuation from NotoSans-Regular.ttf (fonts-noto-core)"
    family = f"{FIXTURE_FAMILY} {suffix}"
    ps_name = f"{FIXTURE_PS}{suffix}-Regular"
    rename(font, family=family, style="Regular", typo_family=None, typo_style=None,
           full=f"{family} Regular", ps_name=ps_name,
           description=f"TypeScale test fixture: {suffix} subset of {label.split(' (')[0]} "
                       "(Noto, renamed), made by Scripts/make-fonts.py.")
    sync_cff_names(font, notice=name(font, 0))
    check_style_bits(font, bold=False, italic=False, label=file_name)
    if path.name == "NotoColorEmoji.ttf":
        for table in ("CBDT", "CBLC", "GSUB"):
            if table not in font:
                fail(f"{file_name}: the subset lost its {table} table")
    return font, label


# Default_Ignorable_Code_Point (DerivedCoreProperties.txt): a font need not map
# these; shapers hide them.
DEFAULT_IGNORABLE = (
    [(0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
     (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
     (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
     (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
     (0xE0000, 0xE0FFF)]
)


def is_default_ignorable(cp: int) -> bool:
    return any(first <= cp <= last for first, last in DEFAULT_IGNORABLE)


def check_corpus_coverage(root: Path) -> None:
    """Every character of Tests/Fixtures/Layout/strings.tsv is mapped by the
    cmap of the fixture its row names (default ignorables excepted)."""
    corpus = root / "Tests" / "Fixtures" / "Layout" / "strings.tsv"
    fonts_dir = root / "Tests" / "Fixtures" / "Fonts"
    if not corpus.is_file():
        print(f"corpus coverage: {corpus} does not exist; not checked")
        return
    lines = corpus.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    if header != ["id", "script", "font", "language", "text"]:
        fail(f"{corpus}: unexpected header {header}")
    cmaps: dict[str, set[int]] = {}
    gaps: list[str] = []
    hidden: dict[str, set[int]] = {}
    counts: dict[str, int] = {}
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != 5:
            fail(f"{corpus}:{number}: expected 5 tab-separated fields, found {len(fields)}")
        row_id, _, font_file, _, text = fields
        if font_file not in cmaps:
            path = fonts_dir / font_file
            if not path.is_file():
                fail(f"{corpus}:{number}: {row_id}: no fixture {font_file}")
            face = TTFont(str(path), lazy=True)
            mapped = set(face.getBestCmap())
            for table in face["cmap"].tables:
                if table.format == 14:  # variation selectors, e.g. the emoji font's U+FE0F
                    mapped.update(table.uvsDict)
            cmaps[font_file] = mapped
        counts[font_file] = counts.get(font_file, 0) + 1
        cmap = cmaps[font_file]
        for c in text:
            cp = ord(c)
            if cp in cmap:
                continue
            if is_default_ignorable(cp):
                hidden.setdefault(font_file, set()).add(cp)
            else:
                gaps.append(f"  {row_id}: U+{cp:04X} {c!r} not in {font_file}")
    print("corpus coverage (Tests/Fixtures/Layout/strings.tsv):")
    for font_file in sorted(counts):
        note = ""
        if font_file in hidden:
            note = ("; default ignorables not mapped (hidden by shapers): "
                    + ", ".join(f"U+{cp:04X}" for cp in sorted(hidden[font_file])))
        print(f"  {font_file:28} {counts[font_file]:>3} strings{note}")
    if gaps:
        fail("the corpus uses characters that its fonts do not map:\n" + "\n".join(gaps))


# --------------------------------------------------------------------------
# UI fixtures for the project's goldens (Goldens/ui-strings.cases)
#
# Fixture-UI-*: one face per script, cut to exactly the characters of the UI
# strings in Goldens/ui-strings.cases that the face measures, read from that
# file on every run (edit the strings, rerun the script, and the fonts follow).
# A face that is the primary of a font alias gets every character of its sets'
# texts plus the ASCII digits and punctuation; a face later in an alias's list
# (a cascade face, such as the emoji face after Fixture-Sans.ttf) gets only the
# characters the faces before it do not map, plus the default ignorables
# (ZWJ, VS16) its sequences need. Characters a source does not map are left to
# the embedded default fonts; check_ui_coverage proves nothing is left over.

UI_CASES = Path("Goldens") / "ui-strings.cases"
UI_FAMILY = "TypeScale UI"
UI_PS = "TypeScaleUI"

# file, family suffix, source (file name or CJK face), merge ASCII punctuation,
# add ASCII digits and punctuation when primary, what it covers
UI_FIXTURES = [
    ("Fixture-UI-CJK.otf", "CJK", JP_FAMILY, False, True, "Japanese and Chinese"),
    ("Fixture-UI-Arabic.ttf", "Arabic", "NotoSansArabic-Regular.ttf", False, True, "Arabic"),
    ("Fixture-UI-Hebrew.ttf", "Hebrew", "NotoSansHebrew-Regular.ttf", True, True, "Hebrew"),
    ("Fixture-UI-Devanagari.ttf", "Devanagari", "NotoSansDevanagari-Regular.ttf", False, True,
     "Hindi"),
    ("Fixture-UI-Thai.ttf", "Thai", "NotoSansThai-Regular.ttf", True, True, "Thai"),
    # Noto Color Emoji maps 0-9 # * as keycap bases: never ask it for ASCII.
    ("Fixture-UI-Emoji.ttf", "Emoji", "NotoColorEmoji.ttf", False, False, "emoji"),
]


def mapped_codepoints(path: Path) -> set[int]:
    """A font file's cmap, with the variation selectors of its format 14 subtable."""
    face = TTFont(str(path), lazy=True)
    mapped = set(face.getBestCmap())
    for table in face["cmap"].tables:
        if table.format == 14:
            mapped.update(table.uvsDict)
    return mapped


def load_ui_cases(cases: Path) -> tuple[dict[str, list[str]], list[dict]]:
    """The font aliases (alias -> paths, [] for the embedded default) and the sets."""
    try:
        root = json.loads(cases.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        fail(f"{cases}: {error}")
    aliases: dict[str, list[str]] = {"default": []}
    for alias, value in (root.get("fonts") or {}).items():
        if value == "embedded":
            aliases[alias] = []
        elif isinstance(value, str):
            aliases[alias] = [value]
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            aliases[alias] = value
        else:
            fail(f"{cases}: $.fonts.{alias}: use \"embedded\", a path, or a list of paths")
    sets = root.get("sets") or []
    for index, entry in enumerate(sets):
        for alias in ui_set_fonts(entry):
            if alias not in aliases:
                fail(f"{cases}: $.sets[{index}]: unknown font \"{alias}\"")
    return aliases, sets


def ui_set_fonts(entry: dict) -> list[str]:
    if "fonts" in entry:
        return list(entry["fonts"])
    return [entry["font"]] if "font" in entry else ["default"]


def ui_set_texts(entry: dict) -> list[str]:
    texts = entry.get("texts") or []
    if isinstance(texts, dict):
        return [texts[key] for key in sorted(texts)]
    return [pair[1] for pair in texts]


def ui_fixture_codepoints(cases: Path, file_name: str, with_ascii: bool) -> tuple[list[int], list[str]]:
    """The code points a UI fixture must map, and the names of the sets it measures."""
    aliases, sets = load_ui_cases(cases)
    wanted: set[int] = set()
    names: list[str] = []
    for entry in sets:
        for alias in ui_set_fonts(entry):
            paths = aliases[alias]
            positions = [i for i, p in enumerate(paths) if Path(p).name == file_name]
            if not positions:
                continue
            names.append(entry.get("name", "?"))
            position = positions[0]
            if position == 0:
                before: set[int] = set()
            else:
                before = set()
                for earlier in paths[:position]:
                    path = (cases.parent / earlier).resolve()
                    if not path.is_file():
                        fail(f"{cases}: font {alias}: {earlier} does not exist (make it first)")
                    before |= mapped_codepoints(path)
            for text in ui_set_texts(entry):
                for c in text:
                    cp = ord(c)
                    if position == 0 or cp not in before or is_default_ignorable(cp):
                        wanted.add(cp)
            if position == 0 and with_ascii:
                wanted.update(ASCII_NON_LETTERS)
    return sorted(wanted), sorted(set(names))


def make_ui_fixture(file_name: str, suffix: str, source: str, unicodes: list[int],
                    merge_latin: bool) -> tuple[TTFont, str]:
    """One UI fixture (as make_script_fixture, named "TypeScale UI <suffix>")."""
    if source in (KR_FAMILY, JP_FAMILY):
        path = NOTO_CJK / "NotoSansCJK-Regular.ttc"
        font = load_kr_face(path, source)
        label = f'NotoSansCJK-Regular.ttc face "{source}" (fonts-noto-cjk)'
    else:
        path = NOTO / source
        font = TTFont(str(path), recalcTimestamp=False)
        label = f"{source} ({SOURCES[path]})"
    check_no_reserved_font_name(font, str(path))
    subset_available(font, unicodes)
    if merge_latin:
        font = merge_ascii_punctuation(font, file_name)
        label += "; ASCII digits and punctuation from NotoSans-Regular.ttf (fonts-noto-core)"
    family = f"{UI_FAMILY} {suffix}"
    rename(font, family=family, style="Regular", typo_family=None, typo_style=None,
           full=f"{family} Regular", ps_name=f"{UI_PS}{suffix}-Regular",
           description=f"TypeScale test fixture: the {suffix} characters of the UI strings in "
                       f"Goldens/ui-strings.cases, subset of {label.split(' (')[0]} (Noto, "
                       "renamed), made by Scripts/make-fonts.py.")
    sync_cff_names(font, notice=name(font, 0))
    check_style_bits(font, bold=False, italic=False, label=file_name)
    if path.name == "NotoColorEmoji.ttf":
        for table in ("CBDT", "CBLC", "GSUB"):
            if table not in font:
                fail(f"{file_name}: the subset lost its {table} table")
    return font, label


def make_ui_fixtures(out: Path, add_font) -> None:
    """Make the Fixture-UI-* faces from the strings of Goldens/ui-strings.cases."""
    cases = out.parent.parent.parent / UI_CASES
    if not cases.is_file():
        print(f"  (UI fixtures: {cases} does not exist; not made)")
        return
    for file_name, suffix, source, merge_latin, with_ascii, what in UI_FIXTURES:
        unicodes, set_names = ui_fixture_codepoints(cases, file_name, with_ascii)
        if not unicodes:
            fail(f"{file_name}: no set of {UI_CASES} uses it")
        font, label = make_ui_fixture(file_name, suffix, source, unicodes, merge_latin)
        data = font_bytes(font)
        final = reload(data)
        text_count = len([cp for cp in unicodes if cp not in ASCII_NON_LETTERS
                          and not is_default_ignorable(cp)])
        prefixes = sorted({set_name.split("-")[0] + "-*" for set_name in set_names})
        purpose = (f"{what} UI strings of `{UI_CASES.as_posix()}`: the {text_count} characters "
                   f"of its {', '.join(prefixes)} sets"
                   + (", plus ASCII digits and punctuation" if with_ascii else "")
                   + "; all layout features")
        add_font(file_name, data, purpose, label, extra={
            "glyphs": len(final.getGlyphOrder()),
            "layoutFeatures": layout_features(final),
            "unicodeBlocks": unicode_blocks(final),
            "uiSets": set_names,
        })


def check_ui_coverage(root: Path) -> None:
    """Every character of Goldens/ui-strings.cases is mapped by a face of its set's
    font alias or by the embedded default fonts after them (the engine's cascade);
    default ignorables excepted."""
    cases = root / UI_CASES
    if not cases.is_file():
        print(f"UI coverage: {cases} does not exist; not checked")
        return
    embedded_dir = root / "Sources" / "TypeScaleFonts" / "Fonts"
    embedded = set()
    for file_name in ("NotoSans-Regular.ttf", "NotoSansKR-Regular.otf"):
        embedded |= mapped_codepoints(embedded_dir / file_name)
    aliases, sets = load_ui_cases(cases)
    cmaps: dict[str, set[int]] = {}
    gaps: list[str] = []
    fallback: dict[str, set[int]] = {}
    texts = 0
    for entry in sets:
        for alias in ui_set_fonts(entry):
            faces = []
            for relative in aliases[alias]:
                path = (cases.parent / relative).resolve()
                if relative not in cmaps:
                    if not path.is_file():
                        fail(f"{cases}: font {alias}: {relative} does not exist")
                    cmaps[relative] = mapped_codepoints(path)
                faces.append(cmaps[relative])
            for text in ui_set_texts(entry):
                texts += 1
                for c in text:
                    cp = ord(c)
                    if is_default_ignorable(cp) or any(cp in face for face in faces):
                        continue
                    if cp in embedded:
                        if faces:
                            fallback.setdefault(alias, set()).add(cp)
                        continue
                    gaps.append(f"  {entry.get('name', '?')} ({alias}): U+{cp:04X} {c!r}")
    print(f"UI coverage ({UI_CASES.as_posix()}): {texts} texts")
    for alias in sorted(fallback):
        chars = "".join(chr(cp) for cp in sorted(fallback[alias]))
        print(f"  {alias}: from the embedded fonts: {chars!r}")
    if gaps:
        fail("the UI strings use characters that no face of their font maps:\n" + "\n".join(gaps))


def pseudo_random(seed: bytes, size: int) -> bytes:
    out = bytearray()
    counter = 0
    while len(out) < size:
        out += hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
        counter += 1
    return bytes(out[:size])


BROKEN_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>404 Not Found</title>
<style>body{font-family:sans-serif;margin:4em auto;max-width:36em;color:#333}</style>
</head>
<body>
<h1>Not Found</h1>
<p>The requested URL /fonts/NotoSans-Regular.ttf was not found on this server.</p>
<hr>
<address>Apache/2.4.57 (Debian) Server at fonts.example.com Port 443</address>
</body>
</html>
"""


def broken_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for file_name, text in (
            ("README.txt", "These are not the fonts you are looking for.\n"),
            ("fonts/NotoSans-Regular.ttf", "placeholder: a zip archive is not a font\n"),
        ):
            info = zipfile.ZipInfo(file_name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            archive.writestr(info, text)
    return buffer.getvalue()


FONT_SIGNATURES = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"typ1", b"ttcf", b"wOFF", b"wOF2")


def make_fixtures(out: Path) -> tuple[list[dict], list[tuple[str, str, str]]]:
    entries: list[dict] = []
    credits: list[tuple[str, str, str]] = []
    built: dict[str, bytes] = {}

    def add_font(file_name: str, data: bytes, purpose: str, source: str,
                 extra: dict | None = None) -> None:
        write(out / file_name, data)
        built[file_name] = data
        if file_name.endswith(".ttc"):
            faces = TTCollection(io.BytesIO(data)).fonts
        else:
            faces = [reload(data)]
        face_list = []
        for index, face in enumerate(faces):
            facts = face_facts(face)
            facts["index"] = index
            if "fvar" in face:
                facts["namedInstances"] = [
                    {
                        "coordinates": dict(sorted(inst.coordinates.items())),
                        "postscriptName": None if inst.postscriptNameID == 0xFFFF
                        else str(face["name"].getDebugName(inst.postscriptNameID)),
                        "subfamily": str(face["name"].getDebugName(inst.subfamilyNameID)),
                    }
                    for inst in face["fvar"].instances
                ]
                facts["axes"] = [
                    {"tag": a.axisTag, "min": a.minValue, "default": a.defaultValue,
                     "max": a.maxValue}
                    for a in face["fvar"].axes
                ]
            face_list.append(facts)
        entries.append({
            "file": file_name,
            "broken": False,
            "purpose": purpose,
            "source": source,
            "sha256": sha256(data),
            "size": len(data),
            "format": {b"\x00\x01\x00\x00": "TrueType", b"OTTO": "OpenType CFF",
                       b"ttcf": "TrueType collection", b"wOFF": "WOFF",
                       b"wOF2": "WOFF2"}[data[:4]],
            "faces": face_list,
            **(extra or {}),
        })
        copyright_line = name(faces[0], 0) or ""
        credits.append((file_name, source, copyright_line))
        print(f"  {file_name:28} {len(data):>9,} bytes  {len(faces)} face(s)")

    static_fonts: dict[str, TTFont] = {}
    for stem, source, ps_style, ribbi, typo_style, bold, italic in STATIC_FIXTURES:
        font = make_static_fixture(stem, source, ps_style, ribbi, typo_style, bold, italic)
        data = font_bytes(font)
        static_fonts[stem] = reload(data)
        weight = font["OS/2"].usWeightClass
        width = font["OS/2"].usWidthClass
        purpose = f"static face, weight {weight}" + (", italic" if italic else "") \
            + (f", width {width} (condensed)" if width != 5 else "")
        add_font(f"Fixture-{stem}.ttf", data, purpose, f"{source} (fonts-noto-"
                 f"{'core' if source in CORE_FILES else 'extra'})")

    collection = TTCollection()
    collection.fonts = [static_fonts[s] for s in ("Regular", "Bold", "Italic")]
    for face in collection.fonts:
        pin_timestamps(face)
    buffer = io.BytesIO()
    collection.save(buffer, shareTables=True)
    add_font("Fixture-Collection.ttc", buffer.getvalue(),
             "TrueType collection: faces 0 Regular, 1 Bold, 2 Italic",
             "Fixture-Regular.ttf, Fixture-Bold.ttf, Fixture-Italic.ttf")

    regular = built["Fixture-Regular.ttf"]
    add_font("Fixture-Regular.woff", font_bytes(reload(regular), flavor="woff"),
             "WOFF 1.0 of Fixture-Regular.ttf", "Fixture-Regular.ttf")
    add_font("Fixture-Regular.woff2", font_bytes(reload(regular), flavor="woff2"),
             "WOFF 2.0 of Fixture-Regular.ttf", "Fixture-Regular.ttf")

    variable = make_variable_fixture()
    add_font("Fixture-Variable.ttf", font_bytes(variable),
             "variable font, wght 100-900; instance Medium has no postscriptNameID",
             "NotoSans-Regular.ttf (fonts-noto-core), masters emboldened by this script")

    add_font("Fixture-Hangul.otf", font_bytes(make_hangul_fixture()),
             "Korean: 399 open syllables + the phrases in the script, Basic Latin",
             f'NotoSansCJK-Regular.ttc face "{KR_FAMILY}" (fonts-noto-cjk)')

    for file_name, suffix, source, unicodes, merge_latin, purpose in SCRIPT_FIXTURES:
        font, label = make_script_fixture(file_name, suffix, source, unicodes, merge_latin)
        data = font_bytes(font)
        final = reload(data)
        add_font(file_name, data, purpose, label, extra={
            "glyphs": len(final.getGlyphOrder()),
            "layoutFeatures": layout_features(final),
            "unicodeBlocks": unicode_blocks(final),
        })

    make_ui_fixtures(out, add_font)

    random_bytes = pseudo_random(b"TypeScale broken-random.ttf", 2048)
    if random_bytes[:4] in FONT_SIGNATURES:
        fail("broken-random.ttf: the seed happens to start with a font signature")
    broken = [
        ("broken-empty.ttf", b"", "empty file (0 bytes)"),
        ("broken-html.ttf", BROKEN_HTML.encode("utf-8"), "an HTML 404 page saved under a font name"),
        ("broken-truncated.ttf", regular[: len(regular) * 40 // 100],
         "Fixture-Regular.ttf cut to its first 40 % of bytes"),
        ("broken-random.ttf", random_bytes, "2048 pseudo-random bytes (SHA-256 counter stream)"),
        ("broken-zip.otf", broken_zip(), "a small zip archive saved under a font name"),
    ]
    for file_name, data, what in broken:
        write(out / file_name, data)
        entries.append({"file": file_name, "broken": True, "purpose": what,
                        "sha256": sha256(data), "size": len(data)})
        print(f"  {file_name:28} {len(data):>9,} bytes  (broken: {what})")
    return entries, credits


CORE_FILES = {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
              "NotoSans-BoldItalic.ttf"}


# --------------------------------------------------------------------------
# Licence files, indexes, README


RESERVED_NAME_NOTE = [
    "Reserved Font Name: none. Neither the Debian copyright files of fonts-noto-core,",
    "fonts-noto-extra and fonts-noto-cjk nor the fonts' copyright and licence name",
    "records (name IDs 0 and 13) declare a Reserved Font Name for Noto, so OFL",
    "condition 3 puts no restriction on the names of these Modified Versions.",
]


def licence_file(title: str, intro: list[str], credits: list[tuple[str, str, str]],
                 ofl: str, reserved_name_note: list[str] = RESERVED_NAME_NOTE) -> str:
    lines = [title, "=" * len(title), ""]
    lines += intro
    lines += ["", "Files, their sources and copyright notices (name ID 0 of each source font):", ""]
    for file_name, source, copyright_line in credits:
        lines.append(f"  {file_name}")
        lines.append(f"    from {source}")
        lines.append(f"    {copyright_line}")
    lines += [
        "",
        *reserved_name_note,
        "\"Noto\" is a trademark of Google; no endorsement by Google or Adobe is implied.",
        "",
        "These fonts are licensed under the SIL Open Font License, Version 1.1, whose",
        "text (as shipped in Debian's /usr/share/doc/fonts-noto-cjk/copyright) follows.",
        "",
        "",
    ]
    return "\n".join(lines) + ofl


def readme(entries: list[dict]) -> str:
    rows = ["| File | For | Faces | Size |", "| --- | --- | --- | ---: |"]
    for entry in entries:
        if entry["broken"]:
            faces = "none"
        else:
            parts = []
            for face in entry["faces"]:
                part = f"{face['postscriptName']} ({face['weight']}"
                part += ", italic" if face["italic"] else ""
                part += f", width {face['width']}" if face["width"] != 5 else ""
                part += ")"
                if "namedInstances" in face:
                    names = [i["postscriptName"] or f"{i['subfamily']}: no PS name"
                             for i in face["namedInstances"]]
                    part += "; instances: " + ", ".join(names)
                parts.append(part)
            faces = "<br>".join(parts)
        rows.append(f"| `{entry['file']}` | {entry['purpose']} | {faces} | {entry['size']:,} B |")
    return "\n".join([
        "# Test font fixtures",
        "",
        "Generated by `python3 Scripts/make-fonts.py` (do not edit by hand; rerun the",
        "script). Sources are Debian's fonts-noto-core, fonts-noto-extra,",
        "fonts-noto-cjk and fonts-noto-color-emoji; the fonts are renamed subsets under",
        "the SIL OFL 1.1 (see `OFL.txt`). `index.json` lists every file with its",
        "SHA-256, size and the PostScript name, family, style, weight and width of each",
        "face; for the script fixtures also the glyph count, the GSUB/GPOS features",
        "kept and the Unicode blocks mapped.",
        "",
        "Naming: the Regular/Bold/Italic/Bold Italic faces carry only name IDs 1/2",
        "(family \"TypeScale Fixture\"); the other weights and the condensed face use",
        "the Windows style-linking model, e.g. ID 1 \"TypeScale Fixture Light\", ID 2",
        "\"Regular\", and the typographic names ID 16 \"TypeScale Fixture\", ID 17 \"Light\".",
        "",
        *rows,
        "",
        "Things worth knowing when writing tests (checked with Debian 12's FreeType",
        "2.12.1 and fontconfig 2.14.1, and with FreeType 2.13.2):",
        "",
        "- `Fixture-Variable.ttf` has no name ID 25 (variations PostScript name",
        "  prefix), and its named instance Medium (wght 500) has no postscriptNameID.",
        "  FreeType 2.12.1 then returns NULL from `FT_Get_Postscript_Name` for every",
        "  named instance (face index `n << 16`), with or without a postscriptNameID;",
        "  FreeType 2.13.2 returns the fvar names and synthesizes",
        "  `TypeScaleVariable-Medium`. fc-query reports `TypeScale-Variable` for all",
        "  named instances and omits the Regular instance (it equals the default).",
        "  Face index 0 (the default instance) is `TypeScaleVariable-Regular` everywhere.",
        "- The variable font's wght 100 and 900 masters are the Regular outlines",
        "  thinned and emboldened by the script (the static Noto Sans weights are not",
        "  interpolation compatible); at wght 400 its advances equal Fixture-Regular's.",
        "- `broken-truncated.ttf` is accepted by `FT_New_Face` (its table directory and",
        "  first tables are intact) but has no family or PostScript name: only a",
        "  check of the table directory against the file size rejects it.",
        "- `broken-empty.ttf`, `broken-html.ttf`, `broken-random.ttf` and",
        "  `broken-zip.otf` are rejected by `FT_New_Face` (unknown file format).",
        "- A directory named `x.ttf` is created by the tests at run time, not here.",
        "",
        "Script fixtures (`Fixture-Sans.ttf` to `Fixture-Emoji.ttf`), for the layout",
        "engine's tests and the reference recorders in `Benchmarks/Recorders/`:",
        "",
        "- One regular face each, with its own family (\"TypeScale Fixture Sans\",",
        "  \"… Arabic\", \"… Hebrew\", \"… Devanagari\", \"… Thai\", \"… Korean\", \"… CJK\",",
        "  \"… Emoji\"), so a fontconfig configuration over this folder finds each by",
        "  name. Subset with every layout feature (`*`): the GSUB closure keeps the",
        "  unencoded contextual forms, conjuncts and ligatures that shaping reaches.",
        "  Shaping a corpus string with HarfBuzz gives the same glyph advances and",
        "  offsets as with the full source font.",
        "- Every character of `Tests/Fixtures/Layout/strings.tsv` is mapped by the font",
        "  its row names; the script checks this on every run. `Fixture-KR.otf`",
        "  (\"TypeScale Fixture Korean\") holds exactly the corpus's Hangul syllables;",
        "  `Fixture-Hangul.otf` (\"TypeScale Fixture KR\") lacks some of them.",
        "- Noto Sans Hebrew and Noto Sans Thai map no digits or punctuation except",
        "  `-`: `Fixture-Hebrew.ttf` and `Fixture-Thai.ttf` add Noto Sans Regular's ASCII",
        "  digits and punctuation (fontTools merge), which also makes their hhea/OS/2",
        "  ascender and descender the larger of the two fonts' (Hebrew 1069/-293 instead",
        "  of 1068/-292; Thai 1069/-450 instead of 1061/-450).",
        "- `Fixture-Arabic.ttf` has, of ASCII, only space ! , - . 0-9 : (as its source);",
        "  write U+061F ؟ and U+060C ، in Arabic text.",
        "- `Fixture-Emoji.ttf` is a bitmap font (CBDT/CBLC, one strike at 109 ppem, 2048",
        "  units per em) with no outlines (no glyf or CFF table); for layout only its",
        "  advances (hmtx) and GSUB matter. Like its source it maps U+FE0F only in its cmap format 14 subtable",
        "  (default variation sequences): a reader of format 4/12 alone sees no U+FE0F.",
        "  Its GSUB (`ccmp`) forms the ZWJ, skin-tone and flag sequences; the subset",
        "  also keeps every other sequence that can be built from the same code points",
        "  (e.g. other families of the same people).",
        "",
        "UI fixtures (`Fixture-UI-*`), for the project's own goldens in `Goldens/`:",
        "",
        "- One regular face per script (\"TypeScale UI CJK\", \"… Arabic\", \"… Hebrew\",",
        "  \"… Devanagari\", \"… Thai\", \"… Emoji\"; PostScript names",
        "  `TypeScaleUI<Script>-Regular`), cut from the same sources with every layout",
        "  feature, to exactly the characters of the UI strings in",
        "  `Goldens/ui-strings.cases` that the face measures: the script reads that",
        "  file, so edit the strings and rerun it. A face that is a font alias's",
        "  primary also gets the ASCII digits and punctuation (Hebrew and Thai merged",
        "  from Noto Sans, as above); the emoji face follows `Fixture-Sans.ttf` in its",
        "  alias and gets only what that face lacks (the emoji, ZWJ and VS16).",
        "- `Fixture-UI-CJK.otf` is cut from the \"Noto Sans CJK JP\" face, which maps",
        "  the Simplified Chinese ideographs too; `locl` is kept, so `zh-Hans` text",
        "  gets the Chinese punctuation forms.",
        "- The script checks that every character of every UI string is mapped by its",
        "  set's fonts or, after them, by the embedded default fonts (Latin, Greek,",
        "  Cyrillic, Hangul).",
        "",
    ])


# ---------------------------------------------------------------------------
# Project-made fixtures: drawn here, from no source font (Apache-2.0, as the
# rest of the repository). They live in Tests/Fixtures/Fonts/Made/ with a
# README of their own, apart from the Noto cuts (and their index.json), so
# that adding one never changes an existing fixture's bytes.
#
#   python3 Scripts/make-fonts.py --made           write them (and nothing else)
#   python3 Scripts/make-fonts.py --check-made     build them in memory and fail
#                                                  when a committed file differs

MADE_DIR = Path("Tests") / "Fixtures" / "Fonts" / "Made"

# The Japanese texts the Han/kana fixtures map: Han (漢字書), hiragana and
# katakana, alternating, with an ideographic full stop (script Common).
HAN_KANA_TEXTS = [
    "カタカナと漢字をひらがなで書く。",
    "ひらがなとカタカナ",
    "漢字、カナ、かな。",
]


def make_han_kana_fixture(shared: bool) -> bytes:
    """A face whose GSUB and GPOS give Han (`hani`) and kana (`kana`) feature
    records of their own (other feature indices), as Noto Sans CJK does.

    With `shared`, each kana record lists exactly the lookups of its Han twin:
    HarfBuzz shapes the two scripts alike, and TypeScale may shape a Japanese
    run as one. Without it, kana's `liga` lacks the Han-only lookup, so the two
    scripts' language systems differ and the runs must be shaped apart.

    The lookups act within one script only (a katakana ligature カタ, a Han
    single substitution 漢, a hiragana kerning pair ひら), so shaping the text
    as one run or run by run gives the same glyphs when the lookups agree.
    """
    import copy

    from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    characters = sorted({ch for text in HAN_KANA_TEXTS for ch in text})
    cmap = {ord(ch): f"uni{ord(ch):04X}" for ch in characters}
    extra = ["kata_lig", "uni6F22.alt"]
    order = [".notdef"] + [cmap[cp] for cp in sorted(cmap)] + extra

    def box(inset: int) -> object:
        pen = TTGlyphPen(None)
        pen.moveTo((inset, -120 + inset))
        pen.lineTo((inset, 880 - inset))
        pen.lineTo((1000 - inset, 880 - inset))
        pen.lineTo((1000 - inset, -120 + inset))
        pen.closePath()
        return pen.glyph()

    # Each glyph a box of its own inset, so that every glyph differs.
    glyphs = {name: box(20 + 5 * index) for index, name in enumerate(order)}
    advances = {name: (1000, 20 + 5 * index) for index, name in enumerate(order)}
    advances["kata_lig"] = (2000, advances["kata_lig"][1])

    family = "TypeScale Made HanKana" + ("" if shared else " Split")
    postscript = family.replace(" ", "") + "-Regular"
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap(cmap)
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics(advances)
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({
        "copyright": "Copyright the TypeScale authors. Apache-2.0.",
        "familyName": family,
        "styleName": "Regular",
        "uniqueFontIdentifier": postscript,
        "fullName": family + " Regular",
        "psName": postscript,
        "version": "Version 1.000",
    })
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, sTypoLineGap=0,
                     usWinAscent=880, usWinDescent=120, achVendID="TPSC",
                     ulUnicodeRange1=0, ulUnicodeRange2=(1 << 17) | (1 << 18) | (1 << 27))
    builder.setupPost()
    builder.setupHead(unitsPerEm=1000, created=FIXED_TIMESTAMP_1904,
                      modified=FIXED_TIMESTAMP_1904)
    font = builder.font
    # One record per feature tag for both scripts (feaLib shares a record
    # between language systems whose lookups agree); split below.
    addOpenTypeFeaturesFromString(font, """
languagesystem DFLT dflt;
languagesystem hani dflt;
languagesystem kana dflt;
lookup KATAKANA_LIGATURE { sub uni30AB uni30BF by kata_lig; } KATAKANA_LIGATURE;
lookup HAN_ALTERNATE { sub uni6F22 by uni6F22.alt; } HAN_ALTERNATE;
lookup HIRAGANA_KERNING { pos uni3072 uni3089 -150; } HIRAGANA_KERNING;
feature liga { lookup KATAKANA_LIGATURE; lookup HAN_ALTERNATE; } liga;
feature kern { lookup HIRAGANA_KERNING; } kern;
""")
    for tag in ("GSUB", "GPOS"):
        table = font[tag].table
        records = table.FeatureList.FeatureRecord
        for script in table.ScriptList.ScriptRecord:
            if script.ScriptTag != "kana":
                continue
            system = script.Script.DefaultLangSys
            indices = []
            for index in system.FeatureIndex:
                twin = copy.deepcopy(records[index])
                if not shared and twin.FeatureTag == "liga":
                    twin.Feature.LookupListIndex = twin.Feature.LookupListIndex[:1]
                    twin.Feature.LookupCount = 1
                records.append(twin)
                indices.append(len(records) - 1)
            system.FeatureIndex = indices
        table.FeatureList.FeatureCount = len(records)
    return font_bytes(font)


def made_fixtures() -> dict[str, bytes]:
    """The project-made fixtures, by file name, built in memory."""
    return {
        "Fixture-HanKana-Shared.ttf": make_han_kana_fixture(shared=True),
        "Fixture-HanKana-Split.ttf": make_han_kana_fixture(shared=False),
    }


MADE_README = """# Project-made font fixtures

Drawn by `Scripts/make-fonts.py --made` from no source font (boxes for
glyphs); Apache-2.0, as the rest of the repository. `--check-made` rebuilds
them in memory and fails when a file here differs.

| File | Family | For |
| --- | --- | --- |
| `Fixture-HanKana-Shared.ttf` | TypeScale Made HanKana | GSUB/GPOS feature records of their own for `hani` and `kana` (other indices) listing the same lookups, as Noto Sans CJK: Japanese is shaped as one run (JapaneseRunTests) |
| `Fixture-HanKana-Split.ttf` | TypeScale Made HanKana Split | the same, except that kana's `liga` lacks the Han substitution: Han and kana runs are shaped apart |

Both map the characters of `HAN_KANA_TEXTS` in the script. Their lookups act
within one script only: a katakana ligature (カタ), a Han single substitution
(漢) and a hiragana kerning pair (ひら).
"""


def write_made(root: Path) -> None:
    out = root / MADE_DIR
    print(f"{out}:")
    for file_name, data in made_fixtures().items():
        write(out / file_name, data)
    write_text(out / "README.md", MADE_README)


def check_made(root: Path) -> None:
    out = root / MADE_DIR
    expected = dict(made_fixtures())
    expected["README.md"] = MADE_README.encode("utf-8")
    stale = [name for name, data in expected.items()
             if not (out / name).exists() or (out / name).read_bytes() != data]
    if stale:
        fail(f"{out}: differs from what the script makes: {', '.join(stale)}; "
             "rerun python3 Scripts/make-fonts.py --made")
    print(f"make-fonts: {len(expected)} made fixtures up to date in {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT_DEFAULT,
                        help="repository root to write into (default: this script's repo)")
    parser.add_argument("--made", action="store_true",
                        help="write only the project-made fixtures of Tests/Fixtures/Fonts/Made")
    parser.add_argument("--check-made", action="store_true",
                        help="fail when a committed project-made fixture differs from a rebuild")
    args = parser.parse_args()
    root = args.root.resolve()
    if args.check_made:
        check_made(root)
        return
    if args.made:
        write_made(root)
        return

    check_sources()
    if FONTTOOLS_VERSION != "4.68.0":
        print(f"make-fonts: note: fontTools {FONTTOOLS_VERSION} (last run used 4.68.0); "
              "output bytes may differ", file=sys.stderr)
    ofl = load_ofl()

    fonts_dir = root / "Sources" / "TypeScaleFonts" / "Fonts"
    fixtures_dir = root / "Tests" / "Fixtures" / "Fonts"

    print(f"{fonts_dir}:")
    embedded, embedded_credits = make_embedded(fonts_dir)
    write_json(fonts_dir / "fonts.json", {
        "fonts": embedded,
        "generator": "Scripts/make-fonts.py",
        "license": "OFL.txt",
    })
    write_text(fonts_dir / "OFL.txt", licence_file(
        "TypeScale embedded default fonts",
        [
            "NotoSans-*.ttf and NotoSansKR-*.otf are subsets of Noto Sans (Debian package",
            "fonts-noto-core) and of the \"Noto Sans CJK KR\" face of Noto Sans CJK (Debian",
            "package fonts-noto-cjk), made by Scripts/make-fonts.py: fewer characters, no",
            "hinting, timestamps pinned; outlines, layout features and name tables are",
            "unchanged. (The CFF table that the CJK collection shares among its faces names",
            "the JP face; in NotoSansKR-*.otf its internal names are those of the KR face.)",
        ],
        embedded_credits, ofl))

    print(f"{fixtures_dir}:")
    fixtures, fixture_credits = make_fixtures(fixtures_dir)
    write_json(fixtures_dir / "index.json", {
        "fonts": fixtures,
        "generator": "Scripts/make-fonts.py",
        "license": "OFL.txt",
    })
    write_text(fixtures_dir / "OFL.txt", licence_file(
        "TypeScale test font fixtures",
        [
            "The Fixture-* fonts are Modified Versions of Noto Sans, Noto Sans Arabic,",
            "Noto Sans Hebrew, Noto Sans Devanagari and Noto Sans Thai (Debian packages",
            "fonts-noto-core and fonts-noto-extra), of the \"Noto Sans CJK KR\" and \"Noto",
            "Sans CJK JP\" faces of Noto Sans CJK (fonts-noto-cjk) and of Noto Color Emoji",
            "(fonts-noto-color-emoji), made by Scripts/make-fonts.py: subset, unhinted,",
            "renamed to \"TypeScale Fixture\", \"TypeScale Fixture KR\", \"TypeScale",
            "Variable\" and \"TypeScale Fixture <script>\"; the variable font's masters are",
            "emboldened Noto Sans Regular outlines, and Fixture-Hebrew.ttf and",
            "Fixture-Thai.ttf hold Noto Sans Regular's ASCII digits and punctuation too.",
            "The Fixture-UI-* fonts are cut from the same sources, renamed \"TypeScale UI",
            "<script>\"; Fixture-UI-Hebrew.ttf and Fixture-UI-Thai.ttf hold Noto Sans",
            "Regular's ASCII digits and punctuation too.",
            "The broken-* files are not fonts and hold no font data except",
            "broken-truncated.ttf, the first 40 % of Fixture-Regular.ttf.",
        ],
        fixture_credits, ofl, reserved_name_note=[
            "Reserved Font Name: none. Neither the Debian copyright files of fonts-noto-core,",
            "fonts-noto-extra, fonts-noto-cjk and fonts-noto-color-emoji nor the fonts'",
            "copyright and licence name records (name IDs 0 and 13) declare a Reserved Font",
            "Name for Noto, so OFL condition 3 puts no restriction on the names of these",
            "Modified Versions. (fonts-noto-color-emoji's copyright file puts the emoji",
            "sources under Apache-2.0 and the fonts, fonts/*, under the SIL OFL 1.1.)",
        ]))
    write_text(fixtures_dir / "README.md", readme(fixtures))
    check_corpus_coverage(root)
    check_ui_coverage(root)
    write_made(root)


if __name__ == "__main__":
    main()
