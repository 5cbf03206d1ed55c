#!/usr/bin/env bash
# Peel against sigal 2.6.1 and Hugo on a varied catalog, in one run, cold and no-op, with ratios.
#
# The catalog is Benchmarks/make-varied-catalog.py's: COUNT different stickers (emoji art from
# Debian's fonts-noto-color-emoji) in packs of 100 cycling through the 300, 408 and 618 px size
# classes, one in twenty animated (GIF and APNG), each with a sidecar.
#
# What each tool does, from the same folder:
#   - Peel: `peel build` (a page per pack and per sticker, the originals published, 160 and 320 px
#     thumbnails as WebP, animated for animations; catalog.json, pack zips).
#   - sigal 2.6.1, `-n <cores>`: a gallery with a 618 px resized copy and a 320 px thumbnail of each
#     image (its defaults otherwise).
#   - Hugo (Debian's), Benchmarks/hugo-site/: the sidecars as content (a page per sticker, a page per
#     pack), the images as assets resized with `.Fit` to 160 and 320 px (Lanczos, the format of the
#     source: PNG or GIF) on the pack pages, the originals published from the sticker pages.
# Cold means no output and no cache (Peel's .peel-cache, Hugo's resources folder, sigal's output);
# a no-op build runs again with nothing changed. Each figure is the median of RUNS runs (default 3).
#
# usage: [PEEL=binary] [RUNS=n] Benchmarks/compare.sh [COUNT]       (default 600; installs sigal and Pillow into
#                                             .build-bench-venv/ when missing; needs Debian's
#                                             hugo and fonts-noto-color-emoji)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-600}"
runs="${RUNS:-3}"
work="${PEEL_BENCH_DIR:-${TMPDIR:-/tmp}/peel-compare}"
cores=$(nproc)
mkdir -p "$work"

if [ ! -x .build-bench-venv/bin/sigal ]; then
  python3 -m venv .build-bench-venv
  .build-bench-venv/bin/pip install -q 'sigal==2.6.1'  # brings Pillow, which the generator uses too
fi
command -v hugo >/dev/null || { echo "hugo is not installed (Debian: apt-get install hugo)"; exit 1; }

# PEEL=path/to/peel measures that binary instead of building one.
if [ -z "${PEEL:-}" ]; then
  swift build -c release --product peel >/dev/null
  peel="$(swift build -c release --show-bin-path)/peel"
else
  peel="$PEEL"
fi

catalog="$work/varied-$count"
if [ ! -f "$catalog/.complete" ]; then
  rm -rf "$catalog"
  .build-bench-venv/bin/python Benchmarks/make-varied-catalog.py "$count" "$catalog"
  touch "$catalog/.complete"
fi

# Wall seconds, and CPU seconds (user + sys, from GNU time): on a shared machine the wall time
# swings with the other load, the CPU time much less, so both are reported.
measure() { # command... → seconds, cpu
  local start end user sys
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$work/time.txt" "$@" >"$work/run.log" 2>&1 || { echo "failed: $*"; tail -20 "$work/run.log"; exit 1; }
  end=$(date +%s.%N)
  seconds=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
  read -r user sys <"$work/time.txt"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
}
# median, retire (outputs moved aside, deleted at exit).
source Benchmarks/lib.sh   # the scripts run from the repository root

# tool name, cold command (after its outputs are retired), outputs to retire
run_tool() { # name retire-paths-var command...
  local name=$1 outputs=$2; shift 2
  local cold=() noop=() cold_cpu=() run
  for run in $(seq "$runs"); do
    # shellcheck disable=SC2086
    retire ${!outputs}
    measure "$@"; cold+=("$seconds"); cold_cpu+=("$cpu")
  done
  for run in $(seq "$runs"); do measure "$@"; noop+=("$seconds"); done
  eval "${name}_cold=$(printf "%s\n" "${cold[@]}" | median)"
  eval "${name}_noop=$(printf "%s\n" "${noop[@]}" | median)"
  eval "${name}_cpu=$(printf "%s\n" "${cold_cpu[@]}" | median)"
  printf "| %-10s | %8s | %8s | %8s | %s |\n" "$name" "$(eval echo "\$${name}_cold")" "$(eval echo "\$${name}_cpu")" "$(eval echo "\$${name}_noop")" "${cold[*]} / ${noop[*]}"
}

cat >"$work/sigal.conf.py" <<'PY'
# A resized copy and one thumbnail per image.
img_size = (618, 618)
make_thumbs = True
thumb_size = (320, 320)
keep_orig = False
zip_gallery = False
PY
hugo_site="$work/hugo-site"
rm -rf "$hugo_site"; mkdir -p "$hugo_site"
cp -R Benchmarks/hugo-site/layouts "$hugo_site/"
sed -e "s|CATALOG|$catalog|" -e "s|RESOURCES|$work/hugo-resources|" Benchmarks/hugo-site/hugo.toml.in >"$hugo_site/hugo.toml"

echo "## $count varied stickers: Peel, sigal $(.build-bench-venv/bin/sigal --version | awk '{ print $NF }'), $(hugo version | awk '{ print $1, $2 }' | sed 's/-.*//') ($cores cores, median of $runs)"
echo
echo "| tool       | cold s   | cold CPU s | no-op s  | every run, wall s (cold / no-op) |"
echo "|---|---|---|---|---|"
peel_outputs="$work/peel-site $work/.peel-cache"
run_tool peel peel_outputs env CI=true "$peel" build "$catalog" -o "$work/peel-site"
grep -q "^Up to date" "$work/run.log" || { echo "expected an up-to-date Peel build:"; tail -5 "$work/run.log"; exit 1; }
sigal_outputs="$work/sigal-site"
run_tool sigal sigal_outputs .build-bench-venv/bin/sigal build -c "$work/sigal.conf.py" -n "$cores" "$catalog" "$work/sigal-site"
hugo_outputs="$work/hugo-public $work/hugo-resources"
run_tool hugo hugo_outputs hugo --source "$hugo_site" --destination "$work/hugo-public" --quiet
echo
# shellcheck disable=SC2154
awk -v p="$peel_cold" -v s="$sigal_cold" -v h="$hugo_cold" -v pn="$peel_noop" -v sn="$sigal_noop" -v hn="$hugo_noop" \
    -v pc="$peel_cpu" -v sc="$sigal_cpu" -v hc="$hugo_cpu" 'BEGIN {
  printf "Cold: Peel is %.1f× faster than sigal and %.1f× faster than Hugo.\n", s / p, h / p
  printf "Cold, CPU seconds: Peel uses %.1f× less than sigal and %.1f× less than Hugo.\n", sc / pc, hc / pc
  printf "No-op: Peel is %.1f× faster than sigal and %.1f× faster than Hugo.\n", sn / pn, hn / pn }'
echo
echo "Files written: Peel $(find "$work/peel-site" -type f | wc -l), sigal $(find "$work/sigal-site" -type f | wc -l), Hugo $(find "$work/hugo-public" -type f | wc -l)"
echo "machine: $cores cores, $(uname -m), $(swift --version 2>/dev/null | head -1)"
echo "command: Benchmarks/compare.sh $count"
