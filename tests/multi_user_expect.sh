#!/bin/sh
# multi_user_expect.sh EXAMPLE [NODES_EXAMPLE]: a user's program on the barrier across GPUs
# (examples/multi, a plain build: no watchdog; one process a GPU over
# NVSHMEM, the cohort lock for its tally) on 2 GPUs, over shapes gsync-bench
# multi never uses, each under `timeout`: blocks of 64 to 1024 threads,
# powers of two and not, 1 to 8 blocks an SM, 1 to 3 launches, then once on
# every GPU; on the hierarchical barrier, its direct form and the flat one.  Every run must
# PASS (exit 0).  Each form's broken twin (the barrier planned on each GPU
# alone: no exchange between GPUs; its last GPU writes odd episodes late)
# must never hang, and must FAIL with stale reads (exit 1) on each of
# its 5 shapes.  Then, unless MULTI_USER_SEM=0, the
# cross-GPU semaphore (8th argument SEM, its capacity: 1, 2, 3, 8, 50) on 8
# shapes of its own, behind the direct and the hierarchical barrier, every run
# PASS; its twin (the semaphore starts 64 permits over; the barrier stays
# correct) on 3 must never hang and must FAIL with more than SEM inside at
# least once.  Exit 77 (skipped) with no EXAMPLE (a build
# without NVSHMEM) or no GPU; on one GPU the ranks share it (GSYNC_SHARE_GPU).
# NVLink multicast stays off.
example=$1 nodes_example=$2
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0
# one GPU: its ranks share it (time slices; every check holds, no time means anything), unless GSYNC_SHARE_GPU=0
[ "$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')" = 1 ] && export GSYNC_SHARE_GPU=${GSYNC_SHARE_GPU:-1}
[ -n "$example" ] && [ -x "$example" ] || { echo "no multi_example (built without NVSHMEM): skipped"; exit 77; }
out=$(timeout 120 "$example" 64 1 1 2 1 2>&1)
[ $? = 77 ] && { echo "$out"; echo "skipped"; exit 77; }
status=0 runs=0 caught=0
run() { # pass|twin|semtwin ARGS...
  want=$1; shift; runs=$((runs + 1))
  out=$(timeout 180 "$example" "$@" 2>&1); rc=$?
  echo "$out"
  case $want,$rc in
    pass,0 | twin,0 | semtwin,0) ;;
    twin,1) if echo "$out" | grep -q "^multi_example FAIL: .*broken twin .*: [1-9][0-9]* stale of"; then caught=$((caught + 1))
            else echo "multi_example $*: exit 1 without stale reads (expected the twin's FAIL)"; status=1; fi ;;
    semtwin,1) n=$(echo "$out" | sed -n 's/^multi_example FAIL: .*broken twin .* \([0-9][0-9]*\) inside, capacity \([0-9][0-9]*\).*/\1 \2/p')
            if [ -n "$n" ] && [ "${n% *}" -gt "${n#* }" ]; then caught=$((caught + 1))
            else echo "multi_example $*: exit 1 without more than SEM inside (expected the twin's FAIL)"; status=1; fi ;;
    *) echo "multi_example $*: exit $rc, expected $([ "$want" = pass ] && echo 0 || echo '1 (or 0)')$([ $rc = 124 ] && echo ' (hung: killed)')"
       status=1 ;;
  esac
}
# THREADS BLOCKS_PER_SM EPISODES GPUS LAUNCHES [BROKEN BARRIER]: BARRIER 0 and 1 (the hierarchical and the
# flat barrier) over every shape, 2 (the direct form, the default) over a third of them; each with its twin.
for barrier in ${MULTI_USER_BARRIERS:-0 1 2}; do
  k=0
  for shape in "64 1 200 2 2" "64 8 200 2 1" "96 4 300 2 1" "100 3 200 2 2" "128 8 100 2 1" "160 6 200 2 1" \
               "192 2 500 2 1" "256 1 1000 2 1" "256 4 200 2 3" "320 3 100 2 1" "384 2 200 2 2" "480 2 100 2 1" \
               "512 2 200 2 2" "672 1 300 2 1" "736 1 100 2 1" "1000 1 200 2 2" "1024 1 500 2 1"; do
    k=$((k + 1)); [ $barrier = 2 ] && [ $((k % 3)) != 1 ] && continue
    run pass $shape 0 $barrier
  done
  run pass 256 2 200 0 1 0 $barrier
  caught=0
  # the twin's last GPU writes its odd episodes late (examples/multi): it must FAIL every time
  for shape in "256 2 200 2 1" "64 8 500 2 1" "100 3 300 2 2" "1024 1 200 2 1" "256 2 200 0 1"; do run twin $shape 1 $barrier; done
  [ $caught = 5 ] || { echo "multi_example: BARRIER $barrier: the broken twin FAILed $caught times of 5, not every time"; status=1; }
  echo "multi_example: BARRIER $barrier: the broken twin FAILed $caught times of 5"
done
# Across nodes (NODES_EXAMPLE, the same program built with GSYNC_MULTI_NODES): GSYNC_MULTI_NODE_SIZE=K tells the plan that PEs p and q share a node only when p / K == q / K,
# so the nodes' heads signal through NVSHMEM's device API (over NVLink here).  "K GPUS BARRIER" specs, each PASS;
# then the nodes' twin (BROKEN 2: the plan's nodes forgotten, no signal crosses) must FAIL every time.
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
if [ "${MULTI_USER_NODES:-1}" != 0 ] && [ -x "$nodes_example" ]; then
  # built without GSYNC_MULTI_NODES, a plan across nodes is a clear error at the first arrival, never a hang
  runs=$((runs + 1))
  out=$(GSYNC_MULTI_NODE_SIZE=1 timeout 180 "$example" 128 2 100 2 1 2>&1); rc=$?
  echo "$out"
  if [ $rc != 1 ] || ! echo "$out" | grep -q "gsync: misuse of gs_multi_barrier_t.*without GSYNC_MULTI_NODES"; then
    echo "multi_example across nodes without GSYNC_MULTI_NODES: exit $rc, expected 1 with the rule named"; status=1
  fi
  plain=$example example=$nodes_example
  caught=0 twins=0
  for spec in "1 2 0" "1 2 2" "1 3 0" "2 4 0" "1 4 1" "2 3 2"; do
    set -- $spec
    [ "$2" -gt "$gpus" ] && [ "${GSYNC_SHARE_GPU:-0}" != 1 ] && continue
    export GSYNC_MULTI_NODE_SIZE=$1
    run pass 128 2 200 $2 2 0 $3
    run pass 320 1 100 $2 1 0 $3
    twins=$((twins + 1)); run twin 256 2 200 $2 1 2 $3
    unset GSYNC_MULTI_NODE_SIZE
  done
  [ $twins -gt 0 ] && [ $caught = $twins ] ||
    { echo "multi_example: across nodes: the nodes' twin FAILed $caught times of $twins"; status=1; }
  echo "multi_example: across nodes: the nodes' twin FAILed $caught times of $twins"
  example=$plain
fi
# THREADS BLOCKS_PER_SM EPISODES GPUS LAUNCHES:SEM, then BROKEN BARRIER SEM: the semaphore after each
# episode's reads, behind the direct barrier (2) and the hierarchical one (0); each block's weight is
# 1 + (block + episode) % min(SEM, 3).  Its twin keeps the barrier correct and breaks the semaphore only.
if [ "${MULTI_USER_SEM:-1}" != 0 ]; then
  for barrier in 2 0; do
    for shape in "64 1 200 2 2:1" "96 8 100 2 1:2" "128 4 200 2 1:3" "256 2 300 2 2:8" "384 2 100 2 1:50" \
                 "512 2 200 2 1:2" "1000 1 200 2 1:3" "1024 1 150 2 2:8"; do
      run pass ${shape%:*} 0 $barrier ${shape#*:}
    done
  done
  caught=0
  for shape in "256 2 200 2 1 1 2 1" "64 8 300 2 1 1 0 2" "1024 1 200 2 1 1 2 8"; do run semtwin $shape; done
  [ $caught -gt 0 ] || { echo "multi_example: the semaphore's broken twin never FAILed: the check did not catch it"; status=1; }
  echo "multi_example: the semaphore's broken twin FAILed $caught times of 3"
fi
[ $status = 0 ] && echo "multi_example: $runs runs, every barrier PASS, each broken twin FAILed"
exit $status
