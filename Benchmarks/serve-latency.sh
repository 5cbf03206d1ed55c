#!/usr/bin/env bash
# Edit-to-reload latency of `peel serve`: starts a release `peel serve` on a generated catalog
# (Benchmarks/incremental-catalog.py), then EDITS times rewrites one sticker's sidecar with a new
# label of the same length (the case that once went unseen) and polls the sticker's page over HTTP
# until the new label is served. Prints each latency and min / median / max, from the end of the
# write to the first answer holding the new text; an edit not served within 10 s is reported as
# LOST and fails the run.
#
# usage: Benchmarks/serve-latency.sh [STICKERS] [EDITS] [GAP_SECONDS]   (default: 600 20 0.3)
#   PEEL_SERVE_FLAGS=--no-art-checks  passes flags to peel serve (default: none, as a user runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
stickers="${1:-600}"
edits="${2:-20}"
gap="${3:-0.3}"
work="${PEEL_BENCH_DIR:-${TMPDIR:-/tmp}/peel-bench}/serve-$stickers"
mkdir -p "$work"

# PEEL_BIN=path measures that binary instead of building a release one.
if [ -n "${PEEL_BIN:-}" ]; then peel="$PEEL_BIN"; else
  swift build -c release --product peel >/dev/null
  peel="$(swift build -c release --show-bin-path)/peel"
fi
[ -f "$work/content/site.md" ] || python3 Benchmarks/incremental-catalog.py "$stickers" "$work/content"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$peel" serve "$work/content" --port "$port" ${PEEL_SERVE_FLAGS:-} >"$work/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT

python3 - "$port" "$work/content" "$edits" "$gap" <<'PY'
import http.client, os, statistics, sys, time
port, content, edits, gap = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
sidecar = os.path.join(content, "pack-0002", "sticker-00250.md")
page = "/pack-0002/sticker-00250/index.html"

def get(path):
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read().decode("utf-8", "replace")
        connection.close()
        return response.status, body
    except OSError:
        return 0, ""

deadline = time.time() + 600
while get(page)[0] != 200:
    if time.time() > deadline:
        sys.exit("peel serve did not serve %s" % page)
    time.sleep(0.1)

latencies, lost = [], 0
for edit in range(edits):
    label = "Edited label %06d" % (5000 + edit)   # the same length every time
    text = "---\nalt: %s\ntitle: Sticker 250\ntags: [generated]\n---\nGenerated sticker number 250.\n" % label
    with open(sidecar, "w") as out:
        out.write(text)
    saved = time.perf_counter()
    while label not in get(page)[1]:
        if time.perf_counter() - saved > 10:
            print("edit %d: LOST (%s not served after 10 s)" % (edit + 1, label))
            lost += 1
            break
        time.sleep(0.002)
    else:
        latencies.append((time.perf_counter() - saved) * 1000)
        print("edit %d: %.0f ms" % (edit + 1, latencies[-1]))
    time.sleep(gap)
if latencies:
    print("edit to reload at %s: min %.0f ms, median %.0f ms, max %.0f ms over %d edits, %d lost"
          % (content, min(latencies), statistics.median(latencies), max(latencies), len(latencies), lost))
sys.exit(1 if lost else 0)
PY
