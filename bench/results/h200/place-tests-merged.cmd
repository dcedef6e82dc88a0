# 2026-11-21, commit 9c10cdb (the placement checks merged into tests/gpu/place.cu), one H200
# (GPU UUID on the log's second line, driver 580.159.04, CUDA 13.0).  new: 9c10cdb; old: 9c10cdb with
# include/gsync/barrier/spread.cuh from a0c1158 (the trial always 32 threads).  placeWatchdog passes on
# both; placeShape passes on new and fails on old (rc 1).
cmake -S <tree> -B build/pt_<v> -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 && cmake --build build/pt_<v> -j 8 --target test_gpu
build/pt_<v>/tests/test_gpu placeWatchdog; build/pt_<v>/tests/test_gpu placeShape
