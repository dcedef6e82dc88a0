#!/usr/bin/env bash
# tools/gpu_session.sh: one call on a GPU machine: build, then any of
#   test      the CTest suite, GPU tests included (ctest.log)
#   sanitize  compute-sanitizer memcheck, racecheck, synccheck on small runs
#   mutex     the mutex sweep (mutex.csv)
#   spot      gsync's designs against their nearest rivals (spot-*.csv)
#   sem       the semaphore sweep, every semaphore, 6 s deadline (semaphore.csv)
#   barrier   the barrier sweep over blocks per SM (barrier.csv)
#   bare      the same with --ldst 0: the bare barrier in a loop (barrier-bare.csv)
#   small     gsBarrier's gathered, wide and spread forms at small grids (builds
#             with tiny groups and a tiny spread range, verifying 500
#             episodes so that racecheck ends in minutes), GPU-checked and
#             under the sanitizers (small.log)
#   ldst      barriers and peers over critical-section sizes 10, 100, 1000
#             (ldst10.csv, ldst100.csv, ldst1000.csv)
#   floor     gsync-bench floor (floor.csv)
#   decompose Feng and Xiao's decomposition (decompose.csv)
# (default: all).  Output goes to $OUT (default ./gpu-out): at most seven
# files, the commands and their stderr in run.log.
set -uo pipefail
OUT=${OUT:-gpu-out}
mkdir -p "$OUT"
what=${*:-test sanitize mutex sem barrier ldst floor decompose}
export PATH="$PATH:/usr/local/cuda/bin"
LOG="$OUT/run.log"
{ nvidia-smi; nvcc --version; } >>"$LOG" 2>&1
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/tmp/build.log 2>&1 &&
  cmake --build build -j 16 >>/tmp/build.log 2>&1 || { cat /tmp/build.log >>"$LOG"; tail -30 /tmp/build.log; exit 1; }
B=./build/gsync-bench

sweep() { # name, primitives, extra options
  local cmd="$B run $2 ${4:---tbs-per-sm 1,2,4,8,16,32} $3 --format csv"
  echo "== $1: $cmd" >>"$LOG"
  $cmd >"$OUT/$1.csv" 2>>"$LOG"
  echo "$1 rc=$?" | tee -a "$LOG"
  python3 tools/csv_table.py "$OUT/$1.csv"
}

for w in $what; do
  case $w in
  test)
    (cd build && ctest -V) 2>&1 | tee "$OUT/ctest.log" |
      grep -E "tests passed|Test +#|PASS|FAIL|TIMEOUT|ended after|does not exist" | tail -80 ;;
  sanitize)
    for tool in memcheck racecheck synccheck; do
      for p in spinMutex faMutex sleepMutex ticketMutex arrayMutex cohortMutex spinSem10 priorSem10 ticketSem1 ticketSem10 \
        gsBarrier srBarrier lfTreeBarrUniq; do
        echo "== $tool $p"
        compute-sanitizer --tool $tool --error-exitcode 9 $B run $p --tbs 8 --iters 3 --repeat 1 --timeout 20 2>&1 | tail -3
      done
    done 2>&1 | tee "$OUT/sanitize.log" | grep -E "==|ERROR SUMMARY|error" ;;
  mutex) sweep mutex mutex "" ;;
  spot) # the designs against their nearest rivals, quickly
    sweep spot-mutex ticketMutex,cohortMutex "--repeat 5"
    sweep spot-barrier gsBarrier,gridSync,cudaBarrier "--repeat 5"
    sweep spot-bare gsBarrier,gridSync,cudaBarrier "--repeat 5 --ldst 0" ;;
  sem) sweep semaphore sem "--timeout 6" ;;
  barrier) sweep barrier barrier "" ;;
  bare) sweep barrier-bare barrier "--ldst 0" ;;
  small)
    tiny="-DGS_BARRIER_FLAT_MAX=4 -DGS_BARRIER_GROUP=4 -DGS_BARRIER_WIDE_MIN=12"
    cmake -S . -B build_small -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
      "-DCMAKE_CUDA_FLAGS=$tiny -DGS_BARRIER_FLAG_GROUP=2" "-DCMAKE_C_FLAGS=-DGS_BARRIER_VERIFY_EPISODES=500" \
      >/tmp/small.log 2>&1 &&
      cmake --build build_small -j 16 --target gsync-bench >>/tmp/small.log 2>&1 || { tail -20 /tmp/small.log; continue; }
    cmake -S . -B build_spread -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
      "-DCMAKE_CUDA_FLAGS=-DGS_BARRIER_SPREAD_MIN=8 -DGS_BARRIER_SPREAD_FORCE=4" \
      "-DCMAKE_C_FLAGS=-DGS_BARRIER_VERIFY_EPISODES=500" >>/tmp/small.log 2>&1 &&
      cmake --build build_spread -j 16 --target gsync-bench >>/tmp/small.log 2>&1 || { tail -20 /tmp/small.log; continue; }
    { for t in 8 13 132 4224; do build_small/gsync-bench run gsBarrier,gsBarrierSplit --tbs $t --repeat 2; done
      for t in 8 13 132 528 1056; do build_spread/gsync-bench run gsBarrier,gsBarrierSplit --tbs $t --repeat 2; done
      for tool in memcheck racecheck synccheck; do
        for bt in build/8 build_small/8 build_small/13 build_small/40 build_spread/8 build_spread/13; do
          echo "== $tool gsBarrier,gsBarrierSplit ${bt%/*} --tbs ${bt#*/}"
          compute-sanitizer --tool $tool --error-exitcode 9 ${bt%/*}/gsync-bench run gsBarrier,gsBarrierSplit \
            --tbs ${bt#*/} --iters 3 --repeat 1 --timeout 60 2>&1 | tail -4
        done
      done; } 2>&1 | tee "$OUT/small.log" | grep -E "==|PASS|FAIL|TIMEOUT|ERROR SUMMARY" ;;
  ldst)
    for l in 10 100 1000; do
      sweep ldst$l gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq "--ldst $l --repeat 3 --timeout 30"
    done ;;
  decompose)
    echo "== decompose: $B decompose --format csv" >>"$LOG"
    $B decompose --format csv >"$OUT/decompose.csv" 2>>"$LOG"; echo "decompose rc=$?"
    python3 -c "import csv,sys; [print(r['blocks'], r['t1_ns'], r['t5_ns'], r['t_a_ns'], r['t_c_ns'], r['t_s_ns'], r['t_f_ns'], r['verdict']) for r in csv.DictReader(open(sys.argv[1]))]" "$OUT/decompose.csv" ;;
  floor)
    echo "== floor: $B floor --format csv" >>"$LOG"
    $B floor --format csv >"$OUT/floor.csv" 2>>"$LOG"; echo "floor rc=$?"
    $B floor ;;
  esac
done
