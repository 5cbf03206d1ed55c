#!/usr/bin/env python3
"""Thumbnail weight against the originals in a built site, from its catalog.json: for each sticker
the bytes of its original and of each thumbnail it serves (a thumbnail that is the original counts
as the original's bytes), the total of each, and the median and largest thumbnail/original ratio
per thumbnail width.

usage: thumbnail-weight.py SITE_FOLDER"""
import json, os, statistics, sys

site = sys.argv[1]
catalog = json.load(open(os.path.join(site, "catalog.json")))
originals, per_width, worst = 0, {}, []
for pack in catalog["packs"]:
    for sticker in pack["stickers"]:
        if not sticker.get("original") or not sticker.get("thumbnails"):
            continue
        original = os.path.getsize(os.path.join(site, sticker["original"]))
        originals += original
        for thumbnail in sticker["thumbnails"]:
            size = os.path.getsize(os.path.join(site, thumbnail["url"]))
            per_width.setdefault(thumbnail["width"], []).append((size, original, sticker["source"]))
print(f"originals: {originals} bytes")
for width, rows in sorted(per_width.items()):
    ratios = [size / original for size, original, _ in rows]
    heaviest = max(rows, key=lambda row: row[0] / row[1])
    print(f"{width}w: {len(rows)} thumbnails, {sum(size for size, _, _ in rows)} bytes; thumbnail/original median "
          f"{statistics.median(ratios):.2f}, max {max(ratios):.2f} ({heaviest[2]}), larger than the original: "
          f"{sum(1 for r in ratios if r > 1)}")
