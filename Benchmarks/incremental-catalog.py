#!/usr/bin/env python3
"""Writes a generated sticker catalog for the rebuild and serve benchmarks (no-op-rebuild.sh,
serve-latency.sh): COUNT stickers in packs of 100, every image different (a disc and a bar of
their own colours, sizes and places), the three size classes in turn, a sidecar and a pack.md for
each. Deterministic: the same COUNT writes the same bytes. Only the standard library.

usage: Benchmarks/incremental-catalog.py COUNT FOLDER
"""
import os
import random
import shutil
import struct
import sys
import zlib

SIZES = [("small", 300), ("regular", 408), ("large", 618)]


def png(width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def artwork(rng, side):
    """A transparent square with a filled disc and a bar across it, built a row at a time."""
    clear = b"\0\0\0\0"
    disc = bytes([rng.randrange(256), rng.randrange(256), rng.randrange(256), 255])
    bar = bytes([rng.randrange(256), rng.randrange(256), rng.randrange(256), 255])
    radius = rng.randrange(side // 5, side // 2 - 4)
    cx, cy = rng.randrange(radius, side - radius), rng.randrange(radius, side - radius)
    top, height = rng.randrange(0, side - side // 8), rng.randrange(side // 16, side // 6)
    left, right = sorted(rng.sample(range(side), 2))
    rows = []
    for y in range(side):
        dy = y - cy
        span = int((radius * radius - dy * dy) ** 0.5) if abs(dy) <= radius else -1
        row = bytearray(clear * side)
        if span >= 0:
            x0, x1 = max(0, cx - span), min(side, cx + span)
            row[4 * x0:4 * x1] = disc * (x1 - x0)
        if top <= y < top + height:
            row[4 * left:4 * right] = bar * (right - left)
        rows.append(bytes(row))
    return png(side, side, rows)


def main():
    count, folder = int(sys.argv[1]), sys.argv[2]
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    with open(os.path.join(folder, "site.md"), "w") as out:
        out.write("---\ntitle: Generated catalog\nlanguage: en\n---\n%d generated stickers.\n" % count)
    rng = random.Random(count)
    for index in range(count):
        pack_index = index // 100
        size_name, side = SIZES[pack_index % len(SIZES)]
        pack = os.path.join(folder, "pack-%04d" % pack_index)
        if index % 100 == 0:
            os.makedirs(pack)
            with open(os.path.join(pack, "pack.md"), "w") as out:
                out.write("---\ntitle: Pack %d\nsize: %s\n---\nGenerated pack number %d.\n" % (pack_index, size_name, pack_index))
        name = "sticker-%05d" % index
        with open(os.path.join(pack, name + ".png"), "wb") as out:
            out.write(artwork(rng, side))
        with open(os.path.join(pack, name + ".md"), "w") as out:
            out.write("---\nalt: A disc and a bar, sticker %d\ntitle: Sticker %d\ntags: [generated]\n---\n"
                      "Generated sticker number %d.\n" % (index, index, index))


if __name__ == "__main__":
    main()
