#!/usr/bin/env python3
"""Checks a built site's composed stickers against an independent compositor, Pillow's
Image.alpha_composite: for every sticker catalog.json lists with `parts`, the layers named there
are stacked bottom first with Pillow and compared pixel for pixel (RGBA) with the published art.

    python3 Tests/parts/compare_with_pillow.py CONTENT_FOLDER SITE_FOLDER

Needs Pillow (pip install pillow). Exits 1 on the first difference, naming the sticker and pixel."""
import json, os, sys

from PIL import Image


def main(content, site):
    catalog = json.load(open(os.path.join(site, "catalog.json")))
    checked = 0
    for pack in catalog["packs"]:
        for sticker in pack["stickers"]:
            parts = sticker.get("parts")
            if not parts:
                continue
            layers = [Image.open(os.path.join(content, p["file"])).convert("RGBA") for p in parts if p["file"]]
            expected = layers[0]
            for layer in layers[1:]:
                expected = Image.alpha_composite(expected, layer)
            actual = Image.open(os.path.join(site, sticker["original"])).convert("RGBA")
            if actual.size != expected.size:
                sys.exit("%s: %s, expected %s" % (sticker["original"], actual.size, expected.size))
            a, e = actual.tobytes(), expected.tobytes()
            if a != e:
                index = next(i for i in range(len(a)) if a[i] != e[i]) // 4
                x, y = index % actual.width, index // actual.width
                sys.exit("%s: pixel (%d, %d) is %s, Pillow makes %s" % (sticker["original"], x, y,
                         actual.getpixel((x, y)), expected.getpixel((x, y))))
            checked += 1
    if checked == 0:
        sys.exit("no composed stickers in %s/catalog.json" % site)
    print("%d composed stickers match Pillow's alpha_composite pixel for pixel" % checked)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
