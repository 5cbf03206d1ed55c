#!/usr/bin/env python3
"""Checks Peel's messenger exports with tools that share no code with Peel: Debian's `webpinfo`
and `webpmux` (webp package), `ffprobe` (ffmpeg) and Pillow, against each platform's numbers:
canvas sizes, byte limits, frame timing, pack sizes and splits, tray icons and metadata files.
Also checks that every sticker a catalog has went somewhere: exported once, or named in report.md
as refused.

usage: check_exports.py EXPORTS CATALOG     (EXPORTS holds whatsapp/, telegram/, signal/, discord/)
Prints each problem with the file it concerns; exits 1 if there is any."""
import json, os, re, subprocess, sys, zipfile
from PIL import Image

problems = []


def problem(path, message):
    problems.append(f"{path}: {message}")


def run(*command):
    return subprocess.run(command, capture_output=True, text=True)


def frames_ms(path):
    """Each frame's duration (ms) as Pillow reads it, and the loop count."""
    with Image.open(path) as image:
        durations = []
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            durations.append(image.info.get("duration", 0))
        return durations, image.info.get("loop")


def check_webp(path, animated, limit):
    size = os.path.getsize(path)
    if size > limit:
        problem(path, f"{size} bytes, over {limit}")
    info = run("webpinfo", "-quiet", path)
    if info.returncode != 0:
        problem(path, f"webpinfo refuses it: {info.stdout.strip()} {info.stderr.strip()}")
    mux = run("webpmux", "-info", path)
    if mux.returncode != 0:
        problem(path, f"webpmux refuses it: {mux.stderr.strip()}")
        return
    m = re.search(r"Canvas size: (\d+) x (\d+)", mux.stdout)
    if not m or (int(m.group(1)), int(m.group(2))) != (512, 512):
        problem(path, f"canvas is not 512 x 512: {m.group(0) if m else mux.stdout[:80]}")
    is_animated = "ANIM" in mux.stdout or "Number of frames" in mux.stdout
    if is_animated != animated:
        problem(path, f"animated is {is_animated}, the pack says {animated}")
    if animated:
        # webpmux -info lists each frame: "No.: width height alpha x_offset y_offset duration ..."
        durations = [int(line.split()[6]) for line in mux.stdout.splitlines() if re.match(r"\s*\d+:", line)]
        if not durations:
            problem(path, "no frames listed by webpmux")
        elif min(durations) < 8:
            problem(path, f"a frame lasts {min(durations)} ms, under WhatsApp's 8")
        elif sum(durations) > 10000:
            problem(path, f"the animation lasts {sum(durations)} ms, over WhatsApp's 10 s")
    with Image.open(path) as image:
        if image.size != (512, 512):
            problem(path, f"Pillow reads {image.size}, not 512 x 512")


def check_whatsapp(folder, catalog):
    contents_path = os.path.join(folder, "contents.json")
    with open(contents_path, encoding="utf-8") as f:
        contents = json.load(f)
    exported = {}
    for pack in contents["sticker_packs"]:
        identifier = pack["identifier"]
        where = f"{contents_path} pack {identifier}"
        for key in ("identifier", "name", "publisher", "tray_image_file", "image_data_version"):
            if not pack.get(key):
                problem(where, f"{key} is empty")
        if not re.fullmatch(r"[\w\-.,' ]+", identifier) or ".." in identifier or len(identifier) > 128:
            problem(where, "identifier breaks WhatsApp's rule")
        for key in ("name", "publisher"):
            if len(pack[key]) > 128:
                problem(where, f"{key} over 128 characters")
        stickers = pack["stickers"]
        if not 3 <= len(stickers) <= 30:
            problem(where, f"{len(stickers)} stickers, not 3-30")
        tray = os.path.join(folder, identifier, pack["tray_image_file"])
        with Image.open(tray) as image:
            if image.format != "PNG" or image.size != (96, 96):
                problem(tray, f"tray is {image.format} {image.size}, not a 96 x 96 PNG")
        if os.path.getsize(tray) > 50 * 1024:
            problem(tray, f"tray is {os.path.getsize(tray)} bytes, over 50 KB")
        animated = pack.get("animated_sticker_pack", False)
        names = []
        for sticker in stickers:
            path = os.path.join(folder, identifier, sticker["image_file"])
            names.append(sticker["image_file"])
            if not path.endswith(".webp"):
                problem(path, "not a .webp")
            check_webp(path, animated, 500_000 if animated else 100_000)
            emojis = sticker.get("emojis", [])
            if not 1 <= len(emojis) <= 3:
                problem(path, f"{len(emojis)} emoji, not 1-3")
            text = sticker.get("accessibility_text") or ""
            # WhatsApp counts Java String.length(): UTF-16 code units, so an emoji is two.
            if len(text.encode("utf-16-le")) // 2 > (255 if animated else 125):
                problem(path, "accessibility_text too long (in UTF-16 units, as WhatsApp counts)")
            exported.setdefault("label", []).append(text)
        archive = os.path.join(folder, identifier + ".wastickers")
        with zipfile.ZipFile(archive) as z:
            if z.testzip() is not None:
                problem(archive, "a corrupt entry")
            entries = set(z.namelist())
            for needed in ("title.txt", "author.txt", "cover.png"):
                if needed not in entries:
                    problem(archive, f"no {needed}")
            if sorted(e for e in entries if e.endswith(".webp")) != sorted(names):
                problem(archive, "its stickers are not the pack's")
            if z.read("title.txt").decode() != pack["name"]:
                problem(archive, "title.txt is not the pack's name")
    return contents


def pack_folders(folder):
    """(name, path) of each folder in an export, sorted."""
    for name in sorted(os.listdir(folder)):
        directory = os.path.join(folder, name)
        if os.path.isdir(directory):
            yield name, directory


def check_telegram(folder):
    for name, directory in pack_folders(folder):
        set_path = os.path.join(directory, "set.json")
        with open(set_path, encoding="utf-8") as f:
            data = json.load(f)
        set_name = data["name"]
        if set_name != name:
            problem(set_path, f"the set's name {set_name} is not its folder's")
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", set_name) or "__" in set_name or len(set_name) > 64 or not set_name.endswith("_by_peelcheck_bot"):
            problem(set_path, f"set name {set_name} breaks Telegram's rules")
        if not 1 <= len(data["title"]) <= 64:
            problem(set_path, "title not 1-64 characters")
        if not 1 <= len(data["stickers"]) <= 120:
            problem(set_path, f"{len(data['stickers'])} stickers, not 1-120")
        thumbnail = os.path.join(directory, "thumbnail.png")
        with Image.open(thumbnail) as image:
            if image.size != (100, 100):
                problem(thumbnail, f"thumbnail is {image.size}, not 100 x 100")
        if os.path.getsize(thumbnail) > 128_000:
            problem(thumbnail, "thumbnail over 128 KB")
        for sticker in data["stickers"]:
            path = os.path.join(directory, sticker["file"])
            if not 1 <= len(sticker["emoji_list"]) <= 20:
                problem(path, "emoji_list not 1-20")
            size = os.path.getsize(path)
            if sticker["format"] == "static":
                with Image.open(path) as image:
                    if image.format not in ("PNG", "WEBP") or getattr(image, "n_frames", 1) != 1:
                        problem(path, f"a static sticker that is {image.format} with {getattr(image, 'n_frames', 1)} frames")
                    if max(image.size) != 512 or min(image.size) > 512:
                        problem(path, f"{image.size}: no side is exactly 512")
                if size > 512_000:
                    problem(path, f"{size} bytes, over 512 KB")
            elif sticker["format"] == "video":
                if size > 256_000:
                    problem(path, f"{size} bytes, over 256 KB")
                probe = run("ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", path)
                if probe.returncode != 0:
                    problem(path, f"ffprobe refuses it: {probe.stderr.strip()}")
                    continue
                info = json.loads(probe.stdout)
                streams = info["streams"]
                video = [s for s in streams if s["codec_type"] == "video"]
                if len(streams) != 1 or len(video) != 1:
                    problem(path, f"{len(streams)} streams; a video sticker has one video stream and no audio")
                    continue
                stream = video[0]
                if info["format"]["format_name"].split(",")[0] not in ("matroska", "webm") or stream["codec_name"] != "vp9":
                    problem(path, f"{info['format']['format_name']} {stream['codec_name']}, not WEBM VP9")
                if max(stream["width"], stream["height"]) != 512:
                    problem(path, f"{stream['width']} x {stream['height']}: no side is 512")
                duration = float(info["format"]["duration"])
                if duration > 3.0:
                    problem(path, f"lasts {duration} s, over 3 s")
                for key in ("r_frame_rate", "avg_frame_rate"):
                    num, den = (int(x) for x in stream[key].split("/"))
                    if den and num / den > 30.0001:
                        problem(path, f"{key} {stream[key]} over 30 fps")
                if stream.get("tags", {}).get("alpha_mode") != "1":
                    problem(path, "no alpha channel (alpha_mode)")
            else:
                problem(path, f"unknown format {sticker['format']}")


def check_signal(folder):
    for name, directory in pack_folders(folder):
        manifest_path = os.path.join(directory, "manifest.json")
        with open(manifest_path, encoding="utf-8") as f:
            manifest = json.load(f)
        if not 1 <= len(manifest["stickers"]) <= 200:
            problem(manifest_path, "not 1-200 stickers")
        files = [manifest["cover"]] + [s["file"] for s in manifest["stickers"]]
        for sticker in manifest["stickers"]:
            if len(sticker["emoji"]) == 0:
                problem(manifest_path, f"{sticker['file']} has no emoji")
        for file in files:
            path = os.path.join(directory, file)
            if os.path.getsize(path) > 300 * 1024:
                problem(path, "over 300 KiB")
            with Image.open(path) as image:
                if image.format != "PNG" or image.size != (512, 512):
                    problem(path, f"{image.format} {image.size}, not a 512 x 512 PNG/APNG")
                if getattr(image, "n_frames", 1) > 1 and image.info.get("loop") != 0:
                    problem(path, f"an APNG that does not loop forever (loop {image.info.get('loop')})")


def check_discord(folder):
    for name, directory in pack_folders(folder):
        with open(os.path.join(directory, "stickers.json"), encoding="utf-8") as f:
            data = json.load(f)
        for sticker in data["stickers"]:
            path = os.path.join(directory, sticker["file"])
            if not 2 <= len(sticker["name"]) <= 30:
                problem(path, "name not 2-30 characters")
            if len(sticker["tags"]) > 200 or not sticker["tags"]:
                problem(path, "tags empty or over 200 characters")
            if os.path.getsize(path) > 512 * 1024:
                problem(path, "over 512 KiB")
            with Image.open(path) as image:
                if image.format != "PNG" or image.size != (320, 320):
                    problem(path, f"{image.format} {image.size}, not a 320 x 320 PNG/APNG")
            durations, _ = frames_ms(path)
            if len(durations) > 1 and sum(durations) > 5000:
                problem(path, f"animation of {sum(durations)} ms, over 5 s")


def check_accounted(folder, catalog, count_exported):
    """Every sticker of the catalog is either exported or named as refused in report.md."""
    with open(os.path.join(folder, "report.md"), encoding="utf-8") as f:
        report = f.read()
    stickers = []
    for pack in sorted(os.listdir(catalog)):
        if os.path.isdir(os.path.join(catalog, pack)):
            stickers += [f"{pack}/{n}" for n in os.listdir(os.path.join(catalog, pack)) if n.endswith((".png", ".gif"))]
    refused = [s for s in stickers if f"`{s}" in report.split("## Refused")[1]]
    packs_refused = [line for line in report.split("## Refused")[1].splitlines() if "pack.md" in line]
    refused_packs = {line.split("`")[1].split("/")[0] for line in packs_refused}
    in_refused_packs = [s for s in stickers if s.split("/")[0] in refused_packs and s not in refused]
    if count_exported + len(refused) + len(in_refused_packs) != len(stickers):
        problem(folder, f"{count_exported} exported + {len(refused)} refused + {len(in_refused_packs)} in refused packs != {len(stickers)} stickers")


def main(exports, catalog):
    contents = check_whatsapp(os.path.join(exports, "whatsapp"), catalog)
    check_accounted(os.path.join(exports, "whatsapp"), catalog, sum(len(p["stickers"]) for p in contents["sticker_packs"]))
    check_telegram(os.path.join(exports, "telegram"))
    check_signal(os.path.join(exports, "signal"))
    check_discord(os.path.join(exports, "discord"))
    for platform, suffixes in (("telegram", (".png", ".webm")), ("signal", (".png",)), ("discord", (".png",))):
        folder = os.path.join(exports, platform)
        count = sum(1 for root, _, files in os.walk(folder) for n in files
                    if n.endswith(suffixes) and n not in ("thumbnail.png", "cover.png"))
        check_accounted(folder, catalog, count)
    for line in problems:
        print(line)
    print(f"{len(problems)} problem(s)" if problems else "Every export meets its platform's numbers.")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
