#!/usr/bin/env bash
# tools/gpu_session.sh STEP...: one call on a GPU machine: build for sm_90,
# then each STEP, writing under $OUT (default ./gpu-out):
#   test      the CTest suite, GPU tests included (ctest.log); CTEST_ARGS selects (-R/-E)
#   sanitize  compute-sanitizer memcheck, racecheck, synccheck on small runs
#             (SAN_TOOLS picks some of them)
#   tune      every form of gsBarrier at each occupancy (tune.csv, tune.txt)
#   plain     gsBarrier as a user calls it beside the peers (plain.csv)
#   mutex sem barrier bare floor decompose   the sweeps (NAME.csv)
#   multi     across the GPUs of the node (2 or more; NVSHMEM): every way (multi.csv);
#             tools/multi_session.sh is the fuller session
#   locks     the mutex family at 1, 10 and 40 accesses a thread (mutex-ldst1.csv,
#             mutex.csv, mutex-ldst40.csv), the floor (floor.csv), a user's program on
#             the cohort lock over many shapes and its broken twin (lock-user.csv)
#   app       every program with every mode over the default sweep (apps.csv)
#   appreduce reduce and reduce-float with every barrier and CUB's DeviceReduce (app-reduce.csv)
#   async     BFS and SSSP without a barrier beside gsBarrier (app-async-road.csv, app-async-rmat.csv)
#   asyncknobs  async BFS and SSSP under their knobs (GSYNC_ASYNC_DEFER, _PRECHECK) on road:usa
#             and rmat:22 (app-async-knobs.csv; each row's detail names its knobs)
#   asyncpred async BFS and SSSP with GSYNC_ASYNC_PRED 0 and 1 (app-async-pred.csv)
#   prgather  PageRank's gathers (GSYNC_PAGERANK_GATHER 0 and 1) on road:usa (app-pagerank-gather.csv)
#   scaling   the same over RMAT scales 18-24 and the four road sizes at 4 blocks/SM (app-scaling.csv)
#   asyncnarrow async BFS and SSSP: the one-pass round and the precheck's threshold beside the earlier
#             settings (app-async-narrow.csv)
#   prhubs    PageRank's hubs by warps or by threads, RMAT 18-22 and road:usa (app-pagerank-hubs.csv)
#   scalingmore  PageRank, bfs-topo and sssp-topo over those inputs (app-scaling-more.csv)
#   prparts   PageRank's hubs in parts beside a hub a warp, rmat:20 and rmat:22 (app-pagerank-parts.csv)
#   topohubs  bfs-topo and sssp-topo with their hubs in parts, a warp each, beside a thread a vertex
#             (app-topo-hubs.csv)
#   ncu       Nsight Compute on PageRank's persistent kernel, gsBarrier and grid.sync() (ncu-pagerank-*.txt)
#   ncuasync  Nsight Compute on async BFS (road:usa, 2/SM, no precheck): stalls by reason and SASS line
#             (ncu-async.txt, ncu-async-sass.csv)
#   ncutopo   Nsight Compute on bfs-topo's persistent kernel and on relaunchGraph's iteration kernels
#             (ncu-bfstopo-*.txt)
#   makerun   the README's main job, timed (makerun.log)
#   racelocal racecheck over the local family (racecheck-local.csv)
#   relaxed   the relaxed family (relaxed.csv), its histograms on skewed
#             samples (relaxed-skewed.csv) and in clusters of 4 (relaxed-c4.csv)
#   sanrelaxed memcheck and racecheck over the relaxed family (sanitize-relaxed.csv)
#   server    the synchronization server: queues (server-queue.csv), the
#             workloads over a contention sweep (server.csv, server-hash.csv),
#             skewed bins (server-skewed.csv)
#   servermore union-find (server-uf.csv), hash-table lookups (server-lookups.csv),
#             message sizes and queue capacities (server-msg.csv)
#   stress    the server's stress matrix, a user's programs (server-stress.csv),
#             its twin that holds a warp's messages until all lanes have room
#             (server-stress-held.csv), the queue with per-lane and per-warp
#             destinations (server-queue-dest.csv, server-queue-warp.csv), and the
#             user program swept over shapes (server-user.csv), the matrix past
#             2^32 (server-stress-wrap.csv)
#   serveruser  the user program's sweep alone (server-user.csv)
#   litmus    litmus tests of ptx.cuh: every shape and order and the broken
#             twin, 10^7 iterations each (litmus.csv)
#   litmuspub the library's publish patterns (fences, atom.release.or, cluster
#             scope, a warp's lanes behind one release) and their twins (litmus-publish.csv)
#   local     HeteroSync's ...Uniq ports (local-uniq.csv), and per cluster
#             size gsync's cluster primitives beside the global ones of the
#             same algorithms (local-c2.csv ... local-c16.csv)
# Each CSV's command goes to NAME.cmd; stderr to run.log.  With PACK=1 the
# files are packed into $OUT/results.tgz (the device tool returns 8 files).
set -uo pipefail
OUT=${OUT:-gpu-out}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd) # absolute: steps run from build/ too
export PATH="$PATH:/usr/local/cuda/bin"
LOG="$OUT/run.log"
{ nvidia-smi; nvcc --version; } >>"$LOG" 2>&1
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/tmp/build.log 2>&1 &&
  cmake --build build -j 16 >>/tmp/build.log 2>&1 || { cat /tmp/build.log >>"$LOG"; tail -30 /tmp/build.log; exit 1; }
B=./build/gsync-bench

# the user program on the server over its shapes (server-user.csv)
user_sweep() {
  (cd build && ../tests/server_user_expect.sh ./server_example "$OUT/server-user.csv") >>"$LOG" 2>&1
  echo "tests/server_user_expect.sh build/server_example server-user.csv" >"$OUT/server-user.cmd"
}

. "$(dirname "$0")/session_lib.sh" # csv, csvs

for w in "$@"; do
  case $w in
  test)
    (cd build && ctest --output-on-failure -V ${CTEST_ARGS:-}) >>"$OUT/ctest.log" 2>&1
    grep -E "tests passed|tests failed|\(Failed\)|\*\*\*Failed" "$OUT/ctest.log" | tail -15 ;;
  sanitize) # a build whose barriers verify over 100 episodes, not 10000: racecheck is slow
    cmake -S . -B build_san -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=native \
      -DCMAKE_C_FLAGS=-DGS_BARRIER_VERIFY_EPISODES=100 >/tmp/san.log 2>&1 &&
      cmake --build build_san -j 16 --target gsync-bench >>/tmp/san.log 2>&1 || { tail -20 /tmp/san.log; continue; }
    for tool in ${SAN_TOOLS:-memcheck racecheck synccheck}; do
      for p in ticketMutex arrayMutex cohortMutex ticketSem10 gsBarrier gsBarrierSplit; do
        for form in flat spread gathered wide; do
          [ "${p#gsBarrier}" = "$p" ] && [ $form != flat ] && continue
          echo "== $tool $p --form $form"
          compute-sanitizer --tool $tool --error-exitcode 9 build_san/gsync-bench run $p --tbs 8 --iters 3 --repeat 1 --timeout 60 \
            --form $form 2>&1 | grep -E "PASS|FAIL|TIMEOUT|ERROR SUMMARY|rror" | head -3
        done
      done
    done >"$OUT/sanitize.log" 2>&1
    grep -c "ERROR SUMMARY: 0 errors" "$OUT/sanitize.log"; grep -E "FAIL|TIMEOUT|ERROR SUMMARY: [1-9]" "$OUT/sanitize.log" | head ;;
  tune)
    csv tune tune --repeat 7
    $B tune --repeat 7 >"$OUT/tune.txt" 2>>"$LOG"; tail -1 "$OUT/tune.txt" ;;
  plain) csv plain plain --repeat 9 ;;
  mutex) csv mutex run mutex --tbs-per-sm 1,2,4,8,16,32 ;;
  locks) # the mutex family at 1, 10 (mutex.csv) and 40 accesses a thread; the floor beside it; a user's lock program
    csv mutex-ldst1 run mutex --tbs-per-sm 1,2,4,8,16,32 --ldst 1
    csv mutex run mutex --tbs-per-sm 1,2,4,8,16,32
    csv mutex-ldst40 run mutex --tbs-per-sm 1,2,4,8,16,32 --ldst 40
    csv floor floor
    (cd build && ../tests/lock_user_expect.sh ./lock_example "$OUT/lock-user.csv") >>"$LOG" 2>&1
    echo "tests/lock_user_expect.sh build/lock_example lock-user.csv" >"$OUT/lock-user.cmd" ;;
  sem) csv sem run sem --tbs-per-sm 1,2,4,8,16,32 --timeout 2 ;;
  barrier) csv barrier run barrier --tbs-per-sm 1,2,4,8,16,32 ;;
  bare) csv barrier-bare run barrier --tbs-per-sm 1,2,4,8,16,32 --ldst 0 ;;
  local)
    csv local-uniq run spinMutexUniq,spinMutexEBOUniq,faMutexUniq,sleepMutexUniq,spinSemUniq1,spinSemUniq10,spinSemEBOUniq1,spinSemEBOUniq10,spinMutex,faMutex,spinSem10 --tbs-per-sm 1,2,4,8,16,32 --timeout 2
    ours=ticketMutexCluster,mcsMutexCluster,ticketSemCluster1,ticketSemCluster2,ticketSemCluster10,ticketSemCluster120,clusterBarrier,clusterBarrierSplit
    global=ticketMutex,cohortMutex,ticketSem1,ticketSem2,ticketSem10,ticketSem120
    csv local-c2 run $ours,$global --cluster 2 --tbs-per-sm 1,2,4,7
    csv local-c4 run $ours,$global --cluster 4 --tbs-per-sm 1,2,4,7
    csv local-c8 run $ours,$global --cluster 8 --tbs-per-sm 2,4,6
    csv local-c16 run $ours,$global --cluster 16 --tbs-per-sm 4 ;;
  app) csv apps app all ;;
  appreduce) csv app-reduce app reduce,reduce-float ;; # every barrier and CUB's DeviceReduce beside them
  asyncknobs) # the knobs side by side, one process each (the detail column names the values)
    a=(app bfs,sssp --sync async --repeat 5 --timeout 20)
    csvs app-async-knobs -- GSYNC_ASYNC_DEFER=0 "${a[@]}" --graph road:usa --tbs-per-sm 2,4 \
      -- GSYNC_ASYNC_DEFER=1 "${a[@]}" --graph road:usa --tbs-per-sm 2,4 \
      -- GSYNC_ASYNC_DEFER=0 GSYNC_ASYNC_PRECHECK=0 "${a[@]}" --graph road:usa --tbs-per-sm 2,4 \
      -- GSYNC_ASYNC_DEFER=1 GSYNC_ASYNC_PRECHECK=0 "${a[@]}" --graph road:usa --tbs-per-sm 2,4 \
      -- GSYNC_ASYNC_DEFER=0 "${a[@]}" --graph rmat:22 --tbs-per-sm 4,8 \
      -- GSYNC_ASYNC_DEFER=1 "${a[@]}" --graph rmat:22 --tbs-per-sm 4,8 \
      -- GSYNC_ASYNC_DEFER=1 GSYNC_ASYNC_PRECHECK=0 "${a[@]}" --graph rmat:22 --tbs-per-sm 4,8 ;;
  asyncpred) # async BFS and SSSP, each pass's memory operations predicated (GSYNC_ASYNC_PRED=1) or under branches (0),
    # side by side, with and without the precheck on road:usa, and on rmat:22
    a=(app bfs,sssp --sync async --repeat 5 --timeout 20)
    csvs app-async-pred -- GSYNC_ASYNC_PRED=0 "${a[@]}" --graph road:usa --tbs-per-sm 2,4 \
      -- GSYNC_ASYNC_PRED=1 "${a[@]}" --graph road:usa --tbs-per-sm 2,4 \
      -- GSYNC_ASYNC_PRED=0 GSYNC_ASYNC_PRECHECK=0 "${a[@]}" --graph road:usa --tbs-per-sm 2,4 \
      -- GSYNC_ASYNC_PRED=1 GSYNC_ASYNC_PRECHECK=0 "${a[@]}" --graph road:usa --tbs-per-sm 2,4 \
      -- GSYNC_ASYNC_PRED=0 "${a[@]}" --graph rmat:22 --tbs-per-sm 4,8 \
      -- GSYNC_ASYNC_PRED=1 "${a[@]}" --graph rmat:22 --tbs-per-sm 4,8 ;;
  asyncnarrow) # the one-pass round (GSYNC_ASYNC_NARROW) and the precheck from N arcs a round (_PRECHECK) beside
    # the earlier settings (NARROW=0 PRECHECK=1; PRECHECK=0 for BFS on roads), road:usa and rmat:22
    a=(app bfs,sssp --sync async --repeat 5 --timeout 20)
    r=("${a[@]}" --graph road:usa --tbs-per-sm 2,4) m=("${a[@]}" --graph rmat:22 --tbs-per-sm 4,8)
    csvs app-async-narrow -- GSYNC_ASYNC_NARROW=0 GSYNC_ASYNC_PRECHECK=1 "${r[@]}" \
      -- GSYNC_ASYNC_NARROW=0 GSYNC_ASYNC_PRECHECK=0 "${r[@]}" -- GSYNC_ASYNC_NARROW=1 GSYNC_ASYNC_PRECHECK=0 "${r[@]}" \
      -- GSYNC_ASYNC_NARROW=1 GSYNC_ASYNC_PRECHECK=1 "${r[@]}" -- "${r[@]}" \
      -- GSYNC_ASYNC_NARROW=0 GSYNC_ASYNC_PRECHECK=1 "${m[@]}" -- GSYNC_ASYNC_NARROW=1 GSYNC_ASYNC_PRECHECK=0 "${m[@]}" \
      -- "${m[@]}" ;;
  prhubs) # PageRank's hubs gathered by a warp each (the default) or by a thread like every vertex
    # (GSYNC_PAGERANK_HUB=0), gsBarrier beside grid.sync() and graph relaunch, RMAT and road:usa
    a=(app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60)
    csvs app-pagerank-hubs -- GSYNC_PAGERANK_HUB=0 "${a[@]}" --graph rmat:18 --tbs-per-sm 4 -- "${a[@]}" --graph rmat:18 \
      --tbs-per-sm 4 -- GSYNC_PAGERANK_HUB=0 "${a[@]}" --graph rmat:20 --tbs-per-sm 1,2,4,8,16 \
      -- "${a[@]}" --graph rmat:20 --tbs-per-sm 1,2,4,8,16 -- GSYNC_PAGERANK_HUB=0 "${a[@]}" --graph rmat:22 --tbs-per-sm 4 \
      -- "${a[@]}" --graph rmat:22 --tbs-per-sm 4 -- GSYNC_PAGERANK_HUB=0 "${a[@]}" --graph road:usa --tbs-per-sm 4,16 \
      -- "${a[@]}" --graph road:usa --tbs-per-sm 4,16 ;;
  prgather) # PageRank's two gathers side by side on road:usa, gsBarrier and grid.sync(); 128-thread blocks too
    a=(app pagerank --sync gsBarrier,gridSync --graph road:usa --repeat 5)
    csvs app-pagerank-gather -- GSYNC_PAGERANK_GATHER=0 "${a[@]}" --tbs-per-sm 1,2,4,8,16 \
      -- GSYNC_PAGERANK_GATHER=1 "${a[@]}" --tbs-per-sm 1,2,4,8,16 \
      -- GSYNC_PAGERANK_GATHER=1 "${a[@]}" --threads 128 --tbs-per-sm 1,2,4,8 ;;
  scaling) # BFS and SSSP, async beside the barriers, over RMAT scales 18-24 and the four road sizes (app-scaling.csv)
    a=(app bfs,sssp --sync async,gsBarrier,gridSync --tbs-per-sm 4 --repeat 3 --timeout 30)
    csvs app-scaling -- "${a[@]}" --graph rmat:18 -- "${a[@]}" --graph rmat:20 -- "${a[@]}" --graph rmat:22 \
      -- "${a[@]}" --graph rmat:24 -- "${a[@]}" --graph road:ny -- "${a[@]}" --graph road:fla -- "${a[@]}" --graph road:w \
      -- "${a[@]}" --graph road:usa ;;
  scalingmore) # the other graph programs over the same inputs: PageRank and the topology-driven BFS and SSSP,
    # gsBarrier beside grid.sync() and graph relaunch (app-scaling-more.csv)
    a=(app pagerank,bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4 --repeat 3 --timeout 60)
    csvs app-scaling-more -- "${a[@]}" --graph rmat:18 -- "${a[@]}" --graph rmat:20 -- "${a[@]}" --graph rmat:22 \
      -- "${a[@]}" --graph rmat:24 -- "${a[@]}" --graph road:ny -- "${a[@]}" --graph road:fla -- "${a[@]}" --graph road:w \
      -- "${a[@]}" --graph road:usa ;;
  prparts) # PageRank's hubs in parts of at most GSYNC_PAGERANK_PART arcs (the default) beside a hub a warp
    # (GSYNC_PAGERANK_PART=0), gsBarrier beside grid.sync() and graph relaunch
    a=(app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 1,2,4,8,16 --repeat 3 --timeout 60)
    csvs app-pagerank-parts -- "${a[@]}" --graph rmat:20 -- GSYNC_PAGERANK_PART=0 "${a[@]}" --graph rmat:20 \
      -- "${a[@]}" --graph rmat:22 -- GSYNC_PAGERANK_PART=0 "${a[@]}" --graph rmat:22 ;;
  topohubs) # bfs-topo and sssp-topo with their hubs in parts, a warp each (the default), beside every vertex a
    # thread's (GSYNC_TOPO_HUB=0), gsBarrier beside grid.sync() and graph relaunch
    a=(app bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60)
    csvs app-topo-hubs -- "${a[@]}" --graph rmat:20 --tbs-per-sm 1,2,4,8,16 \
      -- GSYNC_TOPO_HUB=0 "${a[@]}" --graph rmat:20 --tbs-per-sm 1,4,16 -- "${a[@]}" --graph rmat:22 --tbs-per-sm 1,2,4,8,16 \
      -- GSYNC_TOPO_HUB=0 "${a[@]}" --graph rmat:22 --tbs-per-sm 1,4,16 ;;
  ncu) # Nsight Compute on PageRank's persistent kernel, gsBarrier against grid.sync() (a design look: $OUT only)
    for m in gsBarrier gridSync; do
      ncu --clock-control none -k regex:app_persistent -c 1 --section SpeedOfLight --section MemoryWorkloadAnalysis \
        --section Occupancy --section WarpStateStats $B app pagerank --sync $m --graph road:usa --tbs-per-sm 4 --repeat 1 \
        >"$OUT/ncu-pagerank-$m.txt" 2>&1
      echo "ncu pagerank $m rc=$?" | tee -a "$LOG"
    done ;;
  ncutopo) # Nsight Compute on bfs-topo: the persistent kernel (gsBarrier) against one of relaunchGraph's
    # iteration kernels, the same code (why an iteration runs longer inside the persistent kernel);
    # the persistent kernel replayed under Nsight Compute outlasts the default 5 s watchdog: --timeout 300;
    # caches not flushed between replays (--cache-control none): relaunch's iterations find the last one's lines
    ncu --clock-control none --cache-control none -k regex:app_persistent -c 1 --section SpeedOfLight \
      --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section LaunchStats $B app bfs-topo --sync gsBarrier \
      --graph road:w --tbs-per-sm 8 --repeat 1 --timeout 300 >"$OUT/ncu-bfstopo-gsBarrier.txt" 2>&1
    echo "ncu bfs-topo gsBarrier rc=$?" | tee -a "$LOG"
    ncu --clock-control none --cache-control none -k regex:app_step -s 200 -c 3 --section SpeedOfLight \
      --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section LaunchStats $B app bfs-topo --sync relaunchGraph \
      --graph road:w --tbs-per-sm 8 --repeat 1 >"$OUT/ncu-bfstopo-relaunch.txt" 2>&1
    echo "ncu bfs-topo relaunchGraph rc=$?" | tee -a "$LOG" ;;
  ncuasync) # Nsight Compute on async BFS, road:usa at 2/SM without the precheck (its best setting): where a
    # warp's cycles go, by stall reason and by SASS line (a design look: $OUT only)
    GSYNC_ASYNC_PRECHECK=0 ncu --clock-control none -k async_bfs -c 1 --section SpeedOfLight --section WarpStateStats \
      --section MemoryWorkloadAnalysis --section SourceCounters --section Occupancy -o "$OUT/ncu-async" $B app bfs \
      --sync async --graph road:usa --tbs-per-sm 2 --repeat 1 --timeout 300 >"$OUT/ncu-async-run.txt" 2>&1
    echo "ncu async bfs rc=$?" | tee -a "$LOG"
    ncu -i "$OUT/ncu-async.ncu-rep" --print-details all >"$OUT/ncu-async.txt" 2>&1
    ncu -i "$OUT/ncu-async.ncu-rep" --page source --print-source sass --csv >"$OUT/ncu-async-sass.csv" 2>&1 ;;
  async) # BFS and SSSP without a barrier beside gsBarrier and grid.sync() on the USA-sized road graph and RMAT
    csv app-async-road app bfs,sssp --sync async,gsBarrier,gridSync --graph road:usa --tbs-per-sm 2,4,8,16 --repeat 3 --timeout 20
    csv app-async-rmat app bfs,sssp --sync async,gsBarrier --graph rmat:22 --tbs-per-sm 4,8,16 --repeat 3 --timeout 20 ;;
  makerun)
    t0=$(date +%s.%N); make run >"$OUT/makerun.log" 2>&1; rc=$?; t1=$(date +%s.%N)
    echo "make run: rc=$rc $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s" | tee -a "$OUT/makerun.log" ;;
  racelocal)
    SAN_TOOLS=racecheck SAN_FAMILY=local tools/sanitize.sh "$OUT/race" >"$OUT/racecheck-local.log" 2>&1
    cp "$OUT/race/sanitize.csv" "$OUT/racecheck-local.csv"; rm -rf "$OUT/race"; tail -3 "$OUT/racecheck-local.log" ;;
  relaxed) # the relaxed family at Table II's grids and the whole GPU; the competition on skewed samples too
    csv relaxed run relaxed
    h=$($B list | awk '$1 ~ /^hist/ { printf "%s%s", s, $1; s = "," }') # every competitor, each CUB call
    csv relaxed-skewed run "$h" --dist skewed
    csv relaxed-c4 run histGsync64K,histAtomic64K,histCub64K --hist-cluster 4 ;;
  sanrelaxed) # memcheck and racecheck over the relaxed family, small runs
    SAN_TOOLS="memcheck racecheck" SAN_FAMILY=relaxed tools/sanitize.sh "$OUT/san" >"$OUT/sanitize-relaxed.log" 2>&1
    cp "$OUT/san/sanitize.csv" "$OUT/sanitize-relaxed.csv"; rm -rf "$OUT/san"; tail -4 "$OUT/sanitize-relaxed.log" ;;
  litmus) csv litmus litmus --shape MP,SB,LB,IRIW,MPbrokenAcquire --iters 10000000 ;;
  litmuspub) # the library's own publish patterns and their broken twins
    csv litmus-publish litmus --shape MPfence,MPatomOr,MPcluster,MPsyncwarp,MPfenceBroken,MPatomOrBroken,MPclusterBroken,MPsyncwarpBroken --iters 1000000 ;;
  server) # the message queues and a round trip at three server shares; the workloads over a contention sweep
    csv server-queue server queue,pingpong --share 12,25,50
    csv server server counters,transfers --items 64,4096,65536,1048576 --ops 16 --timeout 20 --repeat 3
    csv server-hash server hashtable --items 64,4096 --collision 1,16,256 --ops 16 --timeout 20 --repeat 3
    csv server-skewed server counters --dist skewed --ops 16 --timeout 20 --repeat 3 ;;
  servermore) # union-find on graphs, hash-table lookups answered, the queues' message sizes
    csv server-uf server unionfind --graph rmat:14,rmat:16,rmat:18,rmat:20,road:ny --repeat 10 --timeout 20
    csv server-lookups server hashtable --items 4096 --collision 16,256 --lookups 0,50,90 --ops 16 --timeout 20 --repeat 3
    csv server-msg server queue --way server,serverLF --msg-bytes 16,32,64,128,256,512 --capacity 1024,4096,16384 --repeat 3 ;;
  stress) # a user's programs: the stress matrix, its deadlocking twin; the queue with per-lane and per-warp destinations
    csv server-stress server stress --timeout ${STRESS_TIMEOUT:-2}
    csv server-stress-held server stress --way brokenHeldSend --configs 60 --timeout ${STRESS_TIMEOUT:-2}
    csv server-queue-dest server queue --way server,serverLF,basic --dest lane --share 5,25,50 --repeat 5
    csv server-queue-warp server queue --way server,serverLF,basic --dest warp --share 5,25,50 --repeat 5
    csv server-stress-wrap server stress --wrap --configs 60 --timeout ${STRESS_TIMEOUT:-2}
    user_sweep ;;
  serveruser) user_sweep ;;
  multi) csv multi multi --tbs-per-sm 1,2,4,8 --repeat 7 ;;
  floor) csv floor floor ;;
  decompose) csv decompose decompose ;;
  esac
done
if [ "${PACK:-0}" = 1 ]; then
  tar czf /tmp/results.tgz -C "$OUT" . && rm -f "$OUT"/* && mv /tmp/results.tgz "$OUT/"
fi
