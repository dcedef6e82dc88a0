#!/usr/bin/env bash
# tools/gpu_session.sh: one call on a GPU machine: build, GPU tests,
# compute-sanitizer on small configurations, then the benchmarks.  Logs and
# CSV go to $OUT (default ./gpu-out).  Usage: tools/gpu_session.sh [what...]
# where what is any of: test sanitize mutex sem sembase probe (default: all).
set -uo pipefail
OUT=${OUT:-gpu-out}
mkdir -p "$OUT"
what=${*:-test sanitize mutex sem sembase probe}
export PATH="$PATH:/usr/local/cuda/bin"
{ nvidia-smi; nvcc --version; } >"$OUT/machine.txt" 2>&1
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/tmp/build.log 2>&1 &&
  cmake --build build -j 16 >>/tmp/build.log 2>&1 || { cp /tmp/build.log "$OUT/"; tail -30 /tmp/build.log; exit 1; }
B=./build/gsync-bench
for w in $what; do
  case $w in
  test)
    (cd build && ctest -V) 2>&1 | tee "$OUT/ctest.log" | grep -E "tests passed|Test +#|PASS|FAIL|TIMEOUT|ended after|does not exist" | tail -60 ;;
  sanitize)
    for tool in memcheck racecheck synccheck; do
      for p in spinMutex faMutex sleepMutex ticketMutex arrayMutex spinSem10 priorSem10 ticketSem1 ticketSem10; do
        echo "== $tool $p"
        compute-sanitizer --tool $tool --error-exitcode 9 $B run $p --tbs 8 --iters 3 --repeat 1 --timeout 20 2>&1 | tail -3
      done
    done 2>&1 | tee "$OUT/sanitize.log" | grep -E "==|ERROR SUMMARY|error" ;;
  mutex)
    cmd="$B run spinMutex,spinMutexEBO,faMutex,sleepMutex,ticketMutex,arrayMutex --tbs-per-sm 1,2,4,8,16,32 --format csv"
    echo "$cmd" >"$OUT/mutex.cmd"
    $cmd >"$OUT/mutex.csv" 2>"$OUT/mutex.err"
    echo "mutex rc=$?"; cat "$OUT/mutex.err"
    python3 tools/csv_table.py "$OUT/mutex.csv" ;;
  sem | sembase)
    # sem: the priority semaphores and ours; sembase: HeteroSync's, which may
    # livelock, with the 6 s deadline HeteroSync's own runs were given
    if [ $w = sem ]; then prims=priorSem1,priorSem2,priorSem10,priorSem120,priorSemEBO1,priorSemEBO2,priorSemEBO10,priorSemEBO120,ticketSem1,ticketSem2,ticketSem10,ticketSem120; t=5
    else prims=spinSem1,spinSem2,spinSem10,spinSem120,spinSemEBO1,spinSemEBO2,spinSemEBO10,spinSemEBO120; t=6; fi
    cmd="$B run $prims --tbs-per-sm 1,2,4,8,16,32 --timeout $t --format csv"
    echo "$cmd" >"$OUT/$w.cmd"
    $cmd >"$OUT/$w.csv" 2>"$OUT/$w.err"
    echo "$w rc=$?"; cat "$OUT/$w.err"
    python3 tools/csv_table.py "$OUT/$w.csv" ;;
  probe)
    nvcc -arch=sm_90 -Iinclude tools/probes/handoff_latency.cu -o build/handoff_latency &&
      ./build/handoff_latency | tee "$OUT/handoff.txt" ;;
  esac
done
