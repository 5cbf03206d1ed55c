"""Reference for animated/compose.png, written straight from the APNG 1.0 specification and
independent of Peel: sub-frames are cut out as standalone PNGs and decoded by Pillow, then composed
in floating point (dispose_op NONE/BACKGROUND/PREVIOUS, blend_op SOURCE/OVER as PNG's alpha
compositing). Writes compose-expected.png: the composed frames stacked top to bottom.
Run from Tests/PeelKitTests/Fixtures: python3 animated/make-compose-reference.py"""
import io, struct, zlib
from PIL import Image

data = open("animated/compose.png", "rb").read()
chunks, i = [], 8
while i < len(data):
    length, = struct.unpack(">I", data[i:i + 4])
    chunks.append((data[i + 4:i + 8], data[i + 8:i + 8 + length]))
    i += 12 + length

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

ihdr = next(body for kind, body in chunks if kind == b"IHDR")
width, height = struct.unpack(">II", ihdr[:8])
shared = [chunk(kind, body) for kind, body in chunks if kind in (b"PLTE", b"tRNS")]
frames, current = [], None
for kind, body in chunks:
    if kind == b"fcTL":
        if current: frames.append(current)
        _, w, h, x, y, _, _, dispose, blend = struct.unpack(">IIIIIHHBB", body)
        current = dict(w=w, h=h, x=x, y=y, dispose=dispose, blend=blend, data=[])
    elif kind == b"IDAT" and current is not None:
        current["data"].append(body)
    elif kind == b"fdAT":
        current["data"].append(body[4:])
frames.append(current)

canvas = [[(0.0, 0.0, 0.0, 0.0)] * width for _ in range(height)]
out = []
for index, f in enumerate(frames):
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">II", f["w"], f["h"]) + ihdr[8:]) + b"".join(shared)
    png += b"".join(chunk(b"IDAT", d) for d in f["data"]) + chunk(b"IEND", b"")
    sub = Image.open(io.BytesIO(png)).convert("RGBA")
    dispose = 1 if index == 0 and f["dispose"] == 2 else f["dispose"]
    saved = [row[:] for row in canvas] if dispose == 2 else None
    for row in range(f["h"]):
        for col in range(f["w"]):
            r, g, b, a = sub.getpixel((col, row))
            cy, cx = f["y"] + row, f["x"] + col
            if f["blend"] == 0 or a == 255:
                canvas[cy][cx] = (r, g, b, a)
            elif a > 0:
                dr, dg, db, da = canvas[cy][cx]
                sa, dA = a / 255, da / 255
                oa = sa + dA * (1 - sa)
                mix = lambda s, d: (s * sa + d * dA * (1 - sa)) / oa
                canvas[cy][cx] = (mix(r, dr), mix(g, dg), mix(b, db), oa * 255)
    out.append([row[:] for row in canvas])
    if dispose == 1:
        for row in range(f["h"]):
            for col in range(f["w"]):
                canvas[f["y"] + row][f["x"] + col] = (0.0, 0.0, 0.0, 0.0)
    elif dispose == 2:
        canvas = saved

strip = Image.new("RGBA", (width, height * len(out)))
for index, frame in enumerate(out):
    for y in range(height):
        for x in range(width):
            strip.putpixel((x, index * height + y), tuple(int(round(v)) for v in frame[y][x]))
strip.save("animated/compose-expected.png")
print(len(out), "frames")
