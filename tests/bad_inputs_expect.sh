#!/bin/sh
# bad_inputs_expect.sh BENCH: every malformed graph or FASTA file, given to
# every command that reads one, is refused before any device is opened:
# exit 2 and one line on stderr naming the file (and the line where there is
# one), never "no NVIDIA GPU".  Runs on machines with or without a GPU.
bench=$1
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
: >"$dir/empty.gr"; : >"$dir/empty.mtx"
printf 'garbage\n' >"$dir/garbage.gr"
printf '%%%%MatrixMarket matrix coordinate pattern general\ngarbage\n' >"$dir/garbage.mtx"
printf 'p sp 4 3\na 1 2 1\na 2 3 1\n' >"$dir/truncated.gr"
printf '%%%%MatrixMarket matrix coordinate pattern general\n4 4 3\n1 2\n2 3\n' >"$dir/truncated.mtx"
printf 'p sp 4 1\na -1 2 1\n' >"$dir/negative.gr"
printf '%%%%MatrixMarket matrix coordinate pattern general\n4 4 1\n-1 2\n' >"$dir/negative.mtx"
printf 'p sp 4 1\na 1 9 1\n' >"$dir/range.gr"
printf '%%%%MatrixMarket matrix coordinate pattern general\n4 4 1\n1 9\n' >"$dir/range.mtx"
printf 'p sp 99999999999 1\na 1 2 1\n' >"$dir/oversized.gr"
printf '%%%%MatrixMarket matrix coordinate pattern general\n99999999999 99999999999 1\n1 2\n' >"$dir/oversized.mtx"
printf '>q\nAC#GT\n' >"$dir/bad.fa"
printf '>t\nACGT\n' >"$dir/good.fa"
fails=0; cases=0
check() { # what, then the command line
  what=$1; shift; cases=$((cases + 1))
  err=$("$@" 2>&1 >/dev/null); rc=$?
  lines=$(printf '%s\n' "$err" | wc -l)
  if [ "$rc" != 2 ] || [ "$lines" != 1 ] || printf '%s' "$err" | grep -q 'no NVIDIA GPU' ||
     ! printf '%s' "$err" | grep -q "$what"; then
    echo "FAIL: $* -> exit $rc, $lines line(s): $err"; fails=$((fails + 1))
  fi
}
for f in empty garbage truncated negative range oversized; do
  for e in gr mtx; do
    g="$dir/$f.$e"
    check "$f.$e" "$bench" app bfs --graph "$g"
    check "$f.$e" "$bench" app sssp,pagerank --sync gsBarrier --graph "$g"
    check "$f.$e" "$bench" server unionfind --graph "$g"
    check "$f.$e" "$bench" multi --gpus 1 --way pagerank --graph "$g"
  done
done
check "bad.fa:2" "$bench" app sw --query "$dir/bad.fa" --target "$dir/good.fa"
check "bad.fa:2" "$bench" app sw --query "$dir/good.fa" --target "$dir/bad.fa"
check "out of range" "$bench" app bfs --source 200000 --graph road:100000
printf 'p sp 4 3\na 1 2 1\na 2 3 1\na 3 4 1\n' >"$dir/good.gr"
check "good.gr has 4 vertices" "$bench" app sssp --source 4 --graph "$dir/good.gr"
echo "bad inputs: $cases cases, $fails refused wrongly"
[ "$fails" = 0 ]
