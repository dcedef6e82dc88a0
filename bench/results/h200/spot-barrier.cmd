# tools/gpu_session.sh spot small test (one call, same H200 session as barrier.csv)
./build/gsync-bench run gsBarrier,gridSync,cudaBarrier --tbs-per-sm 1,2,4,8,16,32 --repeat 5 --format csv            # spot-barrier.csv
./build/gsync-bench run gsBarrier,gridSync,cudaBarrier --tbs-per-sm 1,2,4,8,16,32 --repeat 5 --ldst 0 --format csv   # spot-bare.csv
# small.log: build_small = -DGS_BARRIER_FLAT_MAX=4 -DGS_BARRIER_GROUP=4 -DGS_BARRIER_FLAG_GROUP=2 (see the small step)
# ctest.log: (cd build && ctest -V)
