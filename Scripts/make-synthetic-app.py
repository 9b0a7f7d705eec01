#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a large synthetic app for the `check-app` benchmark: String Catalogs, fonts, constraints.

The app is made from Debian's CLDR data (unicode-cldr-core, /usr/share/unicode/cldr), so every
text is real localized text and every key is one concept translated into each language: the
names of days, months, date fields, units, languages, territories, scripts and currencies; list
patterns joining several names into sentences; unit and relative-time patterns ("{0} days",
"in {0} days") as plural variants with `%lld`; `%@` and `%1$@ (%2$@)` patterns. Keys are of six
kinds, each matched by a rule of the constraints file:

  button.*  day and month names, "Today", date-field, unit and short language names
            (headline, 120 pt, 1 line)
  title.*   territory and currency names, "Region: %@" (title2, 300 pt, 2 lines)
  count.*   unit and relative-time plural patterns with %lld (subheadline, 260 pt, 1 line)
  menu.*    device variants: the short unit name on iphone, the long one on ipad and mac
            (callout, 140 pt, 1 line; the iphone variant is checked)
  label.*   language, script and currency names, "Language: %@" (defaults: body, 320 pt)
  body.*    lists of 3-12 names in the locale's list pattern, some with a `%@` item, up to
            about 200 characters in English (defaults)

Every rule checks xS...AX5. The keys are spread over four catalogs (App/Localizable,
App/Settings, Onboarding/Onboarding, Widgets/Widgets); `fonts/` holds links to the Noto fonts of
Debian's fonts-noto-core and fonts-noto-cjk that the constraints name per language or script.
`synthetic-app.json` records what was written: catalogs, keys, languages, entries, and the
translations and layouts `typescale check` plans.

Choices are deterministic (a seeded random.Random over sorted candidates): the same seed, key
count and CLDR data give the same bytes.

  python3 Scripts/make-synthetic-app.py --output DIR [--keys 2000] [--seed 34] [--android]

`--android` also writes the same keys as an Android res/values*/strings.xml tree (`.` and `-`
in names become `_`, plural keys `<plurals>`, device keys their iphone text) and Android rules
for its names (`"platform": "android"`, `button_*` as `labelLarge` 120 dp, 1 line, …, at every
font scale 0.85...2.0); the manifest's counts are the String Catalogs' alone, and its
`android` member counts the Android entries and the layouts they plan (7 font scales each).

Only the standard library is used.
"""

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
import xml.etree.ElementTree as ElementTree

CLDR = "/usr/share/unicode/cldr/common"
NOTO = "/usr/share/fonts/truetype/noto"
NOTO_CJK = "/usr/share/fonts/opentype/noto"

# Xcode's language code, and the CLDR locales a value is looked up in, first to last.
LANGUAGES = [
    ("en", ["en"]),
    ("de", ["de"]),
    ("fr", ["fr"]),
    ("es", ["es"]),
    ("it", ["it"]),
    ("pt-BR", ["pt"]),
    ("pt-PT", ["pt_PT", "pt"]),
    ("nl", ["nl"]),
    ("sv", ["sv"]),
    ("da", ["da"]),
    ("nb", ["nb", "no"]),
    ("fi", ["fi"]),
    ("pl", ["pl"]),
    ("cs", ["cs"]),
    ("sk", ["sk"]),
    ("hu", ["hu"]),
    ("ro", ["ro"]),
    ("hr", ["hr"]),
    ("sl", ["sl"]),
    ("tr", ["tr"]),
    ("vi", ["vi"]),
    ("id", ["id"]),
    ("ms", ["ms"]),
    ("ca", ["ca"]),
    ("et", ["et"]),
    ("lt", ["lt"]),
    ("lv", ["lv"]),
    ("ru", ["ru"]),
    ("uk", ["uk"]),
    ("bg", ["bg"]),
    ("sr", ["sr"]),
    ("el", ["el"]),
    ("zh-Hans", ["zh"]),
    ("zh-Hant", ["zh_Hant"]),
    ("ja", ["ja"]),
    ("ko", ["ko"]),
    ("ar", ["ar"]),
    ("fa", ["fa"]),
    ("ur", ["ur"]),
    ("he", ["he"]),
    ("hi", ["hi"]),
    ("mr", ["mr"]),
    ("th", ["th"]),
    ("bn", ["bn"]),
    ("ta", ["ta"]),
]

# Font files linked into fonts/, and the families the constraints map languages and scripts to.
FONT_FILES = [
    f"{NOTO}/NotoSans-Regular.ttf",
    f"{NOTO}/NotoSans-Bold.ttf",
    f"{NOTO}/NotoSansArabic-Regular.ttf",
    f"{NOTO}/NotoSansArabic-Bold.ttf",
    f"{NOTO}/NotoSansHebrew-Regular.ttf",
    f"{NOTO}/NotoSansHebrew-Bold.ttf",
    f"{NOTO}/NotoSansDevanagari-Regular.ttf",
    f"{NOTO}/NotoSansDevanagari-Bold.ttf",
    f"{NOTO}/NotoSansThai-Regular.ttf",
    f"{NOTO}/NotoSansThai-Bold.ttf",
    f"{NOTO}/NotoSansBengali-Regular.ttf",
    f"{NOTO}/NotoSansBengali-Bold.ttf",
    f"{NOTO}/NotoSansTamil-Regular.ttf",
    f"{NOTO}/NotoSansTamil-Bold.ttf",
    f"{NOTO_CJK}/NotoSansCJK-Regular.ttc",
    f"{NOTO_CJK}/NotoSansCJK-Bold.ttc",
]
FONTS = {
    "ja": "Noto Sans CJK JP",
    "ko": "Noto Sans CJK KR",
    "zh-Hans": "Noto Sans CJK SC",
    "zh-Hant": "Noto Sans CJK TC",
    "Arab": "Noto Sans Arabic",
    "Hebr": "Noto Sans Hebrew",
    "Deva": "Noto Sans Devanagari",
    "Thai": "Noto Sans Thai",
    "Beng": "Noto Sans Bengali",
    "Taml": "Noto Sans Tamil",
}

CATEGORIES = "xS...AX5"
RULES = [
    {"keys": "button.*", "style": "headline", "width": 120, "lineLimit": 1},
    {"keys": "title.*", "style": "title2", "width": 300, "lineLimit": 2},
    {"keys": "count.*", "style": "subheadline", "width": 260, "lineLimit": 1},
    {"keys": "menu.*", "style": "callout", "width": 140, "lineLimit": 1},
]
DEFAULTS = {
    "style": "body",
    "width": 320,
    "lineLimit": 0,
    "truncation": False,
    "categories": CATEGORIES,
    "device": "iphone",
}
PLACEHOLDERS = {"string": "Maximilian Mustermann", "integer": "88888"}
# The twelve content-size categories xS...AX5 sweeps.
CATEGORY_COUNT = 12

# Each kind's share of the keys, in the order keys are made.
KINDS = [
    ("button", 0.18),
    ("title", 0.16),
    ("count", 0.12),
    ("menu", 0.06),
    ("label", 0.30),
    ("body", 0.18),
]
CATALOGS = [
    ("App/Localizable.xcstrings", 0.60),
    ("App/Settings.xcstrings", 0.20),
    ("Onboarding/Onboarding.xcstrings", 0.12),
    ("Widgets/Widgets.xcstrings", 0.08),
]
DEVICES = ["iphone", "ipad", "mac"]
PLURALS = ["zero", "one", "two", "few", "many", "other"]
UNIT_PREFIXES = ("duration-", "length-", "mass-", "volume-", "digital-", "speed-", "area-")


def clean(text):
    return " ".join(text.replace("\t", " ").split())


PLURAL_FIELDS = ["year", "quarter", "month", "week", "day", "hour", "minute", "second"]


def extract(names):
    """One language's texts, from its CLDR files (first to last; the first that has a value
    wins): {source: {id: text}}, plural patterns, its list pattern and code patterns."""
    roots = [
        ElementTree.parse(os.path.join(CLDR, "main", f"{name}.xml")).getroot() for name in names
    ]
    found = {}

    def put(source, id_, text):
        if id_ is not None and text and text.strip():
            found.setdefault(source, {}).setdefault(id_, clean(text))

    gregorian = "dates/calendars/calendar[@type='gregorian']"
    simple = {
        "day": f"{gregorian}/days/dayContext[@type='stand-alone']/dayWidth[@type='wide']/day",
        "month": f"{gregorian}/months/monthContext[@type='stand-alone']"
        "/monthWidth[@type='wide']/month",
        "language": "localeDisplayNames/languages/language",
        "territory": "localeDisplayNames/territories/territory",
        "script": "localeDisplayNames/scripts/script",
        "calendar": "localeDisplayNames/types/type[@key='calendar']",
        "code": "localeDisplayNames/codePatterns/codePattern",
    }
    plural = {}
    list_parts = {}
    for root in roots:
        for source, path in simple.items():
            for element in root.findall(path):
                if "alt" not in element.attrib:
                    put(source, element.attrib.get("type"), element.text)
        for currency in root.findall("numbers/currencies/currency"):
            for name in currency.findall("displayName"):
                if "count" not in name.attrib and "alt" not in name.attrib:
                    put("currency", currency.attrib.get("type"), name.text)
        for field in root.findall("dates/fields/field"):
            kind = field.attrib.get("type")
            if "-" in kind or kind in ("era", "zone", "dayperiod"):
                continue
            for name in field.findall("displayName"):
                if "alt" not in name.attrib:
                    put("field", kind, name.text)
            for relative in field.findall("relative"):
                if "alt" not in relative.attrib:
                    put("relative", f"{kind}{relative.attrib['type']}", relative.text)
            if kind in PLURAL_FIELDS:
                for direction in ["future", "past"]:
                    patterns = field.findall(
                        f"relativeTime[@type='{direction}']/relativeTimePattern"
                    )
                    counts = {
                        element.attrib.get("count"): clean(element.text)
                        for element in patterns
                        if element.attrib.get("count") in PLURALS and element.text
                    }
                    if "other" in counts:
                        plural.setdefault(f"relative.{kind}-{direction}", counts)
        for length in root.findall("units/unitLength"):
            size = length.attrib.get("type")
            if size not in ("long", "short"):
                continue
            for unit in length.findall("unit"):
                kind = unit.attrib.get("type", "")
                if not kind.startswith(UNIT_PREFIXES):
                    continue
                for name in unit.findall("displayName"):
                    put(f"unit-{size}", kind, name.text)
                counts = {
                    element.attrib.get("count"): clean(element.text)
                    for element in unit.findall("unitPattern")
                    if element.attrib.get("count") in PLURALS
                    and element.text
                    and "case" not in element.attrib
                }
                if "other" in counts:
                    plural.setdefault(f"unit-{size}.{kind}", counts)
        for pattern in root.findall("listPatterns/listPattern"):
            if "type" not in pattern.attrib:
                for part in pattern.findall("listPatternPart"):
                    list_parts.setdefault(part.attrib["type"], part.text)
    if set(list_parts) != {"start", "middle", "end", "2"}:
        list_parts = {part: "{0}, {1}" for part in ["start", "middle", "end", "2"]}
    found["plural"] = {
        id_: {category: text.replace("{0}", "%lld") for category, text in counts.items()}
        for id_, counts in plural.items()
    }
    found["list"] = list_parts
    return found


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


def common(per_language, source):
    """The ids every language has a text for, sorted, and {id: {language: text}}."""
    ids = None
    for _, found in per_language:
        keys = set(found.get(source, {}))
        ids = keys if ids is None else ids & keys
    ids = sorted(ids or [])
    return ids, {id_: {code: found[source][id_] for code, found in per_language} for id_ in ids}



def unit(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}


def build(keys, seed):
    started = time.monotonic()
    codes = [code for code, _ in LANGUAGES]
    # One process per core reads the languages' CLDR files: parsing them is most of the time.
    with multiprocessing.Pool(min(len(LANGUAGES), os.cpu_count() or 1)) as workers:
        extracted = workers.map(extract, [names for _, names in LANGUAGES])
    per_language = list(zip(codes, extracted))
    sources = {
        source: common(per_language, source)
        for source in [
            "day", "month", "relative", "field", "language", "territory", "script", "calendar",
            "currency", "code",
        ]
    }
    long_ids, long_units = common(per_language, "unit-long")
    _, short_units = common(per_language, "unit-short")
    _, plurals = common(per_language, "plural")
    lists = {code: found["list"] for code, found in per_language}
    code_patterns = sources["code"][1]
    rng = random.Random(seed)

    def pool(*names):
        items = []
        for name in names:
            ids, table = (long_ids, long_units) if name == "unit" else sources[name]
            items += [(f"{name}.{id_}", table[id_]) for id_ in ids]
        rng.shuffle(items)
        return items

    def short(items, words):
        return [item for item in items if len(item[1]["en"].split()) <= words]

    pools = {
        "button": pool("day", "month", "relative", "field")
        + short(pool("unit"), 3)
        + short(pool("language"), 2),
        "title": pool("territory") + pool("currency"),
        "label": pool("language") + pool("script") + pool("calendar") + pool("currency"),
    }
    names_for_lists = pool("language", "territory", "unit", "currency")
    plural_items = sorted(plurals.items())
    rng.shuffle(plural_items)
    menu_ids = [id_ for id_ in long_ids if id_ in short_units]
    rng.shuffle(menu_ids)

    def take(kind, index):
        items = pools[kind]
        item = items[index % len(items)]
        suffix = "" if index < len(items) else f".{index // len(items) + 1}"
        return item[0] + suffix, item[1]

    strings = {}
    counts = {kind: 0 for kind, _ in KINDS}
    planned_translations = 0
    entries = 0
    for kind, share in KINDS:
        count = round(keys * share) if kind != KINDS[-1][0] else keys - len(strings)
        for index in range(count):
            localizations = {}
            if kind in ("button", "title", "label"):
                # One name in ten of the titles and labels is a "Region: %@" pattern.
                pattern = None
                if kind != "button" and index % 10 == 9:
                    pattern = ["territory", "language", "script"][index % 3]
                if pattern:
                    key = f"{kind}.pattern.{pattern}.{index}"
                    texts = {
                        code: code_patterns[pattern][code].replace("{0}", "%@") for code in codes
                    }
                else:
                    name, texts = take(kind, index)
                    key = f"{kind}.{name}"
                for code in codes:
                    localizations[code] = unit(texts[code])
                entries += len(codes)
                planned_translations += len(codes)
            elif kind == "count":
                id_, texts = plural_items[index % len(plural_items)]
                key = f"count.{id_}" + (
                    "" if index < len(plural_items) else f".{index // len(plural_items) + 1}"
                )
                for code in codes:
                    variants = texts[code]
                    localizations[code] = {
                        "variations": {
                            "plural": {
                                category: unit(variants[category])
                                for category in PLURALS
                                if category in variants
                            }
                        }
                    }
                    entries += len(variants)
                    planned_translations += len(variants)
            elif kind == "menu":
                id_ = menu_ids[index % len(menu_ids)]
                key = f"menu.unit.{id_}" + (
                    "" if index < len(menu_ids) else f".{index // len(menu_ids) + 1}"
                )
                for code in codes:
                    localizations[code] = {
                        "variations": {
                            "device": {
                                "iphone": unit(short_units[id_][code]),
                                "ipad": unit(long_units[id_][code]),
                                "mac": unit(long_units[id_][code]),
                            }
                        }
                    }
                entries += len(codes) * len(DEVICES)
                planned_translations += len(codes)
            else:
                key = f"body.list.{index:04d}"
                size = rng.randint(3, 12)
                start = rng.randrange(len(names_for_lists))
                chosen = [
                    names_for_lists[(start + step) % len(names_for_lists)][1]
                    for step in range(size)
                ]
                while len(chosen) > 2 and len(join([n["en"] for n in chosen], lists["en"])) > 200:
                    chosen.pop()
                placeholder = index % 3 == 0
                for code in codes:
                    items = [names[code] for names in chosen]
                    if placeholder:
                        items.insert(0, "%@")
                    localizations[code] = unit(join(items, lists[code]))
                entries += len(codes)
                planned_translations += len(codes)
            strings[key] = {"extractionState": "manual", "localizations": localizations}
            counts[kind] += 1
    # Keys go to catalogs by a seeded draw, in key order.
    catalogs = {path: {} for path, _ in CATALOGS}
    draw = random.Random(f"{seed}-catalogs")
    for key in sorted(strings):
        roll = draw.random()
        for path, share in CATALOGS:
            roll -= share
            if roll < 0 or path == CATALOGS[-1][0]:
                catalogs[path][key] = strings[key]
                break
    summary = {
        "seed": seed,
        "keys": len(strings),
        "keysByKind": counts,
        "languages": codes,
        "entries": entries,
        "translations": planned_translations,
        "layouts": planned_translations * CATEGORY_COUNT,
        "catalogs": {path: len(table) for path, table in catalogs.items()},
        "generationSeconds": 0.0,
        "cldr": CLDR,
    }
    return catalogs, summary, started


# The Android rules for the same kinds of keys (`button_*`, …): Material 3 roles, widths in dp,
# every font scale 0.85...2.0 of Android 14 and later, TextView's defaults. A rule that names a
# platform matches only that platform's strings; the last one is the Android strings' default.
ANDROID_RULES = [
    {"keys": "button_*", "textAppearance": "labelLarge", "width": 120, "maxLines": 1},
    {"keys": "title_*", "textAppearance": "titleLarge", "width": 300, "maxLines": 2},
    {"keys": "count_*", "textAppearance": "bodyMedium", "width": 260, "maxLines": 1},
    {"keys": "menu_*", "textAppearance": "bodyLarge", "width": 140, "maxLines": 1},
    {"keys": "*", "textAppearance": "bodyLarge", "width": 320},
]
ANDROID_FONT_SCALES = "0.85...2.0"
# Android 14's seven font scales.
FONT_SCALE_COUNT = 7


def constraints(android):
    rules = list(RULES)
    if android:
        rules += [
            dict(rule, platform="android", fontScales=ANDROID_FONT_SCALES) for rule in ANDROID_RULES
        ]
    return {
        "fontDirectories": ["fonts"],
        "fonts": FONTS,
        "placeholders": PLACEHOLDERS,
        "defaults": DEFAULTS,
        "rules": rules,
    }


# Android's resource folder for each language; `values` holds the source language.
ANDROID_FOLDERS = {
    "en": "values",
    "pt-BR": "values-pt-rBR",
    "pt-PT": "values-pt-rPT",
    "zh-Hans": "values-b+zh+Hans",
    "zh-Hant": "values-b+zh+Hant",
}


def android_text(text):
    """A catalog text as strings.xml spells it: Java format specifiers, XML and aapt2 escapes."""
    text = text.replace("%lld", "%d").replace("%@", "%s")
    for position in range(1, 10):
        text = text.replace(f"%{position}$@", f"%{position}$s")
    text = text.replace("\\", "\\\\").replace("'", "\\'").replace('"', '\\"')
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if text[:1] in ("@", "?"):
        text = "\\" + text
    return text


def android(catalogs, codes):
    """{path: strings.xml text} of the same keys: names with `_` for `.` and `-`, plural keys as
    <plurals>, device keys as their iphone text (Android has no device variants)."""
    files = {}
    entries = 0
    strings = {}
    for table in catalogs.values():
        strings.update(table)
    for code in codes:
        lines = ['<?xml version="1.0" encoding="utf-8"?>', "<resources>"]
        for key in sorted(strings):
            name = key.replace(".", "_").replace("-", "_")
            localization = strings[key]["localizations"][code]
            variations = localization.get("variations", {})
            if "plural" in variations:
                lines.append(f'    <plurals name="{name}">')
                for category in PLURALS:
                    if category in variations["plural"]:
                        value = variations["plural"][category]["stringUnit"]["value"]
                        lines.append(
                            f'        <item quantity="{category}">{android_text(value)}</item>'
                        )
                        entries += 1
                lines.append("    </plurals>")
                continue
            if "device" in variations:
                value = variations["device"]["iphone"]["stringUnit"]["value"]
            else:
                value = localization["stringUnit"]["value"]
            lines.append(f'    <string name="{name}">{android_text(value)}</string>')
            entries += 1
        lines.append("</resources>")
        folder = ANDROID_FOLDERS.get(code, f"values-{code}")
        files[f"android/res/{folder}/strings.xml"] = "\n".join(lines) + "\n"
    return files, entries


def to_json(content):
    """JSON with each of a catalog's keys on a line of its own, so that each has its own line
    number (Python's indenting encoder takes seconds for a catalog of this size)."""
    if "strings" not in content:
        return json.dumps(content, ensure_ascii=False, indent=2, sort_keys=True) + "\n"

    def compact(value):
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))

    lines = [
        f"  {compact(key)}:{compact(value)}" for key, value in sorted(content["strings"].items())
    ]
    return (
        f'{{\n"sourceLanguage":{compact(content["sourceLanguage"])},\n"strings":{{\n'
        + ",\n".join(lines)
        + f'\n}},\n"version":{compact(content["version"])}\n}}\n'
    )


def write(output, catalogs, summary, started, with_android):
    os.makedirs(output, exist_ok=True)
    fonts = os.path.join(output, "fonts")
    os.makedirs(fonts, exist_ok=True)
    for path in FONT_FILES:
        link = os.path.join(fonts, os.path.basename(path))
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(path, link)
    files = {"constraints.json": constraints(with_android)}
    for path, table in catalogs.items():
        files[path] = {"sourceLanguage": "en", "strings": table, "version": "1.0"}
    if with_android:
        android_files, android_entries = android(catalogs, summary["languages"])
        files.update(android_files)
        summary["android"] = {
            "files": len(android_files),
            "entries": android_entries,
            "layouts": android_entries * FONT_SCALE_COUNT,
        }
    sizes = {}
    for path, content in files.items():
        target = os.path.join(output, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        text = content if isinstance(content, str) else to_json(content)
        with open(target, "w", encoding="utf-8") as file:
            file.write(text)
        sizes[path] = len(text.encode("utf-8"))
    summary["bytes"] = sizes
    summary["generationSeconds"] = round(time.monotonic() - started, 3)
    with open(os.path.join(output, "synthetic-app.json"), "w", encoding="utf-8") as file:
        file.write(json.dumps(summary, indent=2, sort_keys=True) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", required=True, help="the folder to write the app to")
    parser.add_argument("--keys", type=int, default=2000, help="keys (2000 by default)")
    parser.add_argument("--seed", type=int, default=34, help="the random seed (34 by default)")
    parser.add_argument(
        "--android",
        action="store_true",
        help="also write android/res/values*/strings.xml with the same keys (and rules for them)",
    )
    arguments = parser.parse_args()
    if not os.path.isdir(os.path.join(CLDR, "main")):
        print(
            f"make-synthetic-app: no CLDR data at {CLDR}; install Debian's unicode-cldr-core "
            "(make bench does)",
            file=sys.stderr,
        )
        sys.exit(2)
    missing = [path for path in FONT_FILES if not os.path.exists(path)]
    if missing:
        print(
            f"make-synthetic-app: no font file {missing[0]}; install Debian's fonts-noto-core "
            "and fonts-noto-cjk (make bench does)",
            file=sys.stderr,
        )
        sys.exit(2)
    if not 1 <= arguments.keys <= 100_000:
        print("make-synthetic-app: --keys must be 1...100000", file=sys.stderr)
        sys.exit(2)
    catalogs, summary, started = build(arguments.keys, arguments.seed)
    summary["generationSeconds"] = 0.0
    write(arguments.output, catalogs, summary, started, arguments.android)
    print(
        f"make-synthetic-app: {summary['keys']} keys × {len(summary['languages'])} languages, "
        f"{summary['entries']} entries, {summary['layouts']} layouts planned, in "
        f"{summary['generationSeconds']} s: {arguments.output}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
