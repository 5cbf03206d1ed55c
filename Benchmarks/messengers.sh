#!/usr/bin/env bash
# Peel's messenger exports against sticker-convert 2.21 (laggykiller/sticker-convert, from PyPI, run
# as its own command-line tool from a venv) on the same stickers, in one run, with ratios.
#
# The set is Benchmarks/make-messenger-set.py's: STATIC different still stickers (default 40) and
# ANIMATED animated ones (default 4: two GIFs and two APNGs of 12, 16, 20 and 24 frames, 2 s at
# most), all 618x618 with transparency, emoji art from Debian's fonts-noto-color-emoji; as a Peel
# catalog (WORK/content: site.md, one pack bench/ with a sidecar per sticker giving alt: and emoji:)
# and the same files laid flat in WORK/flat/, sticker-convert's input.
#
# What each tool does, each run into a fresh output folder:
#   - sticker-convert 2.21.0.0, `--preset whatsapp` and `--preset telegram`, `--processes 2`,
#     `--no-confirm --no-progress`, no download and no `--export-*` (it saves to the local folder
#     only, nothing is uploaded): WhatsApp, 512x512 WebP (still or animated); Telegram, 512 px PNG
#     for stills and VP9 WebM for animations. For each file it searches its quality, colour and fps
#     settings, encoding the sticker again until the output is as large as the limit allows (five
#     encodes a sticker on this set).
#   - Peel: `peel export whatsapp CONTENT -o OUT` and `peel export telegram CONTENT -o OUT`.
# Each figure is the median of RUNS runs (default 3) of wall seconds; CPU seconds (user + sys, GNU
# time) are shown too, as the wall time swings with other load on a shared machine. The runs take
# turns (sticker-convert WhatsApp, Peel WhatsApp, sticker-convert Telegram, Peel Telegram), so a
# slow spell on the machine falls on both tools. When PEEL is not an executable or a Peel export
# fails, its cells read "peel: not available" and sticker-convert is still timed.
#
# Setup: the venv .build-bench-venv-sc/ (made on first use; ignored by git as .build-*/) gets
# sticker-convert==2.21.0.0 and Pillow (the generator's) from PyPI. All of sticker-convert's
# dependencies come as manylinux wheels (PyAV with its own FFmpeg and libvpx, imagequant,
# pyoxipng, apngasm, rlottie), linked against nothing beyond libc6, libgcc-s1 and zlib1g, and the
# command line never loads Tk: no display, no python3-tk. Debian packages: python3 and python3-venv
# (the venv), fonts-noto-color-emoji and fonts-dejavu-core (the generator's art and captions).
# sticker-convert makes an (empty) ~/.config/sticker-convert/.
#
# usage: [PEEL=binary] [RUNS=n] Benchmarks/messengers.sh [STATIC [ANIMATED]]   (default 40 4;
#        PEEL defaults to .build/release/peel, which this script does not build; the work folder
#        is PEEL_BENCH_DIR, default ${TMPDIR:-/tmp}/peel-messengers)
set -euo pipefail
cd "$(dirname "$0")/.."
count_static="${1:-40}"
count_animated="${2:-4}"
runs="${RUNS:-3}"
peel="${PEEL:-.build/release/peel}"
work="${PEEL_BENCH_DIR:-${TMPDIR:-/tmp}/peel-messengers}"
venv=.build-bench-venv-sc
processes=2
mkdir -p "$work"

if [ ! -x "$venv/bin/sticker-convert" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q 'sticker-convert==2.21.0.0' Pillow
fi
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] ||
  { echo "the generator needs Debian's fonts-noto-color-emoji (apt-get install fonts-noto-color-emoji)"; exit 1; }

content="$work/content"
flat="$work/flat"
set_id="$count_static $count_animated $(cat Benchmarks/make-messenger-set.py Benchmarks/make-varied-catalog.py | cksum)"
if [ "$(cat "$work/set.complete" 2>/dev/null)" != "$set_id" ]; then
  rm -f "$work/set.complete"
  "$venv/bin/python" Benchmarks/make-messenger-set.py "$count_static" "$count_animated" "$content"
  echo "$set_id" >"$work/set.complete"
fi
total=$((count_static + count_animated))

peel_ok=yes
if [ ! -x "$peel" ]; then
  peel_ok=no
  peel_why="$peel is not an executable (build it with swift build -c release --product peel, or set PEEL)"
else
  peel="$(cd "$(dirname "$peel")" && pwd)/$(basename "$peel")"
fi

# Wall seconds into $seconds, CPU seconds (user + sys) into $cpu; the output into $work/run.log.
measure() { # command... → status
  local start end user sys status=0
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$work/time.txt" "$@" >"$work/run.log" 2>&1 || status=$?
  end=$(date +%s.%N)
  seconds=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')
  read -r user sys < <(tail -1 "$work/time.txt")
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  return "$status"
}
# median, retire (outputs moved aside, deleted at exit).
source Benchmarks/lib.sh   # the scripts run from the repository root

declare -A wall cpus encodes
for run in $(seq "$runs"); do
  for preset in whatsapp telegram; do
    out="$work/sc-$preset"
    retire "$out"; mkdir -p "$out"
    measure "$venv/bin/sticker-convert" --no-confirm --no-progress --input-dir "$flat" --output-dir "$out" \
        --preset "$preset" --processes "$processes" ||
      { echo "failed: sticker-convert --preset $preset"; tail -20 "$work/run.log"; exit 1; }
    grep -q "^Compress: $total/$total stickers success" "$work/run.log" ||
      { echo "sticker-convert --preset $preset did not compress all $total stickers:"; tail -8 "$work/run.log"; exit 1; }
    wall[sc-$preset]+="$seconds "; cpus[sc-$preset]+="$cpu "
    encodes[$preset]=$(grep -c '^\[C\] Compressing' "$work/run.log" || true)
    cp "$work/run.log" "$work/sc-$preset.log"

    out="$work/peel-$preset"
    retire "$out"
    if [ "$peel_ok" = yes ]; then
      if measure env CI=true "$peel" export "$preset" "$content" -o "$out"; then
        wall[peel-$preset]+="$seconds "; cpus[peel-$preset]+="$cpu "
      else
        status=$?
        peel_ok=no
        peel_why="\`peel export $preset\` failed (exit status $status): $(tail -3 "$work/run.log" | tr '\n' ' ')"
      fi
    fi
  done
done

sc_version=$("$venv/bin/sticker-convert" --version 2>/dev/null | tail -1 | awk '{ print $NF }')
echo "## $total stickers ($count_static still, $count_animated animated, 618 px): sticker-convert $sc_version (--processes $processes) and Peel ($(nproc) cores, median of $runs)"
echo
echo "| preset   | sticker-convert s | Peel s | ratio (sticker-convert / Peel) | sticker-convert CPU s | Peel CPU s | every run, wall s (sticker-convert / Peel) |"
echo "|---|---|---|---|---|---|---|"
for preset in whatsapp telegram; do
  read -r -a sc_runs <<<"${wall[sc-$preset]}"
  sc=$(printf "%s\n" "${sc_runs[@]}" | median)
  sc_cpu=$(printf "%s\n" ${cpus[sc-$preset]} | median)
  if [ "$peel_ok" = yes ]; then
    read -r -a peel_runs <<<"${wall[peel-$preset]}"
    pe=$(printf "%s\n" "${peel_runs[@]}" | median)
    pe_cpu=$(printf "%s\n" ${cpus[peel-$preset]} | median)
    ratio=$(awk -v s="$sc" -v p="$pe" 'BEGIN { printf "%.1f×", s / p }')
    every="${sc_runs[*]} / ${peel_runs[*]}"
  else
    pe="peel: not available"; pe_cpu="peel: not available"; ratio="peel: not available"
    every="${sc_runs[*]} / -"
  fi
  printf "| %-8s | %s | %s | %s | %s | %s | %s |\n" "$preset" "$sc" "$pe" "$ratio" "$sc_cpu" "$pe_cpu" "$every"
done
[ "$peel_ok" = yes ] || { echo; echo "peel: not available: $peel_why"; }

# What each tool wrote (the last run's output): files, by extension, bytes.
summary() { # label folder
  local label=$1 folder=$2
  if [ ! -d "$folder" ]; then printf "| %-24s | - | - | - |\n" "$label"; return; fi
  local files bytes kinds
  files=$(find "$folder" -type f | wc -l)
  bytes=$(find "$folder" -type f -printf "%s\n" | awk '{ t += $1 } END { print t + 0 }')
  kinds=$(find "$folder" -type f -printf "%f\n" | awk -F. '{ print (NF > 1 ? $NF : "(none)") }' | sort | uniq -c |
          awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }')
  printf "| %-24s | %d | %s | %s |\n" "$label" "$files" "$kinds" "$bytes"
}
echo
echo "| output                   | files | by extension | bytes |"
echo "|---|---|---|---|"
for preset in whatsapp telegram; do
  summary "sticker-convert $preset" "$work/sc-$preset"
  summary "Peel $preset" "$work/peel-$preset"
done
echo
echo "sticker-convert encodes (last run): WhatsApp ${encodes[whatsapp]}, Telegram ${encodes[telegram]}, for $total stickers (it re-encodes each until the size is as close under the limit as its steps allow); logs: $work/sc-whatsapp.log, $work/sc-telegram.log"
echo "machine: $(nproc) cores, $(uname -m), $(python3 --version 2>&1)"
echo "command: RUNS=$runs Benchmarks/messengers.sh $count_static $count_animated"
