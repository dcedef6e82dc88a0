#!/bin/sh
# app_expect.sh BENCH: the app family on the GPU (exit 77, skipped, without one).
#  1. every program with every mode (bfs and sssp also async) at 1 and 4
#     blocks/SM on a small road graph, a short alignment and 2^16 keys, CUB's
#     sorts beside bitonic and CUB's sum beside both reduces: PASS
#     (fxLockBarrier: PASS or TIMEOUT, it may deadlock); PageRank with each
#     of its gathers, and its hubs by warps or not, on a road graph and RMAT, 96-thread blocks: PASS;
#     PageRank, bfs-topo and sssp-topo with their hubs in parts of 1, 5 and any number of arcs: PASS;
#  2. the broken twin (no grid barrier): every program must FAIL its check;
#     UTS with each of its 5 stack locks PASS with --spread 1, and with
#     --steal half from either start (cohortMutex in clusters of 2 or more
#     at 1/SM),
#     and its twin without locks FAILs (or never ends: TIMEOUT) in each;
#  2a. uts-hs (HeteroSync's UTS ported): its fixed kernel, and that kernel with
#     gsync's ticket locks, PASS with HeteroSync's arguments (8,193 nodes, 90 %,
#     local stacks of 32, 128 threads) at 1 and 4 blocks/SM and with 65,537
#     nodes; the shipped kernel's verdicts printed;
#  2b. bitonic on 64-bit keys (--key-bits 64): graph relaunch, gridSync and
#     gsBarrier PASS at 1 and 4 blocks/SM, CUB's sorts beside them PASS, and
#     the broken twin FAILs;
#  3. DIMACS and Matrix Market files: BFS and SSSP PASS on them; a negative
#     SSSP weight and a source out of range are one-line errors, exit 2.
bench=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bench" app reduce --sync gridSync --tbs-per-sm 1 --repeat 1 >"$tmp/probe" 2>&1
grep -q "no NVIDIA GPU" "$tmp/probe" && { echo "no GPU: skipped"; exit 77; }
status=0
# program,sync,verdict of each row (the columns from the program on)
rows() {
  tail -n +2 "$1" | sed -E 's/^.*,(bfs|bfs-topo|sssp|sssp-topo|pagerank|reduce|sw|bitonic|uts|reduce-float|uts-hs),/\1,/' |
    awk -F, '{ print $1 "," $8 "," $9 }'
}

small="--graph road:20000 --length 600 --size 65536 --root 2000"
# shellcheck disable=SC2086
"$bench" app all $small --tbs-per-sm 1,4 --repeat 1 --timeout 5 --format csv >"$tmp/all.csv" || {
  echo "app all: exit $?"; status=1; }
n=$(rows "$tmp/all.csv" | wc -l)
[ "$n" = 208 ] || { echo "app all: $n rows, expected 208 (bitonic adds CUB's sorts, both reduces CUB's sum," \
  "uts runs 5 locks, uts-hs 3, bfs and sssp async)"; status=1; }
[ "$(rows "$tmp/all.csv" | grep -cE '^reduce(-float)?,cubReduce,PASS$')" = 4 ] || {
  echo "app all: not 4 PASS rows of CUB's sum beside reduce and reduce-float:"; rows "$tmp/all.csv" | grep cubReduce
  status=1; }
bad=$(rows "$tmp/all.csv" | grep -v ",PASS$" | grep -v "^[a-z-]*,fxLockBarrier,TIMEOUT$" | grep -v "^uts-hs,hsShipped,")
[ -z "$bad" ] || { echo "app all: not PASS:"; echo "$bad"; status=1; }

# PageRank's two gathers (GSYNC_PAGERANK_GATHER 1, the default, and 0), on a road graph and on RMAT, whose
# hubs take many steps of the default gather's arcs, at block sizes the default sweep does not use
for gather in 0 1; do
  for g in road:20000 rmat:14; do
    GSYNC_PAGERANK_GATHER=$gather "$bench" app pagerank --sync gsBarrier,gridSync,relaunchGraph --graph $g \
      --threads 96 --tbs-per-sm 1,3 --repeat 1 --timeout 5 --format csv >"$tmp/pr.csv" || {
      echo "pagerank, gather $gather, on $g: exit $?"; status=1; }
    [ "$(rows "$tmp/pr.csv" | grep -c '^pagerank,[A-Za-z]*,PASS$')" = 6 ] && grep -q "gather $gather" "$tmp/pr.csv" || {
      echo "pagerank, gather $gather, on $g: not 6 PASS rows:"; rows "$tmp/pr.csv"; status=1; }
  done
done

# PageRank's hubs gathered by a warp each (GSYNC_PAGERANK_HUB: more than that many in-arcs; 256 by default,
# which rmat:14 has a few of): none, and a low bar that makes most of RMAT's vertices and some of a road's
# hubs; the detail counts the hubs
for hub in 0 3; do
  some='0'; [ $hub = 0 ] || some='[1-9][0-9]*'
  for g in road:20000 rmat:14; do
    GSYNC_PAGERANK_HUB=$hub "$bench" app pagerank --sync gsBarrier,relaunchGraph --graph $g --threads 96 \
      --tbs-per-sm 1,3 --repeat 1 --timeout 5 --format csv >"$tmp/hub.csv" || {
      echo "pagerank, hubs over $hub, on $g: exit $?"; status=1; }
    [ "$(rows "$tmp/hub.csv" | grep -c '^pagerank,[A-Za-z]*,PASS$')" = 4 ] &&
      grep -Eq " $some hubs over $hub" "$tmp/hub.csv" || {
      echo "pagerank, hubs over $hub, on $g: not 4 PASS rows with $some hubs:"; rows "$tmp/hub.csv"; status=1; }
  done
done

# The hubs in parts of at most GSYNC_PAGERANK_PART (PageRank) or GSYNC_TOPO_PART (bfs-topo, sssp-topo) arcs, a
# warp each (PageRank: the last part of a hub finishes it): hubs over 3, parts of 1 and 5 arcs and a hub in one
# part; the topology-driven programs also with no hubs and with the defaults (rmat:14 has hubs over 256)
for g in road:20000 rmat:14; do
  for hp in 3/1 3/5 3/0 0/2048 256/2048; do
    hub=${hp%/*} part=${hp#*/}
    case $hub/$g in 0/* | 256/road:*) some='0' ;; *) some='[1-9][0-9]*' ;; esac
    for prog in pagerank bfs-topo sssp-topo; do
      [ $prog = pagerank ] && { [ $hub = 0 ] || [ $hub = 256 ]; } && continue
      GSYNC_PAGERANK_HUB=$hub GSYNC_PAGERANK_PART=$part GSYNC_TOPO_HUB=$hub GSYNC_TOPO_PART=$part "$bench" app $prog \
        --sync gsBarrier,gridSync,relaunchGraph --graph $g --threads 96 --tbs-per-sm 1,3 --repeat 1 --timeout 5 \
        --format csv >"$tmp/part.csv" || { echo "$prog, hubs over $hub in parts of $part, on $g: exit $?"; status=1; }
      [ "$(rows "$tmp/part.csv" | grep -c "^$prog,[A-Za-z]*,PASS$")" = 6 ] &&
        [ "$(grep -Ec "[ \"]$some hubs over $hub, [0-9]+ parts of $part" "$tmp/part.csv")" = 6 ] || {
        echo "$prog, hubs over $hub in parts of $part, on $g: not 6 PASS rows with $some hubs:"; rows "$tmp/part.csv"
        status=1; }
    done
  done
done

# shellcheck disable=SC2086
"$bench" app all --sync brokenNoBarrier $small --tbs-per-sm 4 --repeat 1 --timeout 2 --format csv >"$tmp/broken.csv"
n=$(rows "$tmp/broken.csv" | grep -Ev "^uts(-hs)?," | grep -c ",FAIL$")
[ "$n" = 9 ] || { echo "brokenNoBarrier: $n of 9 programs FAIL, expected all:"; rows "$tmp/broken.csv"; status=1; }
# UTS's twin has no lock on its stacks: lost or doubled nodes (FAIL), or a count that never ends (TIMEOUT)
rows "$tmp/broken.csv" | grep -Eq "^uts,brokenNoLock,(FAIL|TIMEOUT)$" || { echo "uts without locks did not fail:";
  rows "$tmp/broken.csv" | grep "^uts"; status=1; }
# UTS with the root's children dealt round-robin (--spread 1): the same tree, every lock PASS at 1 and 16/SM;
# its twin without locks still fails
"$bench" app uts --spread 1 --tbs-per-sm 1,16 --repeat 1 --timeout 10 --format csv >"$tmp/spread.csv" || {
  echo "app uts --spread 1: exit $?"; status=1; }
[ "$(rows "$tmp/spread.csv" | grep -c "^uts,[A-Za-z]*,PASS$")" = 10 ] || { echo "uts --spread 1: not 10 PASS rows:";
  rows "$tmp/spread.csv"; status=1; }
"$bench" app uts --spread 1 --sync brokenNoBarrier --tbs-per-sm 4 --repeat 1 --timeout 2 --format csv >"$tmp/sb.csv"
rows "$tmp/sb.csv" | grep -Eq "^uts,brokenNoLock,(FAIL|TIMEOUT)$" || { echo "uts --spread 1 without locks did not fail:";
  rows "$tmp/sb.csv"; status=1; }
# (at 16/SM no cluster of 2 or more may be co-resident: then it runs as one global ticket)
[ "$(grep -c ',cohortMutex,PASS,.*clusters of [248]' "$tmp/spread.csv")" -ge 1 ] || {
  echo "uts --spread 1: cohortMutex not in clusters"; status=1; }
# a thief taking half a stack (--steal half), from one start stack and spread: every lock PASS at 1 and 16/SM,
# the cohort lock in clusters; the twin without locks still fails
for spread in 0 1; do
  "$bench" app uts --steal half --spread $spread --tbs-per-sm 1,16 --repeat 1 --timeout 10 --format csv \
    >"$tmp/half$spread.csv" || { echo "app uts --steal half --spread $spread: exit $?"; status=1; }
  [ "$(rows "$tmp/half$spread.csv" | grep -c "^uts,[A-Za-z]*,PASS$")" = 10 ] || {
    echo "uts --steal half --spread $spread: not 10 PASS rows:"; rows "$tmp/half$spread.csv"; status=1; }
  [ "$(grep -c ',cohortMutex,PASS,.*clusters of [248]' "$tmp/half$spread.csv")" -ge 1 ] || {
    echo "uts --steal half --spread $spread: cohortMutex not in clusters"; status=1; }
  "$bench" app uts --steal half --spread $spread --sync brokenNoLock --tbs-per-sm 4 --repeat 1 --timeout 2 \
    --format csv >"$tmp/hb$spread.csv"
  rows "$tmp/hb$spread.csv" | grep -Eq "^uts,brokenNoLock,(FAIL|TIMEOUT)$" || {
    echo "uts --steal half --spread $spread without locks did not fail:"; rows "$tmp/hb$spread.csv"; status=1; }
done

# uts-hs: HeteroSync's UTS with __syncwarp and its relaxed lock fixed must pass; as shipped, what it does is shown
hs="uts-hs --threads 128 --repeat 1 --timeout 10 --format csv"
# shellcheck disable=SC2086
"$bench" app $hs --tbs-per-sm 1,4 >"$tmp/hs.csv" || { echo "app uts-hs: exit $?"; status=1; }
# shellcheck disable=SC2086
"$bench" app $hs --sync hsFixed,hsTicket --nodes 65536 --tbs-per-sm 1 >>"$tmp/hs.csv" || {
  echo "app uts-hs --nodes 65536: exit $?"; status=1; }
for v in hsFixed hsTicket; do
  [ "$(rows "$tmp/hs.csv" | grep -c "^uts-hs,$v,PASS$")" = 3 ] || { echo "uts-hs: $v not 3 PASS rows:";
    rows "$tmp/hs.csv"; status=1; }
done
echo "uts-hs as shipped: $(rows "$tmp/hs.csv" | grep "^uts-hs,hsShipped," | tr '\n' ' ')"

# bitonic on 64-bit keys, whose high halves decide much of their order (tests/host/test_sequence.c)
b64="bitonic --key-bits 64 --size 65536 --repeat 1 --timeout 5 --format csv"
# shellcheck disable=SC2086
"$bench" app $b64 --sync relaunchGraph,gridSync,gsBarrier --tbs-per-sm 1,4 >"$tmp/b64.csv" || {
  echo "bitonic 64-bit: exit $?"; status=1; }
got=$(rows "$tmp/b64.csv" | LC_ALL=C sort | uniq -c | awk '{ print $1 "x" $2 }' | tr '\n' ' ')
want="2xbitonic,cubMergeSort,PASS 2xbitonic,cubRadixSort,PASS 2xbitonic,gridSync,PASS 2xbitonic,gsBarrier,PASS \
2xbitonic,relaunchGraph,PASS "
[ "$got" = "$want" ] || { echo "bitonic 64-bit: rows '$got', expected '$want'"; status=1; }
[ "$(grep -c ',"65536 keys of 64 bits",' "$tmp/b64.csv")" = 10 ] || {
  echo "bitonic 64-bit: not 10 rows of '65536 keys of 64 bits'"; status=1; }
# shellcheck disable=SC2086
"$bench" app $b64 --sync brokenNoBarrier --tbs-per-sm 4 >"$tmp/b64-broken.csv"
got=$(rows "$tmp/b64-broken.csv" | LC_ALL=C sort | tr '\n' ' ')
want="bitonic,brokenNoBarrier,FAIL bitonic,cubMergeSort,PASS bitonic,cubRadixSort,PASS "
[ "$got" = "$want" ] || { echo "bitonic 64-bit, broken twin: rows '$got', expected '$want'"; status=1; }

cat >"$tmp/small.gr" <<'GR'
c a small graph: a path 1-2-3-4 and a shortcut 1-4, vertex 5 unreachable
p sp 5 5
a 1 2 3
a 2 3 4
a 3 4 5
a 1 4 20
a 5 1 1
GR
"$bench" app bfs,sssp --graph "$tmp/small.gr" --tbs-per-sm 1 --repeat 1 --format csv >"$tmp/gr.csv" || {
  echo "app on a .gr file: exit $?"; status=1; }
[ "$(rows "$tmp/gr.csv" | grep -c ",PASS$")" = 22 ] || { echo "app on a .gr file: not 22 PASS rows"; status=1; }
cat >"$tmp/small.mtx" <<'MTX'
%%MatrixMarket matrix coordinate integer symmetric
% a triangle and a tail
4 4 4
2 1 7
3 2 1
3 1 2
4 3 9
MTX
"$bench" app bfs,sssp,pagerank --graph "$tmp/small.mtx" --tbs-per-sm 1 --repeat 1 --format csv >"$tmp/mtx.csv" || {
  echo "app on a .mtx file: exit $?"; status=1; }
[ "$(rows "$tmp/mtx.csv" | grep -c ",PASS$")" = 32 ] || { echo "app on a .mtx file: not 32 PASS rows"; status=1; }
sed 's/^a 2 3 4$/a 2 3 -4/' "$tmp/small.gr" >"$tmp/neg.gr"
expect=$(dirname "$0")/cli_expect.sh
"$expect" 2 "^gsync-bench: error: .*neg.gr: line 4 has the negative weight -4" "$bench" app sssp --graph "$tmp/neg.gr" \
  --tbs-per-sm 1 || status=1
"$expect" 2 "^gsync-bench: error: --source 9 is out of range" "$bench" app bfs --graph "$tmp/small.gr" --source 9 \
  --tbs-per-sm 1 || status=1
printf '>q one\nACGTTGCAAC\nGTTAGC\n>second record, ignored\nTTTT\n' >"$tmp/q.fa"
printf '>t\nacgttgcaCCgttagc\n' >"$tmp/t.fa"
"$bench" app sw --query "$tmp/q.fa" --target "$tmp/t.fa" --tbs-per-sm 1 --repeat 1 --format csv >"$tmp/sw.csv" || {
  echo "app sw on FASTA files: exit $?"; status=1; }
printf '>bad\nACGT\nAC1T\n' >"$tmp/bad.fa"
"$expect" 2 "^gsync-bench: error: .*bad.fa:3: '1'" "$bench" app sw --query "$tmp/bad.fa" --target "$tmp/t.fa" \
  --tbs-per-sm 1 || status=1
"$expect" 2 "^gsync-bench: error: uts: fertility 20 % x 8 children" "$bench" app uts --fertility 20 \
  --tbs-per-sm 1 || status=1
exit $status
