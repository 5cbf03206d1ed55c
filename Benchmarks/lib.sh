# Shell helpers the benchmark scripts share (run.sh, compare.sh, messengers.sh). Source it once
# $work (the script's scratch folder) is set.

# The median of the numbers on standard input, one a line.
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# Cold runs start with no output. Earlier outputs are moved aside, not deleted, and deleted at the
# end: ext4 avoids reusing inodes freed seconds earlier, and deleting thousands of files just
# before a build made creating its files cost ~1.5 s more (measured), an artefact of benchmarking
# back to back that a user's cold build does not meet. Every tool gets the same treatment.
trash="$work/trash"
retire() { # paths...
  mkdir -p "$trash"
  local path
  for path in "$@"; do
    if [ -e "$path" ]; then mv "$path" "$trash/$(basename "$path").$RANDOM$RANDOM"; fi
  done
}
trap 'rm -rf "$trash"' EXIT
