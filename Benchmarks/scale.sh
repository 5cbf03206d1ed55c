#!/usr/bin/env bash
# Peel at catalog scale: cold builds (no site, no cache) of generated catalogs of each COUNT, as
# a user runs them (writing the build cache, the default) and with --no-cache
# (Benchmarks/make-scale-catalog.py: distinct drawings, packs of 100, the three size classes,
# one sticker in 25 an APNG), with wall time, time per 1,000 stickers and peak RSS (GNU time);
# then the largest catalog built as SHARDS shards one after the other (as a CI matrix would run
# them on SHARDS machines) and merged, with each shard's and the merge's time and peak RSS, and a
# check that the merged site is byte for byte the single build's. With --languages, every catalog
# is also built cold in those languages besides its own (Benchmarks/add-translations.py: a
# translation file per sticker and language, pages in every language, labels spell-checked in each).
#
# usage: Benchmarks/scale.sh [--shards N] [--languages "fr ar"] [COUNT ...]
#        (default: --shards 4, no other language, 2000 5000 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
shards=4
languages=""
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) shards=$2; shift 2 ;;
    --languages) languages=$2; shift 2 ;;
    *) break ;;
  esac
done
counts=("${@:-2000 5000 20000}")
read -r -a counts <<<"${counts[*]}"
work="${PEEL_BENCH_DIR:-${TMPDIR:-/tmp}/peel-scale}"
mkdir -p "$work"
swift build -c release --product peel >/dev/null
peel="$(swift build -c release --show-bin-path)/peel"

measure() { # label count command...
  local label=$1 count=$2
  shift 2
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$work/time.txt" env CI=true "$@" >"$work/run.log" 2>&1 || { echo "failed: $*"; tail -20 "$work/run.log"; exit 1; }
  end=$(date +%s.%N)
  awk -v label="$label" -v n="$count" -v s="$start" -v e="$end" -v r="$(cat "$work/time.txt")" \
    'BEGIN { printf "| %-24s | %6d | %8.2f | %8.2f | %7.1f |\n", label, n, e - s, 1000 * (e - s) / n, r / 1024 }'
}

echo "| run | stickers | seconds | s per 1,000 | peak RSS MB |"
echo "|---|---|---|---|---|"
largest=0
for count in "${counts[@]}"; do
  catalog="$work/catalog-$count"
  [ -f "$catalog/.complete" ] || { python3 Benchmarks/make-scale-catalog.py "$count" "$catalog"; touch "$catalog/.complete"; }
  rm -rf "$work/site-$count" "$work/.peel-cache"
  measure "cold build" "$count" "$peel" build "$catalog" -o "$work/site-$count"
  rm -rf "$work/site-$count" "$work/.peel-cache"
  measure "cold build, --no-cache" "$count" "$peel" build "$catalog" -o "$work/site-$count" --no-cache
  if [ -n "$languages" ]; then
    translated="$work/catalog-$count-${languages// /-}"
    if [ ! -f "$translated/.complete" ]; then
      rm -rf "$translated"
      cp -al "$catalog" "$translated"
      # shellcheck disable=SC2086
      python3 Benchmarks/add-translations.py "$translated" $languages
      touch "$translated/.complete"
    fi
    rm -rf "$work/site-translated" "$work/.peel-cache"
    measure "cold build, en $languages" "$count" "$peel" build "$translated" -o "$work/site-translated"
    rm -rf "$work/site-translated" "$work/.peel-cache"
  fi
  largest=$count
done

catalog="$work/catalog-$largest"
rm -rf "$work/shards" "$work/merged" "$work/shard-caches"
for index in $(seq 1 "$shards"); do
  measure "shard $index/$shards (cold)" "$((largest / shards))" \
    "$peel" build "$catalog" --shard "$index/$shards" -o "$work/shards/$index" --cache-dir "$work/shard-caches/$index"
done
measure "merge of $shards shards" "$largest" "$peel" merge "$catalog" "$work"/shards/* -o "$work/merged"
if diff -r -q "$work/site-$largest" "$work/merged" >/dev/null; then
  echo; echo "The merged site is byte for byte the single build's ($largest stickers)."
else
  echo; echo "The merged site differs from the single build:"; diff -r -q "$work/site-$largest" "$work/merged" | head; exit 1
fi
