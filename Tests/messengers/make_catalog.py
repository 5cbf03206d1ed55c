#!/usr/bin/env python3
"""Makes a catalog for the messenger exports that no code of Peel's has seen: varied drawn art
in all three size classes, animated GIF and APNG with awkward timing (50 fps, 5 ms frames,
uneven delays), a non-square sticker, noisy art that cannot fit WhatsApp's 100 KB at first try,
a 9-second animation, a pack too small for WhatsApp, and a pack with bad input (an emoji that is
not one, no emoji, an unreadable file). Deterministic: a fixed seed.

usage: make_catalog.py FOLDER     (needs Pillow: Debian's python3-pil)"""
import math, os, random, sys
from PIL import Image, ImageDraw

EMOJI = ["😀", "😂", "🥰", "😎", "🤔", "😭", "🎉", "🔥", "👍🏽", "❤️", "🐱", "🌈", "☀️", "🍦", "👨‍👩‍👧", "🇫🇷", "1️⃣", "🏳️‍🌈"]


def art(rng, size, transparent=True):
    """Random shapes on a transparent (or solid) canvas: discs, polygons, stripes, a gradient ring."""
    w, h = size
    image = Image.new("RGBA", size, (0, 0, 0, 0) if transparent else tuple(rng.randrange(256) for _ in range(3)) + (255,))
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randrange(4, 12)):
        colour = tuple(rng.randrange(256) for _ in range(3)) + (rng.choice([255, 255, 200, 128]),)
        x0, y0 = rng.randrange(w // 8, w // 2), rng.randrange(h // 8, h // 2)
        x1, y1 = x0 + rng.randrange(w // 6, w // 2), y0 + rng.randrange(h // 6, h // 2)
        kind = rng.randrange(3)
        if kind == 0:
            draw.ellipse([x0, y0, x1, y1], fill=colour, outline=(0, 0, 0, 255), width=max(2, w // 80))
        elif kind == 1:
            points = [(rng.randrange(w // 10, w - w // 10), rng.randrange(h // 10, h - h // 10)) for _ in range(rng.randrange(3, 7))]
            draw.polygon(points, fill=colour, outline=(255, 255, 255, 255))
        else:
            for i in range(0, x1 - x0, max(4, w // 40)):
                draw.line([x0 + i, y0, x0 + i, y1], fill=colour, width=max(2, w // 100))
    return image


def noisy(rng, size):
    """Art that compresses badly: a disc of noise."""
    w, h = size
    noise = Image.frombytes("RGBA", size, bytes(rng.randrange(256) if i % 4 != 3 else 255 for i in range(w * h * 4)))
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).ellipse([w // 10, h // 10, w - w // 10, h - h // 10], fill=255)
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    image.paste(noise, (0, 0), mask)
    return image


def frames_of(rng, size, count):
    base = art(rng, size)
    frames = []
    for i in range(count):
        frame = Image.new("RGBA", size, (0, 0, 0, 0))
        angle = 360 * i / count
        frame.paste(base.rotate(angle, resample=Image.BICUBIC), (0, 0))
        ImageDraw.Draw(frame).ellipse([size[0] // 2 - 20 + int(60 * math.cos(i)), size[1] // 2 - 20, size[0] // 2 + 20 + int(60 * math.cos(i)), size[1] // 2 + 20], fill=(255, 0, 0, 255))
        frames.append(frame)
    return frames


def save_gif(frames, durations, path):
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=durations, loop=0, disposal=2, transparency=0)


def save_apng(frames, durations, path):
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=durations, loop=0, format="PNG")


def sidecar(path, alt, emoji, title=None):
    with open(os.path.splitext(path)[0] + ".md", "w", encoding="utf-8") as f:
        f.write("---\n")
        if title:
            f.write(f"title: {title}\n")
        f.write(f"alt: {alt}\n")
        if emoji is not None:
            f.write("emoji: [" + ", ".join(emoji) + "]\n")
        f.write("---\n")


def pack(root, slug, title, size, extra=""):
    os.makedirs(os.path.join(root, slug), exist_ok=True)
    with open(os.path.join(root, slug, "pack.md"), "w", encoding="utf-8") as f:
        f.write(f"---\ntitle: {title}\nsize: {size}\n{extra}---\n")
    return os.path.join(root, slug)


def main(root):
    rng = random.Random(16)
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "site.md"), "w", encoding="utf-8") as f:
        f.write("---\ntitle: Messenger check\ntelegram_bot: peelcheck_bot\nplatforms: [imessage, whatsapp, telegram, signal, discord]\n---\n")
    # 31 stills at 618 px: WhatsApp splits them 16 + 15; some with four emoji (WhatsApp keeps three).
    folder = pack(root, "shapes", "Shapes", "large", "publisher: Peel Tests\n")
    for i in range(31):
        path = os.path.join(folder, f"shape-{i:02d}.png")
        (noisy(rng, (618, 618)) if i in (3, 17) else art(rng, (618, 618))).save(path)
        emoji = [EMOJI[(i + k) % len(EMOJI)] for k in range(4 if i % 5 == 0 else 1 + i % 2)]
        sidecar(path, f"Shape number {i}, a pile of coloured forms", emoji, title=f"Shape {i}")
    # Mixed, 408 px: stills (one not square) and animations with awkward timing.
    folder = pack(root, "mixed", "Mixed Motion", "regular", "telegram_name: mixed_motion\n")
    for i in range(4):
        size = (408, 320) if i == 0 else (408, 408)
        path = os.path.join(folder, f"still-{i}.png")
        art(rng, size).save(path)
        sidecar(path, f"Still drawing {i}", [EMOJI[i]], title=f"Still {i}")
    animations = [
        ("fast.gif", 24, [20] * 24, "gif"),                   # 50 fps: Telegram drops frames
        ("uneven.gif", 12, [60, 120, 40, 200] * 3, "gif"),    # uneven delays
        ("tiny-frames.png", 16, [5, 95] * 8, "apng"),         # 5 ms frames: WhatsApp merges them
        ("spin.png", 20, [50] * 20, "apng"),
    ]
    for name, count, durations, kind in animations:
        path = os.path.join(folder, name)
        frames = frames_of(rng, (408, 408), count)
        (save_gif if kind == "gif" else save_apng)(frames, durations, path)
        sidecar(path, f"Animated drawing {name.split('.')[0]}", [EMOJI[len(name) % len(EMOJI)], "🎉"], title=name.split('.')[0].title())
    # Small, 300 px: two stickers, too few for WhatsApp.
    folder = pack(root, "pair", "Pair", "small")
    for i in range(2):
        path = os.path.join(folder, f"pair-{i}.png")
        art(rng, (300, 300)).save(path)
        sidecar(path, f"One of a pair, {i}", ["👍🏽"], title=f"Pair {i}")
    # Long: a 9-second animation among stills.
    folder = pack(root, "long", "Long Story", "regular")
    for i in range(3):
        path = os.path.join(folder, f"frame-{i}.png")
        art(rng, (408, 408)).save(path)
        sidecar(path, f"A still from the long story, {i}", ["🌈"], title=f"Story {i}")
    path = os.path.join(folder, "nine-seconds.gif")
    save_gif(frames_of(rng, (408, 408), 18), [500] * 18, path)
    sidecar(path, "A slow animation of nine seconds", ["⏳"], title="Nine Seconds")
    # Bad input: an emoji that is not one, no emoji, an unreadable sticker, beside good ones.
    folder = pack(root, "rough", "Rough Edges", "regular")
    for i in range(4):
        path = os.path.join(folder, f"good-{i}.png")
        art(rng, (408, 408)).save(path)
        sidecar(path, f"A good sticker, {i}", ["🔥"], title=f"Good {i}")
    path = os.path.join(folder, "not-emoji.png")
    art(rng, (408, 408)).save(path)
    sidecar(path, "A sticker whose emoji is a word", ["abc"], title="Not Emoji")
    path = os.path.join(folder, "no-emoji.png")
    art(rng, (408, 408)).save(path)
    sidecar(path, "A sticker without emoji", None, title="No Emoji")
    path = os.path.join(folder, "broken.png")
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(300)))
    sidecar(path, "A file that is not really a PNG", ["💥"], title="Broken")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
