#!/usr/bin/env python3
"""Adds translations to a generated catalog (make-scale-catalog.py's or make-varied-catalog.py's),
so the scale and speed benchmarks see what a catalog in several languages costs: pages in every
language, labels spell-checked in each. For every LANGUAGE (fr, ar, de or es) it writes
`site.<lang>.md`, `pack.<lang>.md` and `<sticker>.<lang>.md` beside each source file (its `alt`
in that language from a small real vocabulary and the sticker's number, `translated_from:` the source label, a short
description), leaving one sticker in fifty untranslated as real catalogs do; `site.md` gets
`languages:`. Deterministic. Files are replaced, never written through (a catalog copied with
`cp -al` keeps its original intact).

usage: Benchmarks/add-translations.py FOLDER LANGUAGE...      (e.g. FOLDER fr ar)
"""
import os
import re
import sys

WORDS = {
    "fr": ("Autocollant", ["rouge", "bleu", "vert", "joyeux", "petit", "grand", "rond", "brillant"],
           "Un autocollant de la collection, pour dire bonjour ou merci en un geste."),
    "ar": ("ملصق", ["أحمر", "أزرق", "أخضر", "سعيد", "صغير", "كبير", "مستدير", "لامع"],
           "ملصق من المجموعة لقول مرحبا أو شكرا بلمسة واحدة."),
    "de": ("Sticker", ["rot", "blau", "grün", "fröhlich", "klein", "groß", "rund", "glänzend"],
           "Ein Sticker aus der Sammlung, um Hallo oder Danke zu sagen."),
    "es": ("Pegatina", ["roja", "azul", "verde", "alegre", "pequeña", "grande", "redonda", "brillante"],
           "Una pegatina de la colección para decir hola o gracias con un gesto."),
}


def front_matter_value(text, key):
    match = re.search(r"^%s:\s*(.*)$" % key, text, re.MULTILINE)
    return match.group(1).strip() if match else None


def replace(path, text):
    if os.path.exists(path):
        os.unlink(path)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


def main():
    folder, languages = sys.argv[1], sys.argv[2:]
    if not languages or any(language not in WORDS for language in languages):
        sys.exit("usage: add-translations.py FOLDER LANGUAGE... (of %s)" % ", ".join(sorted(WORDS)))
    site_path = os.path.join(folder, "site.md")
    site = open(site_path, encoding="utf-8").read()
    title = front_matter_value(site, "title")
    site = re.sub(r"^languages:.*\n", "", site, flags=re.MULTILINE)
    replace(site_path, site.replace("---\n", "---\nlanguages: [en, %s]\n" % ", ".join(languages), 1))
    for language in languages:
        noun, adjectives, description = WORDS[language]
        replace(os.path.join(folder, "site.%s.md" % language),
                "---\ntitle: %s\ntranslated_from: %s\n---\n%s\n" % (noun, title, description))
    counter = 0
    for pack in sorted(os.listdir(folder)):
        pack_folder = os.path.join(folder, pack)
        if not os.path.isdir(pack_folder) or not os.path.exists(os.path.join(pack_folder, "pack.md")):
            continue
        pack_title = front_matter_value(open(os.path.join(pack_folder, "pack.md"), encoding="utf-8").read(), "title")
        for language in languages:
            noun, adjectives, description = WORDS[language]
            replace(os.path.join(pack_folder, "pack.%s.md" % language),
                    "---\ntitle: %s %s\ntranslated_from: %s\n---\n%s\n" % (noun, pack.split("-")[-1], pack_title, description))
        for name in sorted(os.listdir(pack_folder)):
            if not name.endswith(".md") or name.count(".") > 1 or name == "pack.md":
                continue
            counter += 1
            if counter % 50 == 0:
                continue
            source = open(os.path.join(pack_folder, name), encoding="utf-8").read()
            alt = front_matter_value(source, "alt")
            if alt is None:
                continue
            for language in languages:
                noun, adjectives, description = WORDS[language]
                number = re.search(r"\d+", name)
                label = "%s %s %s %s" % (noun, adjectives[counter % len(adjectives)], adjectives[(counter // 8) % len(adjectives)],
                                         int(number.group()) if number else counter)
                replace(os.path.join(pack_folder, name[:-3] + ".%s.md" % language),
                        "---\nalt: %s\ntranslated_from: %s\n---\n%s\n" % (label, alt, description))


if __name__ == "__main__":
    main()
