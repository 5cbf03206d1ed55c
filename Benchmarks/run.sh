#!/usr/bin/env bash
# Peel's build benchmark. Makes deterministic synthetic catalogs from the sample art, then measures
# with a release `peel`:
#   - per-sticker decode and thumbnail times (peel-image-benchmark, one core);
#   - cold builds (no site, no cache), no-op rebuilds, and rebuilds after one sidecar and after
#     one image changed, of a STICKERS-sticker catalog: wall seconds, stickers/s, ms per sticker,
#     peak RSS, and how busy the cores were ((user + sys) / (wall × cores));
#   - when sigal is installed (on PATH or in .build-bench-venv/), sigal on the same catalog with
#     `-n <cores>`, a resized copy and one thumbnail per image, cold and no-op, and the ratios;
#   - when vipsthumbnail is installed (Debian libvips-tools), one 320 px thumbnail per file of the
#     same stickers against Peel doing the same job on one thread, and the ratio;
#   - cold builds of each SCALE count (default 5000) for peak memory and linear growth.
#
# usage: Benchmarks/run.sh [--install-peers] [STICKERS] [SCALE ...]     (default: 600 5000)
#   --install-peers  first installs sigal into .build-bench-venv/ (pip) and libvips-tools (apt)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--install-peers" ]; then
  shift
  python3 -m venv .build-bench-venv
  .build-bench-venv/bin/pip install -q 'sigal==2.6.1'
  command -v vipsthumbnail >/dev/null || {
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libvips-tools
  }
fi
stickers="${1:-600}"
shift || true
scales=("${@:-5000}")
work="${PEEL_BENCH_DIR:-${TMPDIR:-/tmp}/peel-bench}"
cores=$(nproc)
mkdir -p "$work"

swift build -c release --product peel >/dev/null
swift build -c release --product peel-image-benchmark >/dev/null
bin="$(swift build -c release --show-bin-path)"
peel="$bin/peel"

# Sample art: the eight 618×618 faces of content/ (the size the performance targets name).
mapfile -t art < <(ls content/faces/*.png | sort)

make_catalog() { # count folder
  local count=$1 folder=$2
  rm -rf "$folder"
  # Each sticker is a copy of sample art made unique by a tEXt chunk naming its index, so no two
  # files share bytes (as in a real catalog, and so content-hash caches are not flattered).
  python3 - "$count" "$folder" "${art[@]}" <<'PY'
import os, struct, sys, zlib
count, folder, art = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
for index in range(count):
    data = open(art[index % len(art)], "rb").read()
    body = b"tEXt" + b"Comment\0peel benchmark sticker %d" % index
    chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    pack = os.path.join(folder, "pack-%03d" % (index // 100))
    os.makedirs(pack, exist_ok=True)
    if index % 100 == 0:
        open(os.path.join(pack, "pack.md"), "w").write("---\ntitle: Pack %d\nsize: large\n---\nSynthetic pack.\n" % (index // 100))
    with open(os.path.join(pack, "sticker-%05d.png" % index), "wb") as out:
        out.write(data[:33] + chunk + data[33:])  # after the signature and IHDR
    open(os.path.join(pack, "sticker-%05d.md" % index), "w").write(
        "---\nalt: Synthetic sticker number %d\ntags: [bench]\n---\nA sticker made for the benchmark.\n" % index)
PY
}

# Runs a command under GNU time (for peak RSS and CPU time); sets seconds (wall, to the
# millisecond), rss_mb and busy (how busy the cores were).
measure() {
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f "%M %U %S" -o "$work/time.txt" "$@" >"$work/run.log" 2>&1 || { echo "failed: $*"; tail -20 "$work/run.log"; exit 1; }
  end=$(date +%s.%N)
  read -r rss_kb user sys <"$work/time.txt"
  seconds=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
  rss_mb=$(awk -v r="$rss_kb" 'BEGIN { printf "%.1f", r / 1024 }')
  busy=$(awk -v u="$user" -v s="$sys" -v w="$seconds" -v c="$cores" 'BEGIN { printf "%.0f%%", (100 * (u + s) / (w * c)) }')
}

row() { # label count
  awk -v label="$1" -v n="$2" -v s="$seconds" -v r="$rss_mb" -v b="$busy" \
    'BEGIN { printf "| %-22s | %6d | %8.3f | %9.1f | %10.2f | %8s | %5s |\n", label, n, s, n / s, 1000 * s / n, r, b }'
}

header() {
  echo "| run                    | stickers | seconds | stickers/s | ms/sticker | peak RSS MB | cores busy |"
  echo "|---|---|---|---|---|---|---|"
}

build() { # catalog site
  measure env CI=true "$peel" build "$1" -o "$2"
}

# median, retire (outputs moved aside, deleted at exit).
source Benchmarks/lib.sh   # the scripts run from the repository root

echo "## Per sticker, one core, median of 20 (decode = read + SHA-256 + every frame; thumbnails = 160 and 320 px, resampled and encoded)"
echo
"$bin/peel-image-benchmark" content/faces/grinning.png content/weather/sun.png \
  content/animals/cat.png content/motion/weather-cycle-apng.png content/motion/weather-cycle-gif.gif \
  Tests/PeelKitTests/Fixtures/catalog/pets/dog.jpg
echo

catalog="$work/catalog-$stickers"
site="$work/site-$stickers"
make_catalog "$stickers" "$catalog"
echo "## Builds of $stickers unique 618×618 stickers with sidecars ($cores cores)"
echo
header
cold=()
for run in 1 2 3; do
  retire "$site" "$work/.peel-cache"
  build "$catalog" "$site"; row "cold $run" "$stickers"; cold+=("$seconds")
done
noop=()
for run in 1 2 3; do
  build "$catalog" "$site"; row "no-op $run" "$stickers"; noop+=("$seconds")
  grep -q "^Up to date" "$work/run.log" || { echo "expected an up-to-date build:"; cat "$work/run.log"; exit 1; }
done
sed -i 's/^alt: .*/alt: A label that was edited/' "$catalog/pack-000/sticker-00007.md"
build "$catalog" "$site"; row "one sidecar changed" "$stickers"; sidecar="$seconds"
python3 - "$catalog/pack-000/sticker-00011.png" <<'PY'
import struct, sys, zlib
path = sys.argv[1]  # new bytes, as when art is exported again: its tEXt comment changes
data = open(path, "rb").read()
start = data.index(b"tEXtComment")
length = struct.unpack(">I", data[start - 4:start])[0]
body = b"tEXt" + b"Comment\0re-exported sticker 11"
chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
open(path, "wb").write(data[:start - 4] + chunk + data[start + 4 + length + 4:])
PY
build "$catalog" "$site"; row "one image changed" "$stickers"; image="$seconds"
tail -1 "$work/run.log" | sed 's/^/  last: /'
echo
peel_cold=$(printf "%s\n" "${cold[@]}" | median)
peel_noop=$(printf "%s\n" "${noop[@]}" | median)

sigal=""
if [ -x .build-bench-venv/bin/sigal ]; then sigal=.build-bench-venv/bin/sigal; elif command -v sigal >/dev/null; then sigal=$(command -v sigal); fi
if [ -n "$sigal" ]; then
  cat >"$work/sigal.conf.py" <<'PY'
# A resized copy and one thumbnail per image, as the performance issue specifies.
img_size = (618, 618)
make_thumbs = True
thumb_size = (320, 320)
keep_orig = False
zip_gallery = False
PY
  echo "## sigal $("$sigal" --version | awk '{ print $NF }') on the same catalog (-n $cores)"
  echo
  header
  retire "$work/sigal-site"
  measure "$sigal" build -c "$work/sigal.conf.py" -n "$cores" "$catalog" "$work/sigal-site"; row "sigal cold" "$stickers"; sigal_cold="$seconds"
  measure "$sigal" build -c "$work/sigal.conf.py" -n "$cores" "$catalog" "$work/sigal-site"; row "sigal no-op" "$stickers"; sigal_noop="$seconds"
  echo
  awk -v p="$peel_cold" -v s="$sigal_cold" -v pn="$peel_noop" -v sn="$sigal_noop" 'BEGIN {
    printf "Cold: Peel %.2f s (median of 3), sigal %.2f s: Peel is %.1f× faster.\n", p, s, s / p
    printf "No-op: Peel %.3f s, sigal %.3f s: Peel is %.1f× faster.\n\n", pn, sn, sn / pn }'
else
  echo "(sigal not installed: run Benchmarks/run.sh --install-peers for the comparison)"
  echo
fi

if command -v vipsthumbnail >/dev/null; then
  mapfile -t files < <(ls "$catalog"/pack-*/*.png | sort)
  echo "## One 320 px thumbnail per file, ${#files[@]} files (read, decode, shrink, encode: PNG for vipsthumbnail, WebP for Peel, write)"
  echo
  rm -rf "$work/vips" "$work/peel-thumbs"; mkdir -p "$work/vips"
  start=$(date +%s.%N)
  VIPS_CONCURRENCY=1 vipsthumbnail -s 320 -o "$work/vips/%s.png" "${files[@]}"
  vips_one=$(awk -v s="$start" -v e="$(date +%s.%N)" -v n="${#files[@]}" 'BEGIN { printf "%.2f", 1000 * (e - s) / n }')
  start=$(date +%s.%N)
  vipsthumbnail -s 320 -o "$work/vips/%s.png" "${files[@]}"
  vips_all=$(awk -v s="$start" -v e="$(date +%s.%N)" -v n="${#files[@]}" 'BEGIN { printf "%.2f", 1000 * (e - s) / n }')
  peel_line=$("$bin/peel-image-benchmark" --thumbnail-each 320 "$work/peel-thumbs" "${files[@]}")
  peel_one=$(echo "$peel_line" | sed -E 's/.*: ([0-9.]+) ms per thumbnail/\1/')
  echo "| tool | ms per thumbnail |"
  echo "|---|---|"
  echo "| vipsthumbnail $(vipsthumbnail --vips-version | awk '{ print $2 }'), one thread (VIPS_CONCURRENCY=1) | $vips_one |"
  echo "| vipsthumbnail, its default threads | $vips_all |"
  echo "| Peel, one thread | $peel_one |"
  echo
  awk -v p="$peel_one" -v v="$vips_one" -v a="$vips_all" 'BEGIN {
    printf "Peel on one thread is %.1f× faster per thumbnail than vipsthumbnail on one thread, %.1f× than vipsthumbnail on all cores.\n\n", v / p, a / p }'
else
  echo "(vipsthumbnail not installed: Debian's libvips-tools, or Benchmarks/run.sh --install-peers)"
  echo
fi

echo "## Scaling: cold builds"
echo
header
retire "$site" "$work/.peel-cache"
build "$catalog" "$site"; row "cold" "$stickers"
for count in "${scales[@]}"; do
  big="$work/catalog-$count"
  make_catalog "$count" "$big"
  retire "$work/site-$count" "$work/.peel-cache"
  build "$big" "$work/site-$count"; row "cold" "$count"
  build "$big" "$work/site-$count"; row "no-op" "$count"
  retire "$big" "$work/site-$count" "$work/.peel-cache"
done
echo
echo "machine: $cores cores, $(uname -m), $(swift --version 2>/dev/null | head -1)"
echo "command: Benchmarks/run.sh $stickers ${scales[*]}"
