#!/usr/bin/env bash
# tools/multi_session.sh: one call on a machine with 2 or more GPUs: builds
# gsync-bench with NVSHMEM and NCCL (the image's python3 has nvidia-nvshmem-cu13
# and nvidia-nccl-cu13; else build/venv from `make nvshmem`), runs multi's tests,
# then measures, writing under $OUT (default ./gpu-out):
#   build.log, topo.txt          the configure/build output; nvidia-smi topo -m
#   run.log                      also the wheels' versions (NVSHMEM's, NCCL's)
#   probe.txt (nvshmem-debug.log)  a short run first (if it fails: NVSHMEM_DEBUG=INFO's log of it)
#   probe-nccl.txt (nccl-debug.log)  ncclGrid alone (if it does not PASS: NCCL_DEBUG=INFO's log of it)
#   ctest-multi.log              gpu_multi (every way PASS, the twins FAIL), gpu_multi_user,
#                                gpu_multi_server_user
#   multi.csv                    every way (queue and server included) over --tbs-per-sm 1,2,4,8 on 2 GPUs
#   multi-4.csv                  the same on 4 GPUs (only where there are 4)
#   multi-broken.csv             brokenNoExchange, which must FAIL (exit 1)
#   multi-queue-broken.csv       brokenQueue, which must FAIL (exit 1)
#   multi-sem-broken.csv         brokenSem, which must FAIL (exit 1)
#   multi-server-broken.csv      brokenServer, which must FAIL (exit 1)
#   multi-lock-broken.csv        brokenLock, which must FAIL (exit 1)
#   multi-pagerank.csv           pagerank on road:usa on 1, 2 (and 4, where there are 4) GPUs at
#                                --tbs-per-sm 1,2,4 (blocks of 256), one run a count of GPUs
#   multi-pagerank-broken.csv    brokenPagerank on 2 GPUs, which must FAIL (exit 1)
#   multi-4.csv, multi-4-broken.csv  (step measure4, 4 GPUs or more) every way on 4 GPUs; the twins
#   multi-locks.csv              (step locks) ticketLock, cohortLock and the cohortOwnData probe alone
# Each CSV's command goes to NAME.cmd; stderr to run.log.  Every run is under
# `timeout`, so that a hung rank costs minutes at most.  MULTI_STEPS picks
# the parts after the probe (default "test measure pagerank"), so that a second call
# on the same machine can do what did not fit the first one's ten minutes
# (MULTI_STEPS=pagerank: the pagerank runs alone).
set -uo pipefail
OUT=${OUT:-gpu-out}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
export PATH="$PATH:/usr/local/cuda/bin"
LOG="$OUT/run.log"
{ nvidia-smi; nvcc --version; python3 -c 'import importlib.util as u; print("nvshmem:", list(u.find_spec("nvidia.nvshmem").submodule_search_locations))'
  python3 -c 'import importlib.metadata as m
for p in ("nvidia-nvshmem-cu13", "nvidia-nccl-cu13"):
    try: print(p, m.version(p))
    except m.PackageNotFoundError: print(p, "not installed")'; } >>"$LOG" 2>&1
nvidia-smi topo -m >"$OUT/topo.txt" 2>&1
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >"$OUT/build.log" 2>&1 &&
  cmake --build build -j 16 --target gsync-bench multi_example multi_server_example >>"$OUT/build.log" 2>&1 ||
  { tail -30 "$OUT/build.log"; exit 1; }
grep -e "gsync: NVSHMEM" -e "gsync: NCCL" "$OUT/build.log" | tee -a "$LOG"
grep -q "gsync: NVSHMEM in" "$OUT/build.log" || { echo "no NVSHMEM: nothing to measure"; exit 1; }
B=./build/gsync-bench
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
echo "GPUs: $gpus" | tee -a "$LOG"

CSV_TIMEOUT=240
. "$(dirname "$0")/session_lib.sh" # csv, csvs

# a short probe first; if it fails, NVSHMEM's own log of it, and once more without CUDA VMM
# (legacy CUDA IPC handles between the processes), kept for the rest when that works
probe() { timeout 40 $B multi --gpus 2 --way hier,flat,ticketLock,cohortLock,queue,ticketSem,server --iters 100 --repeat 1 >"$OUT/probe.txt" 2>&1; }
if ! probe; then
  NVSHMEM_DEBUG=INFO timeout 40 $B multi --gpus 2 --way hier --iters 100 --repeat 1 >"$OUT/nvshmem-debug.log" 2>&1
  if NVSHMEM_DISABLE_CUDA_VMM=1 probe; then
    echo "probe passes with NVSHMEM_DISABLE_CUDA_VMM=1: kept" | tee -a "$LOG"; export NVSHMEM_DISABLE_CUDA_VMM=1
  fi
fi
cat "$OUT/probe.txt"
# NCCL's device barrier alone (its communicators start only for it); NCCL's own log if it does not PASS
timeout 60 $B multi --gpus 2 --way ncclGrid --iters 100 --repeat 1 >"$OUT/probe-nccl.txt" 2>&1
grep -q "PASS" "$OUT/probe-nccl.txt" ||
  NCCL_DEBUG=INFO timeout 60 $B multi --gpus 2 --way ncclGrid --iters 100 --repeat 1 >"$OUT/nccl-debug.log" 2>&1
cat "$OUT/probe-nccl.txt"
steps=" ${MULTI_STEPS:-test measure pagerank} "
if [ "${steps#* test }" != "$steps" ]; then
  # gpu_multi and gpu_multi_user as CTest runs them (only these targets are built here)
  { timeout 540 tests/multi_expect.sh build/gsync-bench; echo "gpu_multi rc=$?"
    timeout 400 tests/multi_user_expect.sh build/multi_example; echo "gpu_multi_user rc=$?"
    timeout 400 tests/multi_server_user_expect.sh build/multi_server_example; echo "gpu_multi_server_user rc=$?"
  } >"$OUT/ctest-multi.log" 2>&1
  grep -E "rc=|BARRIER|runs, every|expected|not caught|no row" "$OUT/ctest-multi.log" | tail -20
fi
if [ "${steps#* measure }" != "$steps" ]; then
  csv multi multi --gpus 2 --tbs-per-sm 1,2,4,8 --iters 2000 --repeat 7
  [ "$gpus" -ge 4 ] && csv multi-4 multi --gpus 4 --tbs-per-sm 1,2,4,8 --iters 2000 --repeat 7
  csv multi-broken multi --gpus 2 --way brokenNoExchange --iters 2000 --repeat 1
  csv multi-queue-broken multi --gpus 2 --way brokenQueue --iters 2000 --repeat 1
  csv multi-sem-broken multi --gpus 2 --way brokenSem --iters 2000 --repeat 1
  csv multi-server-broken multi --gpus 2 --way brokenServer --iters 2000 --repeat 1
  csv multi-lock-broken multi --gpus 2 --way brokenLock --iters 2000 --repeat 1
fi
if [ "${steps#* measure4 }" != "$steps" ] && [ "$gpus" -ge 4 ]; then # 4 GPUs alone (step measure does 2, then 4)
  csv multi-4 multi --gpus 4 --tbs-per-sm 1,2,4,8 --iters 2000 --repeat 7
  csv multi-4-broken multi --gpus 4 --way brokenNoExchange,brokenQueue,brokenSem,brokenServer,brokenLock --iters 2000 --repeat 1
fi
if [ "${steps#* locks }" != "$steps" ]; then
  csv multi-locks multi --gpus 2 --way ticketLock,cohortLock,cohortOwnData --tbs-per-sm 1,2,4,8 --iters 2000 --repeat 7
fi
if [ "${steps#* pagerank }" != "$steps" ]; then
  # the program across GPUs: the same graph and code on 1, 2 and 4 GPUs (the first run generates
  # road:usa into build/graphs; rank 0 computes the host's answer in each run)
  runs=()
  for g in 1 2 4; do
    [ "$gpus" -ge $g ] && runs+=(-- multi --gpus $g --way pagerank --graph road:usa --tbs-per-sm 1,2,4 --repeat 5)
  done
  csvs multi-pagerank "${runs[@]}"
  csv multi-pagerank-broken multi --gpus 2 --way brokenPagerank --graph road:fla --repeat 1
fi
python3 -c 'import csv, sys
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        print(f.split("/")[-1], r["way"], r["gpus"], r["tbs_per_sm"], r["ns_median"], r["verdict"], r["detail"])' "$OUT"/multi*.csv
