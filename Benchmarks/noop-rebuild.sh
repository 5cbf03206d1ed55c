#!/usr/bin/env bash
# No-op rebuild time of a release `peel build`: for each COUNT, a generated catalog
# (Benchmarks/incremental-catalog.py, made once and kept), one cold build, then RUNS builds with
# nothing changed; prints each no-op's wall time (process start to exit) and min / median / max.
#
# usage: Benchmarks/noop-rebuild.sh [RUNS] [COUNT ...]     (default: 10 600 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-10}"
shift || true
counts=("${@:-600 20000}")
work="${PEEL_BENCH_DIR:-${TMPDIR:-/tmp}/peel-bench}"
mkdir -p "$work"

# PEEL_BIN=path measures that binary instead of building a release one.
if [ -n "${PEEL_BIN:-}" ]; then peel="$PEEL_BIN"; else
  swift build -c release --product peel >/dev/null
  peel="$(swift build -c release --show-bin-path)/peel"
fi

for count in ${counts[@]}; do
  content="$work/noop-$count/content"
  [ -f "$content/site.md" ] || python3 Benchmarks/incremental-catalog.py "$count" "$content"
  rm -rf "$work/noop-$count/site" "$work/noop-$count/.peel-cache"
  start=$(date +%s.%N)
  "$peel" build "$content" -o "$work/noop-$count/site" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$count stickers: cold build $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }') s"
  python3 - "$peel" "$content" "$work/noop-$count/site" "$runs" "$count" <<'PY'
import statistics, subprocess, sys, time
peel, content, site, runs, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
times = []
for _ in range(runs):
    start = time.perf_counter()
    result = subprocess.run([peel, "build", content, "-o", site], capture_output=True, text=True)
    times.append((time.perf_counter() - start) * 1000)
    if "Up to date" not in result.stdout:
        sys.exit("not a no-op: " + result.stdout + result.stderr)
print("%s stickers: no-op rebuild min %.0f ms, median %.0f ms, max %.0f ms over %d runs"
      % (count, min(times), statistics.median(times), max(times), runs))
PY
done
