#!/bin/sh
# litmus_expect.sh BENCH: `gsync-bench litmus` on the GPU (exit 77, skipped, without one).
#  1. every shape with every order, stress on: 16 rows (MP, SB, LB, IRIW with each order,
#     the four publish patterns with acqrel), each PASS, with at least the iterations asked
#     for, every one of them with its roles on distinct SMs; each pattern's warming read
#     was old in some iterations (its acquire had a stale L1 line to invalidate);
#  2. the same with stress off, fewer iterations: PASS;
#  3. the broken twins (MPbrokenAcquire and the patterns' four): each FAIL, its forbidden
#     outcome seen (a twin runs on past --iters until it is, up to 1000x: seeing it takes luck,
#     which is why tests/litmus_ptx.py checks the twins' PTX too); exit 0 (their failing is
#     the finding); MPbrokenAcquire's JSON parses;
#  MPcluster and its twin may SKIP, on a device before sm_90 only;
#  4. a launch failure (GSYNC_FAULT=launch): exit 1, one line naming the CUDA error.
bench=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bench" litmus --shape MP --order relaxed --iters 1000 >"$tmp/probe" 2>&1
grep -q "no NVIDIA GPU" "$tmp/probe" && { echo "no GPU: skipped"; exit 77; }
status=0
# shape,order,model,iterations,distinct_sm_iterations,weak,other,verdict of each CSV row
rows() {
  tail -n +2 "$1" | sed -E 's/^.*,(MP[A-Za-z]*|SB|LB|IRIW),(relaxed|acqrel|sc),/\1,\2,/' |
    awk -F, '{ print $1 "," $2 "," $3 "," $7 "," $8 "," $10 "," $11 "," $13 }'
}

iters=200000
patterns="MPfence MPatomOr MPcluster MPsyncwarp"
twins="MPbrokenAcquire MPfenceBroken MPatomOrBroken MPclusterBroken MPsyncwarpBroken"
# pre-sm_90 devices have no clusters: MPcluster's rows SKIP there, and only there
"$bench" litmus --shape MP --order relaxed --iters 1000 --format csv >"$tmp/cc.csv" 2>&1
cc_major=$(awk -F, 'NR == 2 { print int($5) }' "$tmp/cc.csv")
skip_ok() { [ "${cc_major:-9}" -lt 9 ] && awk -F, '$1 ~ /^MPcluster/ && $8 == "SKIP"' "$1"; }
"$bench" litmus --shape all --order all --iters $iters --format csv >"$tmp/all.csv" || {
  echo "litmus all: exit $?"; status=1; }
rows "$tmp/all.csv" >"$tmp/all.rows"
cat "$tmp/all.rows"
[ "$(wc -l <"$tmp/all.rows")" = 16 ] || { echo "litmus all: not 16 rows"; status=1; }
bad=$(awk -F, -v n=$iters '$8 != "PASS" || $4 < n || $5 != $4 || $7 != 0' "$tmp/all.rows" |
  grep -vxF "$(skip_ok "$tmp/all.rows")")
[ -z "$bad" ] || { echo "litmus all: rows not PASS, short, not on distinct SMs or with other values:"; echo "$bad";
  status=1; }
for want in "MP,relaxed,allowed" "MP,acqrel,forbidden" "MP,sc,forbidden" "SB,acqrel,allowed" "SB,sc,forbidden" \
            "LB,relaxed,allowed" "LB,acqrel,forbidden" "IRIW,acqrel,allowed" "IRIW,sc,forbidden" \
            "MPfence,acqrel,forbidden" "MPatomOr,acqrel,forbidden" "MPcluster,acqrel,forbidden" \
            "MPsyncwarp,acqrel,forbidden"; do
  grep -q "^$want," "$tmp/all.rows" || { echo "litmus all: no row $want"; status=1; }
done
for p in $patterns; do
  grep ",$p,acqrel,.*,PASS," "$tmp/all.csv" | grep -q "first read of x was old in [1-9]" ||
    skip_ok "$tmp/all.rows" | grep -q "^$p," ||
    { echo "litmus all: $p never had a stale line for its acquire to invalidate"; status=1; }
done

"$bench" litmus --stress off --iters 20000 --format csv >"$tmp/quiet.csv" || { echo "stress off: exit $?"; status=1; }
rows "$tmp/quiet.csv" >"$tmp/quiet.rows"
[ "$(grep -c ",PASS$" "$tmp/quiet.rows")" = $((16 - $(skip_ok "$tmp/quiet.rows" | wc -l))) ] || {
  echo "stress off: not 16 PASS rows:";
  rows "$tmp/quiet.csv"; status=1; }

"$bench" litmus --shape "$(echo $twins | tr ' ' ,)" --iters $iters --format csv >"$tmp/broken.csv" || {
  echo "broken twins: exit $?, expected 0"; status=1; }
rows "$tmp/broken.csv" | tee "$tmp/broken.rows"
for t in $twins; do
  awk -F, -v t=$t '$1 == t && $2 == "acqrel" && $3 == "forbidden" && $6 > 0 && $8 == "FAIL"' "$tmp/broken.rows" |
    grep -q . || skip_ok "$tmp/broken.rows" | grep -q "^$t," || {
    echo "$t: its stale reads were not caught (expected FAIL)"; status=1; }
done
# the JSON form of the same run (as many iterations: its weak outcome is rare, about 1 in 10^4)
"$bench" litmus --shape MPbrokenAcquire --iters $iters --format json >"$tmp/broken.json"
if command -v python3 >/dev/null; then
  python3 -c 'import json, sys; d = json.load(sys.stdin); assert d["litmus"][0]["verdict"] == "FAIL"' \
    <"$tmp/broken.json" || { echo "MPbrokenAcquire: JSON not parsed or not FAIL"; status=1; }
fi

GSYNC_FAULT=launch "$(dirname "$0")/cli_expect.sh" 1 "^gsync-bench: error: CUDA: litmus: .*cudaErrorLaunchFailure" \
  "$bench" litmus --shape SB --order sc --iters 1000 || status=1
exit $status
