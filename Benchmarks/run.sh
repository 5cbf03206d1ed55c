#!/usr/bin/env bash
# Peel build benchmark: makes deterministic synthetic catalogs from the sample art, runs cold
# builds of a release `peel`, and prints stickers/s, ms per sticker and peak RSS.
#
# usage: Benchmarks/run.sh [STICKER_COUNT ...]     (default: 600)
set -euo pipefail
cd "$(dirname "$0")/.."

counts=("${@:-600}")
work="${PEEL_BENCH_DIR:-${TMPDIR:-/tmp}/peel-bench}"
mkdir -p "$work"

swift build -c release --product peel >/dev/null
swift build -c release --product peel-image-benchmark >/dev/null
peel="$(swift build -c release --show-bin-path)/peel"

# Sample art: the eight 618×618 faces of content/ (the size the performance targets name).
mapfile -t art < <(ls content/faces/*.png | sort)

make_catalog() { # count folder
  local count=$1 folder=$2
  rm -rf "$folder"
  # Each sticker is a copy of sample art made unique by a tEXt chunk naming its index, so no two
  # files share bytes (as in a real catalog, and so content-hash caches are not flattered).
  python3 - "$count" "$folder" "${art[@]}" <<'PY'
import struct, sys, zlib, os
count, folder, art = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
for index in range(count):
    data = open(art[index % len(art)], "rb").read()
    body = b"tEXt" + b"Comment\0peel benchmark sticker %d" % index
    chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    pack = os.path.join(folder, "pack-%03d" % (index // 100))
    os.makedirs(pack, exist_ok=True)
    with open(os.path.join(pack, "sticker-%05d.png" % index), "wb") as out:
        out.write(data[:33] + chunk + data[33:])  # after the signature and IHDR
PY
  local per_pack=100 index=0
  while [ "$index" -lt "$count" ]; do
    local pack
    pack=$(printf "pack-%03d" $((index / per_pack)))
    if [ $((index % per_pack)) -eq 0 ]; then
      printf -- "---\ntitle: Pack %s\nsize: large\n---\nSynthetic pack.\n" "$pack" >"$folder/$pack/pack.md"
    fi
    local name
    name=$(printf "sticker-%05d" "$index")
    printf -- "---\nalt: Synthetic sticker number %d\ntags: [bench]\n---\nA sticker made for the benchmark.\n" "$index" >"$folder/$pack/$name.md"
    index=$((index + 1))
  done
}

echo "Per sticker, one core, median of 20 (decode = read + SHA-256 + every frame; thumbnails = 160 and 320 px boxes, resampled and encoded):"
echo
"$(swift build -c release --show-bin-path)/peel-image-benchmark" content/faces/grinning.png content/weather/sun.png \
  content/animals/cat.png content/motion/weather-cycle-apng.png content/motion/weather-cycle-gif.gif \
  Tests/PeelKitTests/Fixtures/catalog/pets/dog.jpg
echo

printf "%-10s %-12s %10s %12s %14s %12s\n" "stickers" "run" "seconds" "stickers/s" "ms/sticker" "peak RSS MB"
for count in "${counts[@]}"; do
  catalog="$work/catalog-$count"
  make_catalog "$count" "$catalog"
  for run in cold-1 cold-2 cold-3; do
    rm -rf "$work/site-$count"
    /usr/bin/time -f "%e %M" -o "$work/time.txt" env CI=true "$peel" build "$catalog" -o "$work/site-$count" >"$work/build.log" 2>&1 \
      || { echo "build failed:"; cat "$work/build.log"; exit 1; }
    read -r seconds rss_kb <"$work/time.txt"
    awk -v n="$count" -v s="$seconds" -v r="$rss_kb" -v run="$run" \
      'BEGIN { printf "%-10d %-12s %10.2f %12.1f %14.2f %12.1f\n", n, run, s, n / s, 1000 * s / n, r / 1024 }'
  done
done
echo "machine: $(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1)"
