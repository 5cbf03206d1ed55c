#!/usr/bin/env python3
"""Draws the sample parts pack content/sundaes/: bases, scoops and toppings as 408x408 PNG layers
with transparency (soft, semi-transparent edges, so compositing is exercised), plus their sidecars.
Pure Python (zlib only): run it again to remake the same bytes."""
import math, os, struct, sys, zlib

SIZE = 408
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "content", "sundaes")


def png(path, pixels):
    raw = b"".join(b"\x00" + bytes(pixels[y * SIZE * 4:(y + 1) * SIZE * 4]) for y in range(SIZE))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)


def layer(shape):
    """shape(x, y) -> (r, g, b, a) or None; edges get coverage from 4x4 supersampling."""
    pixels = bytearray(SIZE * SIZE * 4)
    for y in range(SIZE):
        for x in range(SIZE):
            hits, colour = 0, None
            for sy in range(2):
                for sx in range(2):
                    c = shape(x + (sx + 0.5) / 2, y + (sy + 0.5) / 2)
                    if c:
                        hits += 1
                        colour = c
            if hits:
                r, g, b, a = colour
                i = (y * SIZE + x) * 4
                pixels[i:i + 4] = bytes((r, g, b, a * hits // 4))
    return pixels


def cone(x, y):
    if 190 <= y <= 390 and abs(x - 204) <= (390 - y) * 0.45:
        stripe = (int(x + y) // 18 + int(x - y) // 18) % 2
        return (214, 150, 70, 255) if stripe else (190, 120, 50, 255)


def cup(x, y):
    if 220 <= y <= 370 and abs(x - 204) <= 120 - (y - 220) * 0.3:
        return (70, 130, 220, 255) if y > 235 else (40, 90, 180, 255)


def scoops(colour, count):
    centres = [(204, 170)] if count == 1 else [(204, 190), (204, 110)]
    def shape(x, y):
        for cx, cy in centres:
            if (x - cx) ** 2 + (y - cy) ** 2 <= 78 ** 2:
                return colour
    return shape


def sprinkles(x, y):
    for k in range(28):
        cx = 204 + 100 * math.cos(k * 2.4) * ((k % 5) + 3) / 7
        cy = 130 + 70 * math.sin(k * 2.4) * ((k % 4) + 2) / 5
        if abs(x - cx) <= 7 and abs(y - cy) <= 3:
            return [(230, 40, 60, 255), (40, 200, 90, 255), (250, 220, 40, 255), (60, 90, 240, 255)][k % 4]


def syrup(x, y):
    # Half-transparent chocolate sauce: tests "over" with partial alpha on both sides.
    if 60 <= y <= 150 + 30 * math.sin(x / 20) and abs(x - 204) <= 95:
        return (90, 40, 20, 170)


PARTS = {
    "base": {"cone": (cone, "a waffle cone"), "cup": (cup, "a blue paper cup")},
    "scoops": {
        "strawberry": (scoops((240, 130, 160, 255), 2), "two scoops of strawberry"),
        "mint": (scoops((150, 225, 180, 255), 1), "one scoop of mint"),
    },
    "topping": {"sprinkles": (sprinkles, "rainbow sprinkles"), "chocolate": (syrup, "chocolate sauce")},
}

for part, choices in PARTS.items():
    os.makedirs(os.path.join(OUT, part), exist_ok=True)
    for name, (shape, alt) in choices.items():
        png(os.path.join(OUT, part, name + ".png"), layer(shape))
        with open(os.path.join(OUT, part, name + ".md"), "w") as f:
            f.write("---\nalt: %s\n---\n" % alt)
        print("drew", part, name, file=sys.stderr)
