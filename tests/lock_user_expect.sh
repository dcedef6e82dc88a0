#!/bin/sh
# lock_user_expect.sh EXAMPLE [CSV]: a user's program on the cohort lock
# (examples/lock, a plain build: no watchdog) over shapes gsync-bench never
# uses, each under `timeout`: 1-D and 2-D blocks of 1 to 1024 threads, 1 to
# 40 blocks an SM (more than fit: the lock needs no co-residency), no
# clusters or clusters of 2 to 8, 1 to 16 accounts a thread.  Every run
# must PASS; then the broken twin (odd blocks skip the lock) must FAIL.
# Exit 77 (skipped) without a GPU.  With CSV, each run's line also goes there.
example=$1 csv=${2:-}
"$example" 32 1 1 1 1 >/dev/null 2>&1
[ $? = 77 ] && { echo "no GPU: skipped"; exit 77; }
status=0 runs=0
[ -n "$csv" ] && echo "verdict,threads_x,threads_y,blocks,per_sm,cluster,words,sections,ns_per_section" >"$csv"
row() { echo "$1" | sed -n 's/^lock_example \([A-Z]*\): \([0-9]*\)x\([0-9]*\) threads, \([0-9]*\) blocks (\([0-9]*\) an SM), cluster \([0-9]*\), \([0-9]*\) words: \([0-9]*\) sections, \([0-9.]*\) ns.*/\1,\2,\3,\4,\5,\6,\7,\8,\9/p'; }
run() { # WANT_RC ARGS...
  want=$1; shift; runs=$((runs + 1))
  out=$(timeout 120 "$example" "$@" 2>&1); rc=$?
  echo "$out"
  [ -n "$csv" ] && row "$out" >>"$csv"
  [ $rc = "$want" ] || { echo "lock_example $*: exit $rc, expected $want$([ $rc = 124 ] && echo ' (hung: killed)')"; status=1; }
}
for shape in "32 1 1 1 20 1" "32 1 32 8 20 1" "1 1 4 2 50 1" "7 3 2 4 20 2" "64 1 8 1 20 10" "96 1 3 2 20 3" \
             "128 2 2 8 10 1" "33 5 6 4 20 4" "256 1 4 4 20 1" "512 1 2 2 10 16" "1024 1 1 8 10 1" "16 16 4 4 10 2" \
             "32 1 40 1 5 1" "32 1 40 8 5 1" "40 1 12 2 30 10" "992 1 1 1 10 1"; do
  run 0 $shape 0
done
for shape in "32 1 4 4 20 1" "64 1 2 1 20 4" "7 3 2 8 20 2"; do run 1 $shape 1; done
[ $status = 0 ] && echo "lock_example: $runs runs, every lock PASS, every broken twin FAIL"
exit $status
