#!/usr/bin/env bash
# The art checks' cost on the benchmark catalog (the same STICKERS-sticker catalog as run.sh:
# copies of the eight 618×618 faces of content/, each made unique by a tEXt chunk, with sidecars):
#   - `peel check --no-art-checks` (labels and files only), the reference;
#   - the first `peel check` (art checks, empty cache), and with `--no-cache`;
#   - the warm `peel check` (every art cached): its art-check part is warm − reference;
#   - `peel check` after one sidecar's label changed (no art is inspected again);
#   - a plain cold `peel build` (no art checks) and one with `--art-checks`, then warm.
# Each figure is the median wall time of RUNS runs (default 3), from GNU time, with user + sys.
#
# usage: Benchmarks/art-checks.sh [STICKERS] [RUNS]     (default: 600 3)
#        PEEL=path/to/peel Benchmarks/art-checks.sh     (default: a release build, made first)
set -euo pipefail
cd "$(dirname "$0")/.."
stickers="${1:-600}"
runs="${2:-3}"
work="${PEEL_BENCH_DIR:-${TMPDIR:-/tmp}/peel-bench-art}"
if [ -z "${PEEL:-}" ]; then
  swift build -c release --product peel >/dev/null
  PEEL="$(swift build -c release --show-bin-path)/peel"
fi
rm -rf "$work"
mkdir -p "$work"
mapfile -t art < <(ls content/faces/*.png | sort)
python3 - "$stickers" "$work/catalog/content" "${art[@]}" <<'PY'
import os, struct, sys, zlib
count, folder, art = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
os.makedirs(folder, exist_ok=True)
open(os.path.join(folder, "site.md"), "w").write("---\ntitle: Benchmark\n---\n")
for index in range(count):
    data = open(art[index % len(art)], "rb").read()
    body = b"tEXt" + b"Comment\0peel benchmark sticker %d" % index
    chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    pack = os.path.join(folder, "pack-%03d" % (index // 100))
    os.makedirs(pack, exist_ok=True)
    if index % 100 == 0:
        open(os.path.join(pack, "pack.md"), "w").write("---\ntitle: Pack %d\nsize: large\n---\nSynthetic pack.\n" % (index // 100))
    with open(os.path.join(pack, "sticker-%05d.png" % index), "wb") as out:
        out.write(data[:33] + chunk + data[33:])
    open(os.path.join(pack, "sticker-%05d.md" % index), "w").write("---\nalt: Face number %d\n---\n" % index)
PY
cd "$work/catalog"

# Runs "$@" RUNS times after `before` (a shell snippet run untimed before each run); prints the
# median wall seconds and its user + sys.
measure() {
  local label=$1 before=$2
  shift 2
  local results=()
  for _ in $(seq "$runs"); do
    eval "$before"
    /usr/bin/time -f "%e %U %S" -o time.txt "$@" >run.log 2>&1 || [ $? -eq 1 ] || { echo "failed: $*"; tail -5 run.log; exit 1; }
    results+=("$(cat time.txt)")
  done
  printf '%s\n' "${results[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p" \
    | awk -v label="$label" '{ printf "%-48s %7.3f s wall  %7.3f s cpu\n", label, $1, $2 + $3 }'
}

echo "$stickers stickers, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $("$PEEL" --version)"
measure "check --no-art-checks" ":" "$PEEL" check content --no-art-checks
measure "check, art checks, no cache (--no-cache)" ":" "$PEEL" check content --no-cache
measure "check, art checks, first (empty cache)" "rm -rf .peel-cache" "$PEEL" check content
measure "check, art checks, warm" ":" "$PEEL" check content
measure "check, warm, after one label changed" \
  "sed -i 's/^alt: Face number 7\$/alt: Face number seven/; t; s/^alt: Face number seven\$/alt: Face number 7/' content/pack-000/sticker-00007.md" \
  "$PEEL" check content
measure "build, plain, cold (--no-cache)" "rm -rf _site" "$PEEL" build content -o _site --no-cache
measure "build --art-checks, cold (empty caches)" "rm -rf _site .peel-cache" "$PEEL" build content -o _site --art-checks
measure "build --art-checks, one label changed" \
  "sed -i 's/^alt: Face number 7\$/alt: Face number seven/; t; s/^alt: Face number seven\$/alt: Face number 7/' content/pack-000/sticker-00007.md" \
  "$PEEL" build content -o _site --art-checks
