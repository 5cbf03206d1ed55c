#!/usr/bin/env bash
# Fuzzes Peel's parsers with libFuzzer and AddressSanitizer, one target after another, each for a
# bounded time:
#   png          PNG and APNG decoding (libpng, Peel's APNG parser and compositor) and thumbnails
#   gif          GIF decoding (giflib, the compositor) and thumbnails
#   jpeg         JPEG decoding (libjpeg-turbo, EXIF orientation) and thumbnails
#   frontmatter  UTF-8 decoding, YAML front matter, the typed readers and Markdown
#   markdown     Markdown bodies alone, pipe tables and their size guard included
#   request      peel serve's request head reader and parser (seeds in Fuzz/seeds/request/)
# A single allocation over 512 MB counts as a crash: Peel must refuse what a header claims before
# allocating it. Seeds come from the minimised corpus kept in the repository (Fuzz/corpus/<target>/,
# refreshed by Fuzz/merge-corpus.sh after long runs), the test fixtures and the sample content; the
# working corpus grows in .build-fuzz/corpus/ across runs. A crash stops that target, leaves its input in .build-fuzz/artifacts/ and makes the
# script fail; once fixed, copy the input into Tests/PeelKitTests/Fixtures/fuzz/ (any image
# extension, or .md for front matter) where FuzzRegressionTests replays it on every test run.
#
# usage: Fuzz/run.sh [SECONDS_PER_TARGET [TARGET...]]     (default: 60 seconds, every target)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(png gif jpeg frontmatter markdown request)
scratch=".build-fuzz"
mkdir -p "$scratch/artifacts"

echo "building the fuzzer (ASan + libFuzzer; log in $scratch/build.log)"
# No manifest caching: Peel is a path dependency here, and SwiftPM would miss its new source files.
swift build -c debug --package-path Fuzz --product peel-fuzz --scratch-path "$scratch" --disable-build-manifest-caching \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
  -Xcc -fsanitize=address,fuzzer-no-link -Xswiftc -use-ld=lld >"$scratch/build.log" 2>&1 \
  || { tail -30 "$scratch/build.log"; exit 1; }
fuzzer="$scratch/debug/peel-fuzz"

# Seeds: the kept corpus, every fixture of the target's kind wherever it lives, and past regression inputs.
fixtures=Tests/PeelKitTests/Fixtures
seed() {  # seed TARGET find-name-patterns...
  local corpus="$scratch/corpus/$1" kept="Fuzz/corpus/$1"; shift
  mkdir -p "$corpus"
  [ -d "$kept" ] && cp "$kept"/* "$corpus"/ 2>/dev/null || true
  # Named by content, so files of the same name in different folders all count.
  find "$fixtures" content -type f \( "$@" \) -size -1000k -print0 |
    while IFS= read -r -d '' file; do cp "$file" "$corpus/seed-$(sha1sum <"$file" | cut -c1-16)"; done
}
seed png -name '*.png'
seed gif -name '*.gif'
seed jpeg -name '*.jpg' -o -name '*.jpeg'
seed frontmatter -name '*.md'
seed markdown -name '*.md'
mkdir -p "$scratch/corpus/request" && cp Fuzz/seeds/request/* "$scratch/corpus/request/"
[ -d Fuzz/corpus/request ] && cp Fuzz/corpus/request/* "$scratch/corpus/request/" 2>/dev/null || true

status=0
for target in "${targets[@]}"; do
  [ -d "$scratch/corpus/$target" ] || { echo "unknown target '$target'; use png, gif, jpeg, frontmatter, markdown or request" >&2; exit 2; }
  echo "fuzzing $target for ${seconds}s ($(ls "$scratch/corpus/$target" | wc -l) inputs in the corpus)"
  rc=0
  PEEL_FUZZ_TARGET=$target "$fuzzer" "$scratch/corpus/$target" -max_total_time="$seconds" -max_len=65536 \
    -rss_limit_mb=4096 -malloc_limit_mb=512 -timeout=20 -print_final_stats=1 -artifact_prefix="$scratch/artifacts/$target-" \
    >"$scratch/$target.log" 2>&1 || rc=$?
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$scratch/$target.log" | sed "s/^/  /" || true
  [ $rc -eq 0 ] || status=1
  if grep -qE "ERROR: |Fatal error|deadly signal" "$scratch/$target.log"; then
    status=1
    echo "  crash found; input in $scratch/artifacts/, log in $scratch/$target.log:"
    grep -m1 -A8 -E "ERROR: |Fatal error|deadly signal" "$scratch/$target.log" | sed "s/^/  /"
  elif [ $rc -ne 0 ]; then
    echo "  the fuzzer failed; see $scratch/$target.log:"; tail -5 "$scratch/$target.log" | sed "s/^/  /"
  fi
done
exit $status
