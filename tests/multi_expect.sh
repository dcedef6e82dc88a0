#!/bin/sh
# multi_expect.sh BENCH: `gsync-bench multi` on 2 GPUs or more (exit 77, skipped, with no GPU,
# one GPU, or a build without NVSHMEM).
#  1. every way (hier, hierDirect, flat, the split forms of hier and flat, the work alone,
#     naive, nvshmemGrid, nvshmemBarrierAll, the two ping-pong floors, ticketLock, cohortLock,
#     queue, ncclGrid, ticketSem, pagerank on road:fla, server) at 1 and 4 blocks an SM: exit 0, a row for
#     each, every row PASS with a time (ncclGrid may SKIP only in a build without NCCL's device API),
#     ticketSem's detail saying how many were inside at most (2 to 8: its capacity is 8);
#  1b. gsync's barriers under --wrap (episodes, counters and flags cross 2^32 mid-launch): every row PASS;
#  2. the broken twin brokenNoExchange (hier without the exchange between GPUs): exit 1,
#     its row FAIL with stale reads of another GPU's stamps;
#  3. the broken twin brokenQueue (a receiver loses a message): exit 1, its row FAIL with
#     receiver 0 of GPU 0 one message short;
#  4. the broken twin brokenSem (the semaphore starts 64 permits over its capacity of 8): exit 1,
#     its row FAIL with more than 8 holders inside;
#  4b. the broken twin brokenServer (every server drops its arrivals 0, 1000, ...): exit 1, its row
#     FAIL with an item's count and sum not the host's;
#  4c. the broken twin brokenLock (the cohort lock, each GPU with a global part of its own): exit 1,
#     its row FAIL with the section count on GPU 0 short of the acquisitions;
#  5. pagerank on road:100000 on 1 GPU and on every GPU, at 1 and 2 blocks an SM: PASS (the
#     ranks and iterations against the host's, as the app family checks); the broken twin brokenPagerank (each GPU updates only its own replica
#     of the ranks): exit 1, its row FAIL against the host's ranks;
#  6. the JSON of a short run parses.
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
for w in hier hierDirect flat hierSplit hierDirectSplit flatSplit workOnly naive nvshmemGrid nvshmemBarrierAll pingPongRelaxed pingPongRelAcq \
         ticketLock cohortLock queue ncclGrid ticketSem pagerank server cohortOwnData hierNodes; do
  for t in 1 4; do grep -q "^$w,$t," "$tmp/all.rows" || { echo "multi: no row for $w at $t blocks an SM"; status=1; }; done
done
bad=$(awk -F, '($4 != "PASS" || $3 == "" || $3 <= 0) &&
               !($1 == "ncclGrid" && $4 == "SKIP" && $5 == "built without NCCL'"'"'s device API")' "$tmp/all.rows")
[ -z "$bad" ] || { echo "multi: rows not PASS or without a time:"; echo "$bad"; status=1; }
for t in 1 4; do
  grep -Eq "^ticketSem,$t,[^,]*,PASS,at most [2-8] of 8 inside at once" "$tmp/all.rows" ||
    { echo "multi: ticketSem at $t blocks an SM does not say 2 to 8 inside at most"; status=1; }
done

# --wrap: every episode number, counter and flag of gsync's barriers crosses 2^32 half way; every row PASS
"$bench" multi --way hier,hierDirect,flat,hierSplit,hierDirectSplit,flatSplit --wrap --tbs-per-sm 1,4 --iters 2000 \
  --repeat 1 --format csv >"$tmp/wrap.csv" || { echo "multi --wrap: exit $?, expected 0"; status=1; }
rows "$tmp/wrap.csv" | tee "$tmp/wrap.rows"
[ "$(grep -c ',PASS,' "$tmp/wrap.rows")" = 12 ] || { echo "multi --wrap: not 12 rows PASS"; status=1; }
# ... and the stale check still fires past the wrap: brokenNoExchange --wrap must FAIL
"$bench" multi --way brokenNoExchange --wrap --iters 2000 --repeat 1 --format csv >"$tmp/wrapbroken.csv"
[ $? = 1 ] && rows "$tmp/wrapbroken.csv" | grep -q "^brokenNoExchange,1,,FAIL,.*stale reads" ||
  { echo "brokenNoExchange --wrap: its stale reads were not caught (expected FAIL)"; status=1; }

# twin WAY DETAIL WHAT: the broken twin WAY exits 1 and its row FAILs with a detail matching DETAIL
twin() {
  "$bench" multi --way "$1" --iters 2000 --repeat 1 --format csv >"$tmp/$1.csv"
  rc=$?
  rows "$tmp/$1.csv" | tee "$tmp/$1.rows"
  [ $rc = 1 ] || { echo "$1: exit $rc, expected 1"; status=1; }
  grep -q "^$1,1,,FAIL,$2" "$tmp/$1.rows" || { echo "$1: $3 not caught (expected FAIL)"; status=1; }
}
twin brokenNoExchange ".*stale reads" "its stale reads were"
twin brokenQueue "GPU 0 receiver 0: [0-9]* messages of " "its lost message was"
twin brokenSem "[0-9]* holders inside, capacity 8" "its 64 permits over capacity were"
twin brokenServer "item [0-9]*: count [0-9]* and sum [0-9]*, expected " "its dropped messages were"
twin brokenLock "the non-atomic count on GPU 0 is [0-9]* after [0-9]* acquisitions" "its missing exclusion was"
twin brokenPagerank "\(vertex [0-9]* (GPU [0-9]*'s): rank\|[0-9]* iterations, the host's\)" "its missing exchange was"

# pagerank on one GPU and on every GPU, the same graph: PASS
for g in 1 all; do
  if [ $g = 1 ]; then set -- --gpus 1; else set --; fi
  "$bench" multi "$@" --way pagerank --graph road:100000 --tbs-per-sm 1,2 --repeat 2 --format csv >"$tmp/pr$g.csv" ||
    { echo "pagerank on $g GPU(s): exit $?, expected 0"; status=1; }
  rows "$tmp/pr$g.csv" | tee "$tmp/pr$g.rows"
  [ "$(grep -c '^pagerank,[12],[0-9.]*,PASS,road:100000 (' "$tmp/pr$g.rows")" = 2 ] ||
    { echo "pagerank on $g GPU(s): not 2 PASS rows with a time"; status=1; }
done

"$bench" multi --way hier,cohortLock --iters 200 --repeat 1 --format json >"$tmp/short.json" ||
  { echo "multi json: exit $?"; status=1; }
python3 -c 'import json, sys; d = json.load(sys.stdin); assert [r["verdict"] for r in d["multi"]] == ["PASS"] * 2' \
  <"$tmp/short.json" || { echo "multi: JSON not parsed or not PASS"; status=1; }
exit $status
