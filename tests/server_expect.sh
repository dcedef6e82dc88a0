#!/bin/sh
# server_expect.sh BENCH: the synchronization server on the GPU (exit 77,
# skipped, without one).
#  1. the queues alone, basic and warp-aggregated sends, over at least 10^7
#     messages from every client thread: nothing lost, doubled or reordered;
#  2. the twin that publishes a slot before writing it: FAIL;
#  3. every workload in every way, small: PASS (host replay), but HeteroSync's
#     spin lock may time out on 64 items (it livelocks);
#  4. a grid that cannot be co-resident: one line, exit 2.
bench=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bench" server pingpong --ops 1 --repeat 1 >"$tmp/probe" 2>&1
grep -q "no NVIDIA GPU" "$tmp/probe" && { echo "no GPU: skipped"; exit 77; }
status=0
# "workload way verdict ops" of each row
rows() {
  tail -n +2 "$1" | sed -E 's/^.*,(queue|pingpong|counters|transfers|hashtable),([A-Za-z]+),.*,([0-9]+),([0-9.e+-]*,){6}(PASS|FAIL|TIMEOUT),.*$/\1 \2 \5 \3/'
}
"$bench" server queue --way basic,server --ops 80 --repeat 1 --format csv >"$tmp/queue.csv" || {
  echo "queue: exit $?"; status=1; }
rows "$tmp/queue.csv" | awk '$3 != "PASS" || $4 < 10000000 { bad = 1; print "queue:", $0 } END { exit bad }' || status=1
[ "$(rows "$tmp/queue.csv" | wc -l)" = 2 ] || { echo "queue: expected 2 rows"; status=1; }
"$bench" server queue --way brokenEarlyBit --ops 64 --repeat 1 --format csv >"$tmp/broken.csv"
[ "$(rows "$tmp/broken.csv" | awk '{ print $3 }')" = FAIL ] || { echo "brokenEarlyBit did not fail:"; rows "$tmp/broken.csv"; status=1; }
"$bench" server all --ops 1 --items 64,65536 --collision 4 --share 25,50 --repeat 1 --timeout 20 --format csv >"$tmp/all.csv" || {
  echo "server all: exit $?"; status=1; }
# HeteroSync's spin lock may livelock on 64 items (TIMEOUT, its finding); nothing else may fail
bad=$(rows "$tmp/all.csv" | grep -v " PASS " | grep -v "^[a-z]* spinLock TIMEOUT ")
[ -z "$bad" ] || { echo "server all: not PASS:"; echo "$bad"; status=1; }
# queue 2 ways x 2 shares, pingpong 1, counters 4 + 2 shares, x 2 item counts, transfers and hashtable 3 + 2 shares
# x 2 item counts each
[ "$(rows "$tmp/all.csv" | wc -l)" = 37 ] || { echo "server all: $(rows "$tmp/all.csv" | wc -l) rows, expected 37"; status=1; }
"$(dirname "$0")/cli_expect.sh" 2 "^gsync-bench: error: server: 99999 blocks .* must be co-resident" "$bench" server counters --tbs 99999 ||
  status=1
[ $status = 0 ] && echo "server: all as expected"
exit $status
