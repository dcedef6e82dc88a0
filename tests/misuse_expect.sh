#!/bin/sh
# misuse_expect.sh BUILD: the misuse matrix.  A user's programs that break
# each rule of gsync's primitives on purpose (examples/misuse: misuse_one on
# one GPU, misuse_multi across 1 to 4 GPUs over NVSHMEM), each in a plain and
# a watchdog build, each case under `timeout`.  Every case must end as
# listed: PASS (the primitive works anyway) or a clear error (exit 3 with
# the rule named: a "gsync: " line from the device, or the host call's
# refusal); a silent wrong result (exit 1) or a hang (killed by timeout)
# turns the test red.  Exit 77 (skipped) without a GPU.  MISUSE_GPUS: the
# GPU counts for misuse_multi (default: 1 up to 4); a count past the
# machine's GPUs runs with ranks sharing them (GSYNC_SHARE_GPU=1: the checks
# hold, times mean nothing) unless MISUSE_SHARE=0.  On 2 GPUs or more the
# barrier's cases run again with every peer on "another node"
# (GSYNC_MULTI_NODE_SIZE=1: the signals between nodes go through NVSHMEM) in
# misuse_multi_nodes (built with GSYNC_MULTI_NODES); the builds without it
# must refuse such a plan with a clear error.
build=$1
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0
out=$(timeout 60 "$build/misuse_one" queue-2d 16x2 2>&1); rc=$?
[ $rc = 77 ] && { echo "$out"; echo "skipped"; exit 77; }
status=0 cases=0 passed=0 refused=0
# expect WANT PATTERN TIMEOUT PROGRAM ARGS...: WANT 0 (PASS) or 3 (a clear error whose output has PATTERN)
expect() {
  want=$1 pattern=$2 limit=$3; shift 3; cases=$((cases + 1))
  out=$(timeout "$limit" "$@" 2>&1); rc=$?
  echo "$out" | tail -12
  if [ $rc = 77 ]; then cases=$((cases - 1)); return; fi
  if [ $rc != "$want" ]; then
    echo "MISUSE CASE RED: $(basename "$1") $2 $3 $4: exit $rc, expected $want$([ $rc = 124 ] && echo ' (hung: killed)')"
    status=1; return
  fi
  if [ "$want" = 3 ] && ! echo "$out" | grep -q -e "$pattern"; then
    echo "MISUSE CASE RED: $(basename "$1") $2 $3 $4: an error without '$pattern' (not a clear one)"
    status=1; return
  fi
  [ "$want" = 0 ] && passed=$((passed + 1)) || refused=$((refused + 1))
}
for one in "$build/misuse_one" "$build/misuse_one_wd"; do
  for form in flat spread gathered wide; do
    expect 3 "gsync: misuse of gs_barrier_t.*state left from an earlier launch" 60 "$one" barrier-relaunch $form
  done
  expect 3 "cudaErrorIllegalState" 60 "$one" barrier-launch
  expect 0 "" 60 "$one" barrier-reset
  for shape in 16x2 8x4 32x3 4x8x2 64x16; do expect 0 "" 60 "$one" queue-2d $shape; done
  expect 3 "gsync: misuse of the server.*done counter" 60 "$one" server-relaunch
  expect 3 "gsync: misuse of the server.*done counter" 60 "$one" server-relaunch-lf
  expect 3 "gsync: misuse of the server: a block of 32x2x1" 60 "$one" server-2d
done
if [ -x "$build/misuse_multi" ]; then
  gpus=$(nvidia-smi -L 2>/dev/null | grep -c "^GPU")
  for n in ${MISUSE_GPUS:-1 2 3 4}; do
    if [ "$n" -gt "$gpus" ]; then
      [ "${MISUSE_SHARE:-1}" = 1 ] || continue
      export GSYNC_SHARE_GPU=1; echo "misuse_multi on $n ranks, $gpus GPU(s): ranks share GPUs"
    else
      unset GSYNC_SHARE_GPU
    fi
    for multi in "$build/misuse_multi" "$build/misuse_multi_wd"; do
      for form in 0 1 2; do
        expect 3 "gsync: misuse of gs_multi_barrier_t.*state left" 120 "$multi" relaunch-own $form $n
        expect 0 "" 120 "$multi" relaunch $form $n
        expect 3 "gsync: misuse of gs_multi_barrier_t.*state left" 120 "$multi" copy-per-episode $form $n
        expect 0 "" 120 "$multi" unequal $form $n
        expect 3 "gsync: misuse of gs_multi_barrier_t.*a grid of" 120 "$multi" grid-own $form $n
      done
      if [ "$n" -ge 2 ]; then # across nodes: every peer treated as another node's (the remote path, NVSHMEM's signals)
        export GSYNC_MULTI_NODE_SIZE=1
        expect 3 "gsync: misuse of gs_multi_barrier_t.*without GSYNC_MULTI_NODES" 120 "$multi" relaunch 0 $n
        if [ "$multi" = "$build/misuse_multi" ] && [ -x "$build/misuse_multi_nodes" ]; then
          nodes="$build/misuse_multi_nodes"
          expect 3 "gsync: misuse of gs_multi_barrier_t.*state left" 120 "$nodes" relaunch-own 0 $n
          expect 0 "" 120 "$nodes" relaunch 0 $n
          expect 3 "gsync: misuse of gs_multi_barrier_t.*state left" 120 "$nodes" copy-per-episode 2 $n
          expect 0 "" 120 "$nodes" unequal 1 $n
          # only the odd GPU sees the rule broken; the others wait for its poison, signalled through NVSHMEM
          # (docs/multi-nodes.md: it hung before the poison across nodes stopped wrapping)
          expect 3 "gsync: misuse of gs_multi_barrier_t.*a grid of" 120 "$nodes" grid-own 0 $n
        fi
        unset GSYNC_MULTI_NODE_SIZE
      fi
      expect 3 "cudaErrorInvalidConfiguration" 120 "$multi" grid-launch 0 $n
      expect 3 "gsync: misuse of the server.*done counter" 120 "$multi" server-relaunch 0 $n
      expect 0 "" 120 "$multi" server-launch 0 $n
    done
  done
else
  echo "misuse_multi not built (no NVSHMEM): the cases across GPUs are not run"
fi
echo "misuse matrix: $cases cases: $passed PASS, $refused clear errors, $((cases - passed - refused)) red"
exit $status
