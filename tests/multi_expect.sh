#!/bin/sh
# multi_expect.sh BENCH: `gsync-bench multi` on 2 GPUs or more (exit 77, skipped, with no GPU,
# one GPU, or a build without NVSHMEM).
#  1. every way (hier, naive, nvshmemGrid, nvshmemBarrierAll, the two ping-pong floors,
#     ticketLock, cohortLock, ncclGrid) at 1 and 4 blocks an SM: exit 0, every row PASS with a
#     time (ncclGrid may SKIP only in a build without NCCL's device API);
#  2. the broken twin brokenNoExchange (hier without the exchange between GPUs): exit 1,
#     its row FAIL with stale reads of another GPU's stamps;
#  3. the JSON of a short run parses.
bench=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bench" multi --way hier --iters 10 --repeat 1 >"$tmp/probe" 2>&1
if grep -q -e "no NVIDIA GPU" -e "built without NVSHMEM" -e "needs 2 GPUs" "$tmp/probe"; then
  cat "$tmp/probe"; echo "skipped"; exit 77
fi
command -v python3 >/dev/null || { echo "python3 is needed to read the CSV"; exit 1; }
status=0
# way,tbs_per_sm,ns_median,verdict,detail of each CSV row (the command cell holds commas: a CSV reader)
rows() {
  python3 -c 'import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(",".join(r[k] for k in ("way", "tbs_per_sm", "ns_median", "verdict", "detail")))' "$1"
}
"$bench" multi --tbs-per-sm 1,4 --iters 2000 --repeat 3 --format csv >"$tmp/all.csv" || {
  echo "multi: exit $?, expected 0"; status=1; }
rows "$tmp/all.csv" | tee "$tmp/all.rows"
[ "$(wc -l <"$tmp/all.rows")" = 18 ] || { echo "multi: not 18 rows"; status=1; }
bad=$(awk -F, '($4 != "PASS" || $3 == "" || $3 <= 0) &&
               !($1 == "ncclGrid" && $4 == "SKIP" && $5 == "built without NCCL'"'"'s device API")' "$tmp/all.rows")
[ -z "$bad" ] || { echo "multi: rows not PASS or without a time:"; echo "$bad"; status=1; }

"$bench" multi --way brokenNoExchange --iters 2000 --repeat 1 --format csv >"$tmp/broken.csv"
rc=$?
rows "$tmp/broken.csv" | tee "$tmp/broken.rows"
[ $rc = 1 ] || { echo "brokenNoExchange: exit $rc, expected 1"; status=1; }
grep -q "^brokenNoExchange,1,,FAIL,.*stale reads" "$tmp/broken.rows" ||
  { echo "brokenNoExchange: its stale reads were not caught (expected FAIL)"; status=1; }

"$bench" multi --way hier,cohortLock --iters 200 --repeat 1 --format json >"$tmp/short.json" ||
  { echo "multi json: exit $?"; status=1; }
python3 -c 'import json, sys; d = json.load(sys.stdin); assert [r["verdict"] for r in d["multi"]] == ["PASS"] * 2' \
  <"$tmp/short.json" || { echo "multi: JSON not parsed or not PASS"; status=1; }
exit $status
