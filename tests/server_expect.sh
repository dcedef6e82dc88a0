#!/bin/sh
# server_expect.sh BENCH: the synchronization server on the GPU (exit 77,
# skipped, without one).
#  1. the queues alone, basic and warp-aggregated sends, over at least 10^7
#     messages from every client thread: nothing lost, doubled or reordered;
#  2. the twin that publishes a slot before writing it: FAIL, with messages
#     of one slot and of four;
#  3. every workload in every way, small: PASS (host replay), but HeteroSync's
#     spin lock may time out on 64 items (it livelocks); counters with a
#     warp's updates merged, skewed, on 2, 64 and 2^20 bins: PASS; the twin
#     whose merge drops counts: FAIL;
#  4. messages of 32 to 512 bytes (no slot out of place or torn), hash-table
#     lookups (every answer known), union-find on an RMAT and a road graph:
#     PASS; the union-find twin that links without the lock and the lookup
#     twin that takes its answer before it arrives: FAIL;
#  4a. union-find joins a directed file's arcs either way;
#  5. a grid that cannot be co-resident, a graph that cannot be read: one
#     line, exit 2;
#  6. stress, a user's programs: 200 configurations drawn and the shape that
#     deadlocked before the send's fix, every one PASS (each message checked
#     against the host's replay); the twin that publishes a warp's messages
#     only once all its lanes have room (the send before the fix) deadlocks
#     at least once (TIMEOUT); with --wrap, queues whose indices start at
#     2^32 - 4096 cross 2^32 and still PASS (stress, queue, pingpong).
bench=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bench" server pingpong --ops 1 --repeat 1 >"$tmp/probe" 2>&1
grep -q "no NVIDIA GPU" "$tmp/probe" && { echo "no GPU: skipped"; exit 77; }
status=0
# "workload way verdict ops" of each row
rows() {
  grep -v '^gsync_version,' "$1" | sed -E 's/^.*,(queue|pingpong|counters|transfers|hashtable|unionfind|stress),([A-Za-z]+),.*,([0-9]+),([0-9.e+-]*,){6}(PASS|FAIL|TIMEOUT),.*$/\1 \2 \5 \3/'
}
"$bench" server queue --way basic,server --ops 100 --repeat 1 --format csv >"$tmp/queue.csv" || {
  echo "queue: exit $?"; status=1; }
rows "$tmp/queue.csv" | awk '$3 != "PASS" || $4 < 10000000 { bad = 1; print "queue:", $0 } END { exit bad }' || status=1
[ "$(rows "$tmp/queue.csv" | wc -l)" = 2 ] || { echo "queue: expected 2 rows"; status=1; }
"$bench" server queue --way brokenEarlyBit --msg-bytes 16,64 --ops 64 --repeat 1 --format csv >"$tmp/broken.csv"
[ "$(rows "$tmp/broken.csv" | awk '{ print $3 }' | tr '\n' ' ')" = "FAIL FAIL " ] || {
  echo "brokenEarlyBit did not fail:"; rows "$tmp/broken.csv"; status=1; }
"$bench" server all --ops 1 --items 64,65536 --collision 4 --share 25,50 --graph rmat:10 --repeat 1 --timeout 20 --format csv >"$tmp/all.csv" || {
  echo "server all: exit $?"; status=1; }
# HeteroSync's spin lock may livelock on 64 items (TIMEOUT, its finding); nothing else may fail
bad=$(rows "$tmp/all.csv" | grep -v " PASS " | grep -v "^[a-z]* spinLock TIMEOUT ")
[ -z "$bad" ] || { echo "server all: not PASS:"; echo "$bad"; status=1; }
# queue 3 ways x 2 shares, pingpong 1, counters 4 + 3 x 2 shares, x 2 item counts, transfers and hashtable
# 3 + 2 x 2 shares x 2 item counts each, unionfind 4 + 2 x 2 shares on one graph
[ "$(rows "$tmp/all.csv" | wc -l)" = 63 ] || { echo "server all: $(rows "$tmp/all.csv" | wc -l) rows, expected 63"; status=1; }
# a warp's updates to one bin merged (a quarter of them on bin 0): every bin's count and sum still right
"$bench" server counters --way serverCombine,server --dist skewed --items 2,64,1048576 --ops 4 --repeat 1 --format csv >"$tmp/comb.csv"
[ "$(rows "$tmp/comb.csv" | grep -c " PASS ")" = 6 ] || { echo "serverCombine:"; rows "$tmp/comb.csv"; status=1; }
# its twin, whose merge forgets the other lanes' counts: the bins' check must catch it
"$bench" server counters --way brokenCombine --dist skewed --items 64 --ops 4 --repeat 1 --format csv >"$tmp/combx.csv"
[ "$(rows "$tmp/combx.csv" | awk '{ print $3 }')" = FAIL ] || { echo "brokenCombine did not fail:"; rows "$tmp/combx.csv"; status=1; }
"$bench" server queue,hashtable,unionfind --way server,serverLF,ticketLock,tryLock,atomic --msg-bytes 32,128,512 --ops 4 \
  --items 256 --collision 8 --lookups 50,100 --graph rmat:12,road:5000 --repeat 1 --timeout 20 --format csv >"$tmp/more.csv" || {
  echo "server more: exit $?"; status=1; }
bad=$(rows "$tmp/more.csv" | grep -v " PASS ")
[ -z "$bad" ] || { echo "server more: not PASS:"; echo "$bad"; status=1; }
# queue 2 ways x 3 sizes, hashtable 4 ways x 2 lookup shares, unionfind 5 ways x 2 graphs
[ "$(rows "$tmp/more.csv" | wc -l)" = 24 ] || { echo "server more: $(rows "$tmp/more.csv" | wc -l) rows, expected 24"; status=1; }
"$bench" server unionfind --way brokenNoLock --graph rmat:12,rmat:16 --repeat 1 --format csv >"$tmp/nolock.csv"
[ "$(rows "$tmp/nolock.csv" | awk '$3 == "FAIL"' | wc -l)" -ge 1 ] || {
  echo "brokenNoLock did not fail:"; rows "$tmp/nolock.csv"; status=1; }
"$bench" server hashtable --way brokenEarlyRead --items 256 --collision 8 --lookups 0,50 --repeat 1 --format csv >"$tmp/early.csv"
[ "$(rows "$tmp/early.csv" | awk '{ print $3 }')" = FAIL ] || {
  echo "brokenEarlyRead did not fail once (no row at 0 % lookups):"; rows "$tmp/early.csv"; status=1; }
# union-find on a directed file: an arc either way joins its ends (arcs 2->1 and 4->3 only: 2 components)
printf 'c one direction only\np sp 4 2\na 2 1 1\na 4 3 1\n' >"$tmp/dir.gr"
"$bench" server unionfind --way atomic,server --graph "$tmp/dir.gr" --tbs 8 --repeat 1 --format csv >"$tmp/dir.csv"
[ "$(grep -Ec ',PASS,"?2 components' "$tmp/dir.csv")" = 2 ] || { echo "directed arcs not joined:"; cat "$tmp/dir.csv"; status=1; }
"$(dirname "$0")/cli_expect.sh" 2 "^gsync-bench: error: server: brokenEarlyRead .* needs --lookups above 0" \
  "$bench" server hashtable --way brokenEarlyRead || status=1
"$(dirname "$0")/cli_expect.sh" 2 "^gsync-bench: error: .*nowhere.gr" "$bench" server unionfind --graph /nowhere.gr ||
  status=1
"$(dirname "$0")/cli_expect.sh" 2 "^gsync-bench: error: server: 99999 blocks .* must be co-resident" "$bench" server counters --tbs 99999 ||
  status=1
"$bench" server stress --configs 200 --timeout 15 --format csv >"$tmp/stress.csv" || { echo "stress: exit $?"; status=1; }
bad=$(rows "$tmp/stress.csv" | grep -v " PASS ")
[ -z "$bad" ] || { echo "stress: not PASS:"; echo "$bad"; status=1; }
[ "$(rows "$tmp/stress.csv" | wc -l)" = 204 ] || { echo "stress: $(rows "$tmp/stress.csv" | wc -l) rows, expected 204"; status=1; }
"$bench" server stress --way brokenHeldSend --configs 30 --timeout 1 --format csv >"$tmp/held.csv"
[ "$(rows "$tmp/held.csv" | awk '$3 == "TIMEOUT"' | wc -l)" -ge 1 ] || {
  echo "brokenHeldSend never deadlocked:"; rows "$tmp/held.csv"; status=1; }
[ "$(rows "$tmp/held.csv" | awk '$3 == "FAIL"' | wc -l)" = 0 ] || { echo "brokenHeldSend lost a message"; status=1; }
"$bench" server stress --wrap --configs 30 --timeout 15 --format csv >"$tmp/wrap.csv" || { echo "stress --wrap: exit $?"; status=1; }
"$bench" server queue,pingpong --wrap --ops 100 --repeat 1 --format csv >>"$tmp/wrap.csv" || { echo "queue --wrap: exit $?"; status=1; }
bad=$(rows "$tmp/wrap.csv" | grep -v " PASS ")
[ -z "$bad" ] || { echo "--wrap: not PASS:"; echo "$bad"; status=1; }
grep -Eq ' [1-9][0-9]* of [0-9]+ queues past 2\^32' "$tmp/wrap.csv" || { echo "--wrap: no queue crossed 2^32"; status=1; }
[ "$(grep -c 'queues past 2^32' "$tmp/wrap.csv")" -ge 33 ] || { echo "--wrap: a row without the crossing count"; status=1; }
[ $status = 0 ] && echo "server: all as expected"
exit $status
