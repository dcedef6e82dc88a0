# 2026-11-21, working tree at commit 5e11cf9 (the device's git metadata, printed in the log, was stale:
# it names a0c1158), one H200 (GPU-10bbb7e6-0cd0-8edb-1fb8-c43fb177c923, driver 580.159.04, CUDA 13.0):
# 69/69 passed, gpu_placeShape included.
cmake -S . -B build/final -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 && cmake --build build/final -j 16
(cd build/final && ctest -V)
