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
peel="$(swift build -c release --show-bin-path)/peel"

# Sample art: the 618×618 faces and the 408×408 weather stickers of content/.
mapfile -t art < <(ls content/faces/*.png content/weather/*.png | sort)

make_catalog() { # count folder
  local count=$1 folder=$2
  rm -rf "$folder"
  local per_pack=100 index=0
  while [ "$index" -lt "$count" ]; do
    local pack
    pack=$(printf "pack-%03d" $((index / per_pack)))
    if [ ! -d "$folder/$pack" ]; then
      mkdir -p "$folder/$pack"
      printf -- "---\ntitle: Pack %s\nsize: large\n---\nSynthetic pack.\n" "$pack" >"$folder/$pack/pack.md"
    fi
    local name
    name=$(printf "sticker-%05d" "$index")
    cp "${art[$((index % ${#art[@]}))]}" "$folder/$pack/$name.png"
    printf -- "---\nalt: Synthetic sticker number %d\ntags: [bench]\n---\nA sticker made for the benchmark.\n" "$index" >"$folder/$pack/$name.md"
    index=$((index + 1))
  done
}

printf "%-10s %-12s %10s %12s %14s %12s\n" "stickers" "run" "seconds" "stickers/s" "ms/sticker" "peak RSS MB"
for count in "${counts[@]}"; do
  catalog="$work/catalog-$count"
  make_catalog "$count" "$catalog"
  for run in cold-1 cold-2 cold-3; do
    rm -rf "$work/site-$count"
    /usr/bin/time -f "%e %M" -o "$work/time.txt" env CI=true "$peel" build "$catalog" -o "$work/site-$count" >/dev/null
    read -r seconds rss_kb <"$work/time.txt"
    awk -v n="$count" -v s="$seconds" -v r="$rss_kb" -v run="$run" \
      'BEGIN { printf "%-10d %-12s %10.2f %12.1f %14.2f %12.1f\n", n, run, s, n / s, 1000 * s / n, r / 1024 }'
  done
done
echo "machine: $(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1)"
