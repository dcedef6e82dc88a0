# 2026-11-21, one H200 (GPU-864fcfed-bf1b-04a9-ca24-b67f80a6e1dd, driver 580.159.04, CUDA 13.0).
# new: the tree with tests/gpu/place_shape.cu (commit after f148e3e); old: the same with include/gsync/barrier/spread.cuh
# from a0c1158 (the trial's occupancy and launch always 32 threads): placeShape must fail there, and did.
cmake -S <tree> -B build/ps_<v> -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 && cmake --build build/ps_<v> -j 8
(cd build/ps_<v> && ctest -R gpu_place -V)
