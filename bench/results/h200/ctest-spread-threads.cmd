# 2026-11-21, commit f148e3e (the spread placement's trial in the caller's block shape), one H200
# (GPU-35cbdf35-b315-b740-0861-baf431c7a2bb, driver 580.159.04, CUDA 13.0): 68/68 passed
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 && cmake --build build -j 16 && (cd build && ctest -V)
# spread-threads64.txt: gsBarrier with 64-thread blocks, so that the placement's trial runs 64-thread
# blocks (one H200, GPU-0fc85ea5-19ce-f9a1-3352-a4970b1382af; f148e3e plus wide-form/per-lane.diff
# without switches, whose kernels' SASS is f148e3e's).  The 256-thread run of the same call stopped at the
# argument check (4 blocks of 256 threads fit on an SM, and the list asked for 8).
./build/gsync-bench run gsBarrier,gsBarrierSplit --threads 64 --tbs-per-sm 1,2,4,8 --repeat 3
