#!/usr/bin/env bash
# Catalog shapes where a step that is quadratic shows: the CPU time (user) of a release `peel`
# on the same stickers laid out two ways, and on many one-sticker packs. Linear code gives about
# the same time for both layouts, and three times the time for three times the packs.
#   1. 200 stickers in ten languages (2,000 sidecars): ten packs of 20, then one pack of 200
#      (`peel check`);
#   2. 1,000 and 3,000 packs of one sticker (`peel build --no-cache`); their images are not
#      decodable, so what is measured is everything but the image work.
# CPU time rather than wall time: other load on the machine moves it little.
#
# usage: Benchmarks/catalog-shapes.sh          (PEEL_BIN=path measures that binary)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${PEEL_BIN:-}" ]; then peel="$PEEL_BIN"; else
  swift build -c release --product peel >/dev/null
  peel="$(swift build -c release --show-bin-path)/peel"
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export CI=true

python3 - "$work" <<'PY'
import os, struct, sys, zlib
root = sys.argv[1]

def png(path, seed, size=300):
    # A disc on a transparent square; a few pixels coloured by the seed make every file differ.
    rows = []
    for y in range(size):
        d = abs(y - size // 2)
        half = int(((size // 3) ** 2 - d * d) ** 0.5) if d < size // 3 else 0
        left = size // 2 - half
        rows.append(b"\0" + b"\0\0\0\0" * left + b"\xd0\x40\x20\xff" * (2 * half) + b"\0\0\0\0" * (size - left - 2 * half))
    raw = bytearray(b"".join(rows))
    offset = (size // 2) * (1 + 4 * size) + 1 + 4 * (size // 2)
    raw[offset:offset + 4] = bytes((seed & 255, (seed >> 8) & 255, 90, 255))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(bytes(raw), 1)) + chunk(b"IEND", b""))

langs = ["en", "de", "es", "it", "nl", "pt", "sv", "pl", "da", "fi"]
for layout, packs, per in (("split", 10, 20), ("one", 1, 200)):
    c = os.path.join(root, layout); os.makedirs(c)
    open(os.path.join(c, "site.md"), "w").write("---\ntitle: Shapes\nlanguages: [%s]\n---\n" % ", ".join(langs))
    n = 0
    for p in range(packs):
        d = os.path.join(c, "p%02d" % p); os.makedirs(d)
        open(os.path.join(d, "pack.md"), "w").write("---\ntitle: Pack %d\nsize: small\n---\n" % p)
        for s in range(per):
            b = os.path.join(d, "s%04d" % n)
            png(b + ".png", n)
            open(b + ".md", "w").write("---\nalt: Red ball number %d\n---\n" % n)
            for l in langs[1:]:
                open(b + ".%s.md" % l, "w").write("---\nalt: Ball %d\ntranslated_from: Red ball number %d\n---\n" % (n, n))
            n += 1
for name, packs in (("packs-1000", 1000), ("packs-3000", 3000)):
    c = os.path.join(root, name); os.makedirs(c)
    open(os.path.join(c, "site.md"), "w").write("---\ntitle: Shapes\n---\n")
    for p in range(packs):
        d = os.path.join(c, "p%04d" % p); os.makedirs(d)
        open(os.path.join(d, "pack.md"), "w").write("---\ntitle: Pack %d\nsize: small\n---\n" % p)
        open(os.path.join(d, "s.png"), "wb").write(b"not a png %d" % p)
        open(os.path.join(d, "s.md"), "w").write("---\nalt: Red ball number %d\n---\n" % p)
PY

cpu() { /usr/bin/time -f '%U' -o "$work/time" "$@" >/dev/null 2>&1 || true; tail -1 "$work/time"; }
split=$(cpu "$peel" check "$work/split" --no-art-checks --no-cache)
one=$(cpu "$peel" check "$work/one" --no-art-checks --no-cache)
echo "200 stickers in ten languages: ten packs of 20 ${split} s, one pack of 200 ${one} s (CPU)"
small=$(cpu "$peel" build "$work/packs-1000" -o "$work/site-1000" --no-cache)
large=$(cpu "$peel" build "$work/packs-3000" -o "$work/site-3000" --no-cache)
echo "packs of one sticker: 1,000 ${small} s, 3,000 ${large} s (CPU; $(echo "scale=1; $large / $small" | bc)x for 3x the packs)"
