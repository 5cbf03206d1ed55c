#!/usr/bin/env python3
"""Makes a varied benchmark catalog: COUNT different stickers in packs of 100, the packs cycling
through the three size classes (300, 408 and 618 px), each sticker with a sidecar.

The art is the emoji of Debian's fonts-noto-color-emoji (thousands of distinct, real, detailed
drawings; SIL Open Font License 1.1), each drawn by Pillow into a sticker: scaled to its pack's
size, sometimes turned, on a coloured disc, with a white die-cut outline or with a caption, so no
two stickers share art or bytes. One sticker in twenty is animated (a bounce and a turn, 8 frames,
or FRAMES from the environment, over 0.72 s): half animated GIF, half APNG (palette frames). Everything follows from the index and a fixed seed: the same COUNT
gives the same bytes.

usage: [FRAMES=n] make-varied-catalog.py COUNT FOLDER        (needs Pillow: the benchmark venv has it)"""
import math, os, random, sys, unicodedata
from PIL import Image, ImageDraw, ImageFilter, ImageFont

EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
CAPTION_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
SIZE_CLASSES = [("small", 300), ("regular", 408), ("large", 618)]
PACK_SIZE = 100
EMOJI_PIXELS = 109  # the one bitmap size Noto Color Emoji carries


def emoji_glyphs():
    """Every single-code-point emoji the font draws, as (character, name), in code-point order."""
    font = ImageFont.truetype(EMOJI_FONT, EMOJI_PIXELS)
    missing = render(font, "\U000E0FFF")  # an unassigned code point draws the font's empty glyph
    glyphs = []
    for code in list(range(0x1F300, 0x1FB00)) + list(range(0x2600, 0x27C0)):
        character = chr(code)
        try:
            name = unicodedata.name(character)
        except ValueError:
            continue
        art = render(font, character)
        if art is None or (missing is not None and art.tobytes() == missing.tobytes()):
            continue
        glyphs.append((art, name.lower()))
    return glyphs


def render(font, character):
    canvas = Image.new("RGBA", (EMOJI_PIXELS + 32, EMOJI_PIXELS + 32), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).text((4, 4), character, font=font, embedded_color=True)
    box = canvas.getbbox()
    return canvas.crop(box) if box else None


def outlined(art, width):
    """The art with a white die-cut outline `width` pixels wide, as real stickers have."""
    alpha = art.getchannel("A").point(lambda a: 255 if a > 40 else 0)
    grown = alpha.filter(ImageFilter.MaxFilter(2 * width + 1))
    out = Image.new("RGBA", art.size, (255, 255, 255, 0))
    out.putalpha(grown)
    out.alpha_composite(art)
    return out


def sticker_frame(glyph, size, rng_values, phase=0.0):
    angle, style, hue, caption = rng_values
    margin = size // 10
    scale = (size - 2 * margin) / max(glyph.size)
    art = glyph.resize((max(1, round(glyph.width * scale)), max(1, round(glyph.height * scale))), Image.LANCZOS)
    art = art.rotate(angle + 25 * math.sin(phase * 2 * math.pi), resample=Image.BICUBIC, expand=True)
    canvas = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    if style == "disc":
        draw = ImageDraw.Draw(canvas)
        r, g, b = hue
        draw.ellipse((margin // 2, margin // 2, size - margin // 2, size - margin // 2), fill=(r, g, b, 255),
                     outline=(255, 255, 255, 255), width=max(2, size // 60))
    elif style == "outline":
        pad = max(3, size // 40)
        bordered = Image.new("RGBA", (art.width + 2 * pad, art.height + 2 * pad), (0, 0, 0, 0))
        bordered.paste(art, (pad, pad))
        art = outlined(bordered, pad)
    bounce = round(size * 0.06 * abs(math.sin(phase * math.pi)))
    x, y = (size - art.width) // 2, (size - art.height) // 2 - bounce
    canvas.alpha_composite(art, (max(0, x), max(0, y)))
    if caption:
        font = ImageFont.truetype(CAPTION_FONT, max(12, size // 11))
        draw = ImageDraw.Draw(canvas)
        text = caption.upper()
        width = draw.textlength(text, font=font)
        draw.text(((size - width) / 2, size - size // 6), text, font=font, fill=(255, 255, 255, 255),
                  stroke_width=max(2, size // 100), stroke_fill=(20, 20, 20, 255))
    return canvas


def main():
    count, folder = int(sys.argv[1]), sys.argv[2]
    glyphs = emoji_glyphs()
    os.makedirs(folder, exist_ok=True)
    for index in range(count):
        pack_index = index // PACK_SIZE
        size_class, size = SIZE_CLASSES[pack_index % len(SIZE_CLASSES)]
        pack = os.path.join(folder, "pack-%03d" % pack_index)
        if index % PACK_SIZE == 0:
            os.makedirs(pack, exist_ok=True)
            with open(os.path.join(pack, "pack.md"), "w") as out:
                out.write("---\ntitle: Pack %d\nsize: %s\n---\nEmoji drawn as %d px stickers.\n" % (pack_index, size_class, size))
        rng = random.Random(index * 7919 + 17)
        # Stickers past the font's count reuse a glyph in another style, turn and colour.
        glyph, name = glyphs[(index * 37) % len(glyphs)] if count > len(glyphs) else glyphs[index * len(glyphs) // count]
        words = [word for word in name.replace("-", " ").split() if word.isalpha()]
        values = (rng.uniform(-12, 12), rng.choice(["plain", "outline", "outline", "disc"]),
                  (rng.randrange(40, 250), rng.randrange(40, 250), rng.randrange(40, 250)),
                  words[-1] if rng.random() < 0.2 and words else "")
        base = os.path.join(pack, "sticker-%05d" % index)
        if index % 20 == 7:
            frame_count = int(os.environ.get("FRAMES", "8"))
            duration = max(20, 720 // frame_count)
            frames = [sticker_frame(glyph, size, values, phase=f / frame_count) for f in range(frame_count)]
            if index % 40 == 7:
                path = base + ".gif"
                frames[0].save(path, save_all=True, append_images=frames[1:], duration=duration, loop=0, disposal=2,
                               optimize=False)
            else:
                path = base + ".png"
                # One palette a frame (with alpha), as exporters do to stay under the 500 KB limit.
                frames = [frame.quantize(255, method=Image.Quantize.FASTOCTREE) for frame in frames]
                frames[0].save(path, save_all=True, append_images=frames[1:], duration=duration, loop=0, disposal=1,
                               optimize=False)
        else:
            sticker_frame(glyph, size, values).save(base + ".png", optimize=False)
        label = " ".join(words).capitalize() or "Emoji"
        with open(base + ".md", "w") as out:
            out.write("---\nalt: %s sticker\ntags: [emoji, %s]\n---\nA benchmark sticker drawn from the emoji \"%s\".\n"
                      % (label, (words[0] if words else "art"), name))


if __name__ == "__main__":
    main()
