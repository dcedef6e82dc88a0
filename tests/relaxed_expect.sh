#!/bin/sh
# relaxed_expect.sh BENCH: the relaxed family on the GPU (exit 77, skipped,
# without one).
#  1. every pattern in every ordering, and the histogram competition, at
#     Table II's grids and the whole GPU: PASS;
#  2. skewed samples and a file's bytes as samples, every competitor: PASS;
#  3. the broken twins (--order broken): every one must FAIL its check;
#  4. --order relaxed leaves out the SC and acqrel primitives named.
bench=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bench" run hgRelaxed --tbs 2 --repeat 1 >"$tmp/probe" 2>&1
grep -q "no NVIDIA GPU" "$tmp/probe" && { echo "no GPU: skipped"; exit 77; }
status=0
# "primitive verdict" of each row
rows() {
  tail -n +2 "$1" | sed -E 's/^.*,([A-Za-z0-9]+),relaxed,.*,(PASS|FAIL|TIMEOUT),.*$/\1 \2/'
}
expect_all() { # FILE VERDICT ROWS
  n=$(rows "$1" | wc -l)
  [ "$n" = "$3" ] || { echo "$1: $n rows, expected $3"; status=1; }
  bad=$(rows "$1" | grep -v " $2\$")
  [ -z "$bad" ] || { echo "$1: not $2:"; echo "$bad"; status=1; }
}

# The family's primitives from `list`: the ordered patterns (7 x 3 orderings)
# and the histogram competitors
"$bench" list | awk '$2 == "relaxed"' >"$tmp/list"
ordered=$(grep -cvE '^(hist|seqlocksNoFence |[A-Za-z0-9]*Broken )' "$tmp/list")
hist=$(awk '$1 ~ /^hist/ { printf "%s%s", s, $1; s = "," }' "$tmp/list")
nhist=$(grep -c '^hist' "$tmp/list")
# 1: the ordered patterns at 2 grids (Table II's and the whole GPU), the
# competitors at 1; and the no-fence Seqlocks, PASS or FAIL (its finding)
"$bench" run relaxed --samples 4194304 --repeat 2 --timeout 10 --format csv >"$tmp/all.csv" || {
  echo "run relaxed: exit $?"; status=1; }
grep -v ",seqlocksNoFence," "$tmp/all.csv" >"$tmp/ordered.csv"
# Flags must see both outcomes: dirty clear at 60 blocks, set at the whole GPU
grep -q ",flagsRelaxed,.*dirty clear" "$tmp/all.csv" && grep -q ",flagsRelaxed,.*dirty set" "$tmp/all.csv" || {
  echo "flags: not both outcomes of dirty:"; grep ",flags" "$tmp/all.csv" | grep -o "dirty [a-z]* ([0-9]* met)"; status=1; }
expect_all "$tmp/ordered.csv" PASS $((2 * ordered + nhist))
[ "$(rows "$tmp/all.csv" | grep -cE '^seqlocksNoFence (PASS|FAIL)$')" = 2 ] || {
  echo "seqlocksNoFence:"; rows "$tmp/all.csv" | grep seqlocksNoFence; status=1; }
# 2: every competitor (each CUB call on the same samples as the host's histogram)
"$bench" run "hgSC,hg2kRelaxed,$hist" --dist skewed --samples 1000003 \
  --repeat 1 --timeout 10 --format csv >"$tmp/skewed.csv" || { echo "skewed: exit $?"; status=1; }
expect_all "$tmp/skewed.csv" PASS $((2 * 2 + nhist)) # the two patterns at 2 grids
head -c 777777 /dev/urandom >"$tmp/bytes"
"$bench" run "hgAcqRel,hgNoSC,$hist" --input "$tmp/bytes" --tbs 64 --repeat 1 \
  --timeout 10 --format csv >"$tmp/file.csv" || { echo "--input: exit $?"; status=1; }
expect_all "$tmp/file.csv" PASS $((2 + nhist))
# 3
"$bench" run relaxed --order broken --tbs 64 --repeat 1 --timeout 5 --format csv >"$tmp/broken.csv" || {
  echo "broken twins: exit $?"; status=1; }
expect_all "$tmp/broken.csv" FAIL 5
# 4
"$bench" run flagsSC,flagsRelaxed,seqlocksAcqRel --order relaxed --tbs 64 --repeat 1 --format csv >"$tmp/relaxed.csv" ||
  status=1
[ "$(rows "$tmp/relaxed.csv")" = "flagsRelaxed PASS" ] || { echo "--order relaxed:"; rows "$tmp/relaxed.csv"; status=1; }
[ $status = 0 ] && echo "relaxed family: all as expected"
exit $status
