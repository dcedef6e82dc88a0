# 2026-11-21, commit 7d8938b, H100s, driver 580.159.04, CUDA 13.0.  Rows are prefixed <build>-r<round> (designs-peers.csv) or r<round> (designs-pace.csv).
# designs-peers.csv (GPU-c589937d-ad79-561d-0a65-ac15bc29ca72): the design tool's first three candidates (gridSync, cudaBarrier, gsBarrier), bare, built plain and with the watchdog
nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude tools/barrier_designs.cu -o build/bd_plain
nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude -DGSYNC_WATCHDOG tools/barrier_designs.cu -o build/bd_wd
for r in 1 2 3; do ./build/bd_plain 10000 0 3 | sed "s/^/plain-r$r,/"; ./build/bd_wd 10000 0 3 | sed "s/^/watchdog-r$r,/"; done > designs-peers.csv
# designs-pace.csv (GPU-86948827-460e-7609-a89b-459335f93d54): the tool's flat form (flata) polled with ld.acquire (poll 0), ld.relaxed + ld.acquire (1),
# ld.relaxed + fence.acquire (2, the library's), and paced: busy-wait 32-256 cycles (pace 2), nanosleep 0 or 64 ns (pace 1), a %globaltimer read
# after 16 polls (pace 3, as libcu++'s poll_with_backoff); against cudaBarrier and the library's gsBarrier, at 1-4 blocks/SM, bare and checked.
# The candidate list is set by designs-pace.py, run from the root of a copy of the tree:
mkdir -p build/pacecopy && cp -r include src tests tools CMakeLists.txt build/pacecopy/ && (cd build/pacecopy && python3 <this folder>/designs-pace.py)
nvcc -O3 -std=c++17 -arch=sm_90 -Ibuild/pacecopy/include -DGSYNC_WATCHDOG build/pacecopy/tools/barrier_designs.cu -o build/bd_pace
for r in 1 2 3; do ./build/bd_pace 10000 1 | sed "s/^/r$r,/"; done > designs-pace.csv
