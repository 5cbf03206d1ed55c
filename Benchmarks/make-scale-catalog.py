#!/usr/bin/env python3
"""Makes a deterministic synthetic sticker catalog of N stickers in packs of 100, for the scale
benchmark (Benchmarks/scale.sh) and the sharding example.

Every sticker is a different drawing (a seeded handful of shaded discs and bars on a transparent
canvas), so no two files share bytes and content-hash caches are not flattered. The packs rotate
through the three size classes (small 300 px, regular 408 px, large 618 px), and one sticker in 25
is an animated PNG of three frames. Pure Python (zlib level 1), so it needs nothing installed and
makes about 150 stickers a second on one core.

usage: Benchmarks/make-scale-catalog.py COUNT FOLDER
"""
import os
import random
import shutil
import struct
import sys
import zlib

SIZES = [("small", 300), ("regular", 408), ("large", 618)]
PER_PACK = 100
ANIMATED_EVERY = 25


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def shapes_for(rng, side):
    shapes = []
    for _ in range(rng.randint(3, 6)):
        color = (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255))
        if rng.random() < 0.6:
            radius = rng.randint(side // 10, side // 3)
            shapes.append(("disc", rng.randint(radius, side - radius), rng.randint(radius, side - radius), radius, color))
        else:
            x0, y0 = rng.randint(0, side // 2), rng.randint(0, side // 2)
            shapes.append(("bar", x0, y0, rng.randint(x0 + 8, side - 1), rng.randint(y0 + 8, side - 1), color))
    return shapes


def raster(side, shapes, shift):
    """Rows of RGBA bytes, each with its filter byte; built from spans, not pixel by pixel."""
    rows = []
    clear = b"\0\0\0\0"
    for y in range(side):
        row = bytearray(clear * side)
        for shape in shapes:
            if shape[0] == "disc":
                _, cx, cy, r, color = shape
                cx = (cx + shift) % side
                dy = y - cy
                if abs(dy) > r:
                    continue
                half = int((r * r - dy * dy) ** 0.5)
                x0, x1 = max(0, cx - half), min(side, cx + half)
            else:
                _, x0, y0, x1, y1, color = shape
                if not y0 <= y <= y1:
                    continue
                x0, x1 = min(side, x0 + shift), min(side, x1 + shift)
            if x1 <= x0:
                continue
            shade = (y * 96) // side  # a vertical gradient, so rows differ
            pixel = bytes((max(0, c - shade) for c in color)) + b"\xff"
            row[x0 * 4:x1 * 4] = pixel * (x1 - x0)
        rows.append(b"\0" + bytes(row))
    return b"".join(rows)


def png(side, frames):
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0))
    if len(frames) > 1:
        out += chunk(b"acTL", struct.pack(">II", len(frames), 0))
    sequence = 0
    for index, pixels in enumerate(frames):
        data = zlib.compress(pixels, 1)
        if len(frames) > 1:
            out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, side, side, 0, 0, 1, 5, 0, 0))
            sequence += 1
        if index == 0:
            out += chunk(b"IDAT", data)
        else:
            out += chunk(b"fdAT", struct.pack(">I", sequence) + data)
            sequence += 1
    return out + chunk(b"IEND", b"")


def main():
    count, folder = int(sys.argv[1]), sys.argv[2]
    if os.path.exists(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    with open(os.path.join(folder, "site.md"), "w") as out:
        out.write("---\ntitle: Scale benchmark\n---\nA generated catalog of %d stickers.\n" % count)
    for index in range(count):
        pack_index = index // PER_PACK
        size_name, side = SIZES[pack_index % len(SIZES)]
        pack = os.path.join(folder, "pack-%04d" % pack_index)
        if index % PER_PACK == 0:
            os.makedirs(pack)
            with open(os.path.join(pack, "pack.md"), "w") as out:
                out.write("---\ntitle: Pack %d\nsize: %s\n---\nGenerated pack.\n" % (pack_index, size_name))
        rng = random.Random(index)
        shapes = shapes_for(rng, side)
        shifts = [0, side // 12, side // 6] if index % ANIMATED_EVERY == ANIMATED_EVERY - 1 else [0]
        with open(os.path.join(pack, "sticker-%06d.png" % index), "wb") as out:
            out.write(png(side, [raster(side, shapes, shift) for shift in shifts]))
        with open(os.path.join(pack, "sticker-%06d.md" % index), "w") as out:
            out.write("---\nalt: Generated sticker number %d\ntags: [bench]\n---\nA generated sticker.\n" % index)


if __name__ == "__main__":
    main()
