#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Write hostile font files for measuring TypeScale's limits by hand (issue 15, finding 7).

The test suite builds the same shapes in Swift (Tests/TypeScaleTestSupport/FontBytes.swift);
this script writes full-size ones to a folder of your choice, so that memory and time can be
measured through the CLI, for example:

  python3 Scripts/make-hostile-fonts.py /tmp/hostile
  /usr/bin/time -v .build/debug/typescale fonts inspect /tmp/hostile/bomb-1g.woff

It writes, from Tests/Fixtures/Fonts/Fixture-Regular.ttf and the Python standard library only:

  bomb-1g.woff      a ~1 MB WOFF whose extra table inflates to 1 GiB (it declares so honestly)
  decoded-40m.woff  a ~40 KB WOFF that decodes to ~40 MiB: over a FontStore's 32 MiB limit,
                    within a FontRegistry's 64 MiB default
  faces-65535.ttc   a collection whose 65 535 face offsets all point at one font (2 MB:
                    padded to the 32 bytes a face FreeType requires)
"""

import os
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE = os.path.join(ROOT, "Tests", "Fixtures", "Fonts", "Fixture-Regular.ttf")


def read_tables(data):
    """The sfnt version and {tag: bytes} of a TrueType font."""
    version, count = struct.unpack(">IH", data[:6])
    tables = {}
    for index in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * index: 28 + 16 * index])
        tables[tag] = data[offset: offset + length]
    return version, tables


def pad4(data):
    return data + b"\0" * (-len(data) % 4)


def checksum(data):
    data = pad4(data)
    return sum(struct.unpack(">%dI" % (len(data) // 4), data)) & 0xFFFFFFFF


def woff(version, tables, extra=()):
    """A WOFF 1.0 file: the tables stored as is, then `extra` (tag, stored, original length)."""
    entries = [(tag, body, len(body)) for tag, body in sorted(tables.items())] + list(extra)
    directory, data = b"", b""
    offset = 44 + 20 * len(entries)
    sfnt_size = 12 + 16 * len(entries)
    for tag, stored, original in entries:
        directory += struct.pack(">4sIIII", tag, offset + len(data), len(stored), original,
                                 checksum(stored))
        data += pad4(stored)
        sfnt_size += (original + 3) & ~3
    length = 44 + len(directory) + len(data)
    header = struct.pack(">4sIIHHIHHIIIII", b"wOFF", version, length, len(entries), 0,
                         sfnt_size, 1, 0, 0, 0, 0, 0, 0)
    return header + directory + data


def sfnt(version, tables, base):
    """The font's sfnt bytes placed at `base` in a larger file."""
    tags = sorted(tables)
    power = 1
    while power * 2 <= len(tags):
        power *= 2
    header = struct.pack(">IHHHH", version, len(tags), power * 16, power.bit_length() - 1,
                         len(tags) * 16 - power * 16)
    records, data = b"", b""
    start = base + 12 + 16 * len(tags)
    for tag in tags:
        records += struct.pack(">4sIII", tag, checksum(tables[tag]), start + len(data),
                               len(tables[tag]))
        data += pad4(tables[tag])
    return header + records + data


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-hostile-fonts.py OUTPUT_FOLDER")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with open(FIXTURE, "rb") as handle:
        version, tables = read_tables(handle.read())

    bomb = zlib.compress(bytes(1 << 30), 9)
    with open(os.path.join(out, "bomb-1g.woff"), "wb") as handle:
        handle.write(woff(version, tables, [(b"zzzz", bomb, 1 << 30)]))

    forty = zlib.compress(bytes(40 << 20), 9)
    with open(os.path.join(out, "decoded-40m.woff"), "wb") as handle:
        handle.write(woff(version, tables, [(b"zzzz", forty, 40 << 20)]))

    count = 65535
    head = struct.pack(">4sII", b"ttcf", 0x00010000, count)
    base = 12 + 4 * count
    with open(os.path.join(out, "faces-65535.ttc"), "wb") as handle:
        body = head + struct.pack(">I", base) * count + sfnt(version, tables, base)
        # FreeType opens a collection only if the file has 32 bytes a face (ttload.c): pad it.
        handle.write(body + bytes(max(0, 32 * count - len(body))))

    for name in sorted(os.listdir(out)):
        print(name, os.path.getsize(os.path.join(out, name)))


if __name__ == "__main__":
    main()
