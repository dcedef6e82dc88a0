#!/bin/sh
# fault_expect.sh BENCH: CUDA failures inside `decompose` and `floor` (a
# launch failure injected after their allocations, GSYNC_FAULT=launch) are
# runtime errors: exit 1 and one line naming the CUDA error.  Where
# compute-sanitizer exists, the same runs must leak no device memory.
# Exit 77 (skipped) without a GPU.
bench=$1
GSYNC_FAULT=launch "$bench" floor 2>&1 | grep -q "no NVIDIA GPU" && { echo "no GPU: skipped"; exit 77; }
status=0
expect=$(dirname "$0")/cli_expect.sh
for cmd in "decompose --iters 10" "floor"; do
  # shellcheck disable=SC2086
  GSYNC_FAULT=launch "$expect" 1 "^gsync-bench: error: CUDA: .*cudaErrorLaunchFailure" "$bench" $cmd || status=1
  san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
  if [ -n "$san" ]; then
    # shellcheck disable=SC2086
    log=$(GSYNC_FAULT=launch "$san" --tool memcheck --leak-check full "$bench" $cmd 2>&1)
    summary=$(echo "$log" | grep -E "ERROR SUMMARY: [0-9]+" | head -1)
    case "$summary" in
      *"ERROR SUMMARY: 0 errors"*) echo "$cmd: no leaks" ;;
      *) echo "$cmd: compute-sanitizer: ${summary:-no summary}"; echo "$log" | grep -E "leak|Leaked" | head -5; status=1 ;;
    esac
  fi
done
exit $status
