# 2026-11-21 (ninth session), commit 64c0117 (the library as at ab1e636, the GPU tests running every
# barrier also in 128-thread blocks at 1 block/SM), one H200 (GPU-2a311d9d-4e63-03d1-940a-9fa658b398ad,
# driver 580.159.04, CUDA 13.0).  The test's output line gained the block size only after this run.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 && cmake --build build -j 16
(cd build && ctest -V)
