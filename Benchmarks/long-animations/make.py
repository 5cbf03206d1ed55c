#!/usr/bin/env python3
"""Writes a catalog of long animations for the memory benchmark: COUNT stickers, each an APNG of
170 frames at 618 x 618 (the largest Messages sticker; 170 frames is within Peel's animation
pixel budget), a disc that moves and changes colour on a transparent canvas, every frame a full
canvas. Deterministic: the same arguments give the same bytes.

usage: make.py OUTPUT_FOLDER [COUNT]   (then: peel build OUTPUT_FOLDER -o site)"""
import math, os, struct, sys, zlib

SIZE, FRAMES = 618, 170

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

def frame(index, seed):
    angle = 2 * math.pi * index / FRAMES
    cx, cy = SIZE / 2 + 180 * math.cos(angle + seed), SIZE / 2 + 180 * math.sin(angle + seed)
    radius = 90 + 30 * math.sin(3 * angle)
    colour = bytes([(index * 3 + seed * 50) % 256, (255 - index) % 256, (seed * 90 + index) % 256, 255])
    rows = []
    for y in range(SIZE):
        dy = y - cy
        span = radius * radius - dy * dy
        row = bytearray(SIZE * 4)
        if span > 0:
            half = math.sqrt(span)
            left, right = max(0, int(cx - half)), min(SIZE, int(cx + half))
            row[left * 4:right * 4] = colour * (right - left)
        rows.append(b"\x00" + bytes(row))
    return zlib.compress(b"".join(rows), 9)

def apng(seed):
    out = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)),
           chunk(b"acTL", struct.pack(">II", FRAMES, 0))]
    sequence = 0
    for index in range(FRAMES):
        out.append(chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, SIZE, SIZE, 0, 0, 1, 25, 0, 0)))
        sequence += 1
        data = frame(index, seed)
        if index == 0:
            out.append(chunk(b"IDAT", data))
        else:
            out.append(chunk(b"fdAT", struct.pack(">I", sequence) + data))
            sequence += 1
    out.append(chunk(b"IEND", b""))
    return b"".join(out)

def main():
    folder = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    pack = os.path.join(folder, "long")
    os.makedirs(pack, exist_ok=True)
    with open(os.path.join(folder, "site.md"), "w") as f:
        f.write("---\ntitle: Long animations\n---\n")
    with open(os.path.join(pack, "pack.md"), "w") as f:
        f.write("---\ntitle: Long\nsize: large\n---\n")
    for seed in range(count):
        name = "spin-%d" % (seed + 1)
        with open(os.path.join(pack, name + ".png"), "wb") as f:
            f.write(apng(seed))
        with open(os.path.join(pack, name + ".md"), "w") as f:
            f.write("---\nalt: A disc spinning round, number %d\n---\n" % (seed + 1))

main()
