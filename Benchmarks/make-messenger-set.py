#!/usr/bin/env python3
"""Makes the messenger benchmark set: COUNT_STATIC different still stickers and COUNT_ANIMATED
animated ones, all 618x618 with transparency, as a Peel content catalog (one pack, `bench/`, each
sticker with a sidecar giving its alt text and its emoji) and the same image files laid flat in
FOLDER/../flat/ (sticker-convert's input: it takes a folder of images and nothing else).

The art is Benchmarks/make-varied-catalog.py's (its functions are imported, not copied): emoji of
Debian's fonts-noto-color-emoji drawn by Pillow, scaled, turned, on a coloured disc, with a white
die-cut outline or with a caption. The emoji are taken from blocks whose every code point has
default emoji presentation (animals, food, faces, supplemental symbols), so each one goes into
`emoji:` as the bare character. The animated stickers bounce and turn; they have 12, 16, 20, 24
(then 12 again...) frames lasting at most 2 s in all (Telegram takes 3 s), alternately an animated
GIF and an APNG (palette frames). Everything follows from the indices and fixed seeds: the same
arguments give the same bytes (with the same Pillow and font).

usage: make-messenger-set.py COUNT_STATIC COUNT_ANIMATED FOLDER    (needs Pillow)
       FOLDER is the catalog; the flat copies go to FOLDER/../flat/"""
import importlib.util, os, random, shutil, sys, unicodedata

SIZE = 618
FRAME_COUNTS = [12, 16, 20, 24]
MAX_SECONDS = 2.0
# Blocks where every assigned emoji has Emoji_Presentation=Yes (UTS #51 emoji-data.txt), so the
# bare character is an emoji to every messenger, with no U+FE0F needed.
PRESENTATION_RANGES = [(0x1F400, 0x1F43E), (0x1F345, 0x1F37C), (0x1F600, 0x1F64F), (0x1F980, 0x1F9FF)]


def varied_catalog():
    """Benchmarks/make-varied-catalog.py as a module (its name has hyphens, so no plain import)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-varied-catalog.py")
    spec = importlib.util.spec_from_file_location("make_varied_catalog", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.split("usage: ")[1])
    count_static, count_animated, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    art = varied_catalog()
    glyphs = []
    for glyph, name in art.emoji_glyphs():
        character = unicodedata.lookup(name)
        if any(low <= ord(character) <= high for low, high in PRESENTATION_RANGES):
            glyphs.append((glyph, name, character))
    total = count_static + count_animated
    if total > len(glyphs):
        sys.exit("at most %d stickers: the font draws %d emoji in the chosen blocks" % (len(glyphs), len(glyphs)))

    flat = os.path.join(os.path.dirname(os.path.abspath(folder)), "flat")
    for path in (folder, flat):
        shutil.rmtree(path, ignore_errors=True)
    pack = os.path.join(folder, "bench")
    os.makedirs(pack)
    os.makedirs(flat)
    with open(os.path.join(folder, "site.md"), "w") as out:
        out.write("---\ntitle: Messenger benchmark\ntelegram_bot: peelbench_bot\n---\n")
    with open(os.path.join(pack, "pack.md"), "w") as out:
        out.write("---\ntitle: Bench\nsize: large\npublisher: Peel\n---\n")

    for index in range(total):
        # Spread over the blocks, so neighbours differ; distinct indices, so no two share art.
        glyph, name, character = glyphs[index * len(glyphs) // total]
        rng = random.Random(index * 7919 + 17)
        words = [word for word in name.lower().replace("-", " ").split() if word.isalpha()]
        values = (rng.uniform(-12, 12), rng.choice(["plain", "outline", "outline", "disc"]),
                  (rng.randrange(40, 250), rng.randrange(40, 250), rng.randrange(40, 250)),
                  words[-1] if rng.random() < 0.2 and words else "")
        base = "sticker-%02d-%s" % (index + 1, "-".join(words[:3]) or "emoji")
        animated = index >= count_static
        if animated:
            number = index - count_static
            frame_count = FRAME_COUNTS[number % len(FRAME_COUNTS)]
            duration = min(100, int(MAX_SECONDS * 1000 / frame_count))  # ms a frame: 1.2 to 2 s in all
            frames = [art.sticker_frame(glyph, SIZE, values, phase=f / frame_count) for f in range(frame_count)]
            if number % 2 == 0:
                file = base + ".gif"
                frames[0].save(os.path.join(pack, file), save_all=True, append_images=frames[1:], duration=duration,
                               loop=0, disposal=2, optimize=False)
            else:
                file = base + ".png"
                frames = [frame.quantize(255, method=art.Image.Quantize.FASTOCTREE) for frame in frames]
                frames[0].save(os.path.join(pack, file), save_all=True, append_images=frames[1:], duration=duration,
                               loop=0, disposal=1, optimize=False)
        else:
            file = base + ".png"
            art.sticker_frame(glyph, SIZE, values).save(os.path.join(pack, file), optimize=False)
        shutil.copyfile(os.path.join(pack, file), os.path.join(flat, file))
        alt = " ".join(words).capitalize() or "Emoji"
        with open(os.path.join(pack, base + ".md"), "w") as out:
            out.write("---\nalt: %s\nemoji: [%s]\n---\n" % (alt, character))


if __name__ == "__main__":
    main()
