# tools/gpu_session.sh sanitize ldst floor decompose spot (one call on one H200, 2026-11-21, third session;
# the same code as barrier.csv, which came from the call before it on another lease)
./build/gsync-bench run ticketMutex,cohortMutex --tbs-per-sm 1,2,4,8,16,32 --repeat 5 --format csv               # spot-mutex.csv
./build/gsync-bench run gsBarrier,gridSync,cudaBarrier --tbs-per-sm 1,2,4,8,16,32 --repeat 5 --format csv            # spot-barrier.csv
./build/gsync-bench run gsBarrier,gridSync,cudaBarrier --tbs-per-sm 1,2,4,8,16,32 --repeat 5 --ldst 0 --format csv   # spot-bare.csv
# sanitize.log, ldst*.csv, floor.csv, decompose.csv: the same call (extras.cmd, floor.cmd)
# small.log: tools/gpu_session.sh small, with an earlier barrier.csv; ctest.log and sanitize-sr.log: see tuning/commands.txt (tenth session)
