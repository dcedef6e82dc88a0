# 2026-11-21, commit 1c4a661 (gs_barrier_spread_place reports *timed; cluster.cuh without its
# template), one H200 (GPU-73025a8b-63c8-5c2b-9a8c-709863ea4e14, driver 580.159.04, CUDA 13.0):
# all 65 tests, GPU tests included; placeWatchdog printed "kept" (the placement ran its trials).
OUT=$OUT tools/gpu_session.sh test    # build, then (cd build && ctest -V) > ctest-place-timed.log
