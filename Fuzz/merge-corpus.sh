#!/usr/bin/env bash
# Minimises each target's working corpus (.build-fuzz/corpus/<target>/, grown by Fuzz/run.sh) together
# with the corpus kept in the repository into Fuzz/corpus/<target>/: libFuzzer's -merge=1 keeps the
# fewest inputs that reach the same coverage, named by their SHA-1, so the kept corpus stays small
# (inputs are at most 64 KiB, the fuzzers' -max_len) and changes only where coverage grew.
# Run Fuzz/run.sh first (it builds the fuzzer).
#
# usage: Fuzz/merge-corpus.sh [TARGET...]     (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."
fuzzer=.build-fuzz/debug/peel-fuzz
[ -x "$fuzzer" ] || { echo "no fuzzer at $fuzzer; run Fuzz/run.sh first" >&2; exit 2; }
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(png gif jpeg frontmatter markdown request)
for target in "${targets[@]}"; do
  kept="Fuzz/corpus/$target" merged=".build-fuzz/merged/$target"
  rm -rf "$merged"
  mkdir -p "$merged" "$kept" ".build-fuzz/corpus/$target"
  PEEL_FUZZ_TARGET=$target "$fuzzer" -merge=1 -max_len=65536 -rss_limit_mb=4096 -malloc_limit_mb=512 -timeout=20 \
    "$merged" "$kept" ".build-fuzz/corpus/$target" >".build-fuzz/merge-$target.log" 2>&1 \
    || { echo "$target: merge failed; see .build-fuzz/merge-$target.log" >&2; exit 1; }
  rm -rf "$kept"
  mv "$merged" "$kept"
  echo "$target: $(ls "$kept" | wc -l) inputs, $(du -sk "$kept" | cut -f1) KiB in $kept"
done
