#!/bin/sh
# multi_server_user_expect.sh EXAMPLE: a user's program on the server and the
# message queues across GPUs (examples/multi_server, a plain build: no
# watchdog; one process a GPU over NVSHMEM) on 2 GPUs, over shapes gsync-bench
# multi never uses, each under `timeout`: blocks of 96 to 1024 threads, 1, 2
# and 4 blocks an SM, 5 to 50 % servers, 1 to 65536 items, both serve loops,
# 0 to 32 queue messages a lane, then once on every GPU.  Every run must PASS
# (exit 0).  Each broken twin (BROKEN 1: a server drops an update; 2: a client
# sends an update to the wrong server; 3: a receiver skips a message) is
# deterministic: it must not hang and must FAIL (exit 1) with what differs.
# Exit 77 (skipped) with no EXAMPLE (a build without NVSHMEM) or no GPU; on
# one GPU the ranks share it (GSYNC_SHARE_GPU).  NVLink multicast stays off.
example=$1
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0
# one GPU: its ranks share it (time slices; every check holds, no time means anything), unless GSYNC_SHARE_GPU=0
[ "$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')" = 1 ] && export GSYNC_SHARE_GPU=${GSYNC_SHARE_GPU:-1}
[ -n "$example" ] && [ -x "$example" ] || { echo "no multi_server_example (built without NVSHMEM): skipped"; exit 77; }
out=$(timeout 120 "$example" 96 1 1 2 2>&1)
[ $? = 77 ] && { echo "$out"; echo "skipped"; exit 77; }
status=0 runs=0
run() { # WANT ARGS...: WANT pass, or the twin's pattern its FAIL line must hold
  want=$1; shift; runs=$((runs + 1))
  out=$(timeout 180 "$example" "$@" 2>&1); rc=$?
  echo "$out"
  case $want,$rc in
    pass,0) ;;
    pass,*) echo "multi_server_example $*: exit $rc, expected 0$([ $rc = 124 ] && echo ' (hung: killed)')"; status=1 ;;
    *,1) echo "$out" | grep -q "^multi_server_example FAIL: broken twin .*$want" ||
           { echo "multi_server_example $*: exit 1 without '$want' (expected the twin's FAIL)"; status=1; } ;;
    *) echo "multi_server_example $*: exit $rc, expected the twin's FAIL (1)$([ $rc = 124 ] && echo ' (hung: killed)')"
       status=1 ;;
  esac
}
# THREADS BLOCKS_PER_SM STEPS GPUS SERVER_PCT ITEMS LF QMSGS
for shape in "96 1 32 2 25 4096 0 8" "160 2 24 2 10 65536 1 16" "1024 1 16 2 50 1 0 4" "224 4 16 2 5 257 1 32" \
             "512 2 16 2 33 4096 1 3" "352 2 20 2 15 1000 0 12" "736 1 24 2 40 16384 1 0" "128 4 32 0 25 4096 0 8"; do
  run pass $shape
done
# the twins, each on its own shape: the check names what differs
run " [1-9][0-9]* items off" 256 2 32 2 25 4096 0 8 1
run " [1-9][0-9]* updates misrouted" 160 1 24 2 10 999 1 8 2
run " [1-9][0-9]* \(queue messages wrong\|receivers short\)" 96 4 16 2 33 4096 1 16 3
[ $status = 0 ] && echo "multi_server_example: $runs runs, every shape PASS, each broken twin FAILed"
exit $status
