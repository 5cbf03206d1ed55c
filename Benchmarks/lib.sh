# Shell helpers the benchmark scripts share (run.sh, compare.sh, messengers.sh). Source it once
# $work (the script's scratch folder) is set.

# The median of the numbers on standard input, one a line.
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# Cold runs start with no output. Earlier outputs are moved aside, not deleted, and deleted at the
# end: ext4 avoids reusing inodes freed seconds earlier, and deleting thousands of files just
# before a build made creating its files cost ~1.5 s more (measured), an artefact of benchmarking
# back to back that a user's cold build does not meet. Every tool gets the same treatment. On a file
# system without a journal the window is 60 s, 300 s while the inode table is unwritten: anything
# that deletes thousands of files in the 5 minutes before a run (a test suite) slows the first
# tool's cold build the same way, so start on a machine that has been quiet that long.
# (BENCHMARKS.md, session 49.)
trash="$work/trash"
retire() { # paths...
  mkdir -p "$trash"
  local path
  for path in "$@"; do
    if [ -e "$path" ]; then mv "$path" "$trash/$(basename "$path").$RANDOM$RANDOM"; fi
  done
}
trap 'rm -rf "$trash"' EXIT
