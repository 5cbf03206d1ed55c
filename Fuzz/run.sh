#!/usr/bin/env bash
# Fuzzes Peel's parsers with libFuzzer and AddressSanitizer: the image decoders (PNG, APNG, GIF,
# JPEG, and thumbnails of what they decode) and front matter with Markdown. Seeds come from the
# test fixtures. A crash leaves its input in .build-fuzz/artifacts/; add it to
# Tests/PeelKitTests/Fixtures/fuzz/ as a regression test once fixed.
#
# usage: Fuzz/run.sh [SECONDS_PER_TARGET]     (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
scratch=".build-fuzz"

swift build -c debug --package-path Fuzz --product peel-fuzz --scratch-path "$scratch" \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
  -Xcc -fsanitize=address,fuzzer-no-link -Xswiftc -use-ld=lld >"$scratch.log" 2>&1 \
  || { tail -30 "$scratch.log"; exit 1; }
fuzzer="$scratch/debug/peel-fuzz"
fixtures=Tests/PeelKitTests/Fixtures
mkdir -p "$scratch/artifacts" "$scratch/corpus/image" "$scratch/corpus/frontmatter"
cp "$fixtures"/pngsuite/*.png "$fixtures"/apng/*.png "$fixtures"/animated/*.png "$fixtures"/animated/*.gif \
   "$fixtures"/jpeg/*.jpg "$fixtures"/catalog/pets/*.gif "$fixtures"/fuzz/* "$scratch/corpus/image/"
find "$fixtures/catalog" content -name '*.md' -exec cp {} "$scratch/corpus/frontmatter/" \;

status=0
for target in image frontmatter; do
  echo "fuzzing $target for ${seconds}s"
  PEEL_FUZZ_TARGET=$target "$fuzzer" "$scratch/corpus/$target" -max_total_time="$seconds" -max_len=65536 \
    -rss_limit_mb=4096 -timeout=20 -print_final_stats=1 -artifact_prefix="$scratch/artifacts/$target-" \
    >"$scratch/$target.log" 2>&1 || status=1
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$scratch/$target.log" | sed "s/^/  /" || true
  if grep -q "ERROR: " "$scratch/$target.log"; then
    echo "  crash found; input and log in $scratch/"; grep -m1 -A3 "ERROR: " "$scratch/$target.log"; status=1
  fi
done
exit $status
