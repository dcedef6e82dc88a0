#!/bin/sh
# litmus_expect.sh BENCH: `gsync-bench litmus` on the GPU (exit 77, skipped, without one).
#  1. every shape with every order, stress on: 12 rows, each PASS, with at least the
#     iterations asked for, every one of them with its roles on distinct SMs;
#  2. the same with stress off, fewer iterations: PASS;
#  3. the broken twin (MPbrokenAcquire): FAIL, its forbidden outcome seen; exit 0 (its
#     failing is the finding); its JSON parses;
#  4. a launch failure (GSYNC_FAULT=launch): exit 1, one line naming the CUDA error.
bench=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bench" litmus --shape MP --order relaxed --iters 1000 >"$tmp/probe" 2>&1
grep -q "no NVIDIA GPU" "$tmp/probe" && { echo "no GPU: skipped"; exit 77; }
status=0
# shape,order,model,iterations,distinct_sm_iterations,weak,other,verdict of each CSV row
rows() {
  tail -n +2 "$1" | sed -E 's/^.*,(MP|SB|LB|IRIW|MPbrokenAcquire),(relaxed|acqrel|sc),/\1,\2,/' |
    awk -F, '{ print $1 "," $2 "," $3 "," $7 "," $8 "," $10 "," $11 "," $13 }'
}

iters=200000
"$bench" litmus --shape all --order all --iters $iters --format csv >"$tmp/all.csv" || {
  echo "litmus all: exit $?"; status=1; }
rows "$tmp/all.csv" >"$tmp/all.rows"
cat "$tmp/all.rows"
[ "$(wc -l <"$tmp/all.rows")" = 12 ] || { echo "litmus all: not 12 rows"; status=1; }
bad=$(awk -F, -v n=$iters '$8 != "PASS" || $4 < n || $5 != $4 || $7 != 0' "$tmp/all.rows")
[ -z "$bad" ] || { echo "litmus all: rows not PASS, short, not on distinct SMs or with other values:"; echo "$bad";
  status=1; }
for want in "MP,relaxed,allowed" "MP,acqrel,forbidden" "MP,sc,forbidden" "SB,acqrel,allowed" "SB,sc,forbidden" \
            "LB,relaxed,allowed" "LB,acqrel,forbidden" "IRIW,acqrel,allowed" "IRIW,sc,forbidden"; do
  grep -q "^$want," "$tmp/all.rows" || { echo "litmus all: no row $want"; status=1; }
done

"$bench" litmus --stress off --iters 20000 --format csv >"$tmp/quiet.csv" || { echo "stress off: exit $?"; status=1; }
[ "$(rows "$tmp/quiet.csv" | grep -c ",PASS$")" = 12 ] || { echo "stress off: not 12 PASS rows:";
  rows "$tmp/quiet.csv"; status=1; }

"$bench" litmus --shape MPbrokenAcquire --iters $iters --format csv >"$tmp/broken.csv" || {
  echo "MPbrokenAcquire: exit $?, expected 0"; status=1; }
rows "$tmp/broken.csv" | tee "$tmp/broken.rows"
awk -F, '$1 == "MPbrokenAcquire" && $3 == "forbidden" && $6 > 0 && $8 == "FAIL"' "$tmp/broken.rows" | grep -q . || {
  echo "MPbrokenAcquire: its stale reads were not caught (expected FAIL)"; status=1; }
# the JSON form of the same run (as many iterations: its weak outcome is rare, about 1 in 10^4)
"$bench" litmus --shape MPbrokenAcquire --iters $iters --format json >"$tmp/broken.json"
if command -v python3 >/dev/null; then
  python3 -c 'import json, sys; d = json.load(sys.stdin); assert d["litmus"][0]["verdict"] == "FAIL"' \
    <"$tmp/broken.json" || { echo "MPbrokenAcquire: JSON not parsed or not FAIL"; status=1; }
fi

GSYNC_FAULT=launch "$(dirname "$0")/cli_expect.sh" 1 "^gsync-bench: error: CUDA: litmus: .*cudaErrorLaunchFailure" \
  "$bench" litmus --shape SB --order sc --iters 1000 || status=1
exit $status
