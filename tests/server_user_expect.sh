#!/bin/sh
# server_user_expect.sh EXAMPLE [CSV]: a user's program on the server
# (examples/server, a plain build: no watchdog) over shapes gsync-bench
# never uses, each under `timeout`: block sizes 32 to 1024, 1 to 4 blocks an
# SM, 1 to 50 % servers, queues of 1024 to 16384 slots, 1 to 65536
# counters, both serve loops, hot counters, alone and with a warp's adds
# merged (COMBINE).  First the shape that deadlocked
# before the send's fix (256 threads, 4 blocks an SM, 5 % servers, 1024
# slots).  Every run must PASS (exit 0); a hang is killed and FAILs.  Exit
# 77 (skipped) without a GPU.  With CSV, each run's line also goes there as
# a row (verdict, shape, messages, time, rate, counters off, answers wrong).
example=$1 csv=${2:-}
"$example" 64 1 25 1024 64 0 0 4 >/dev/null 2>&1
[ $? = 77 ] && { echo "no GPU: skipped"; exit 77; }
status=0 runs=0
[ -n "$csv" ] && echo "verdict,threads,blocks,servers,capacity,items,serve,hot,combined,messages,ms,g_per_s,counters_off,answers_wrong" >"$csv"
run() { # THREADS PER_SM SHARE CAPACITY ITEMS LF HOT STEPS [COMBINE]
  runs=$((runs + 1))
  out=$(timeout 60 "$example" "$@" 2>&1); rc=$?
  echo "$out"
  [ -n "$csv" ] && echo "$out" | awk -f "$(dirname "$0")/server_user_row.awk" >>"$csv"
  [ $rc = 0 ] || { echo "server_example $*: exit $rc$([ $rc = 124 ] && echo ' (hung: killed after 60 s)')"; status=1; }
}
for items in 64 65536; do for lf in 0 1; do run 256 4 5 1024 $items $lf 0 64; done; done
for shape in "32 8 1 1024 65536" "32 12 50 2048 1" "64 1 2 16384 64" "96 3 10 1024 4096" "128 4 25 4096 65536" \
             "160 2 5 8192 2" "256 1 50 1024 64" "256 4 25 4096 65536" "384 2 10 2048 4096" "512 2 5 1024 65536" \
             "512 1 1 16384 64" "736 1 25 1024 1" "1024 1 10 1024 65536" "1024 1 50 16384 4096"; do
  for lf in 0 1; do
    run $shape $lf 0 32
    run $shape $lf 1 32
    run $shape $lf 1 32 1
  done
done
[ $status = 0 ] && echo "server_example: $runs runs, all PASS"
exit $status
