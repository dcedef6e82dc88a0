# 2026-11-21, the working tree of the commit that adds tests/gpu/place_watchdog.cu (gs_barrier_spread_place puts back the caller's watchdog), one H200 (GPU-7e1a6050-6963-52ca-55da-21d47b3b40ee), one device call:
(cd build && ctest -V -R "gpu_(gsBarrier|gsBarrierSplit|placeWatchdog|bare|unordered)")   # ctest-place-watchdog.log: 5/5 passed
# the same tree with spread.cuh's restore removed, built apart: the new test must fail there
build_nofix/tests/test_gpu placeWatchdog                                                   # place-watchdog-nofix.log: rc 1
./build/gsync-bench run gsBarrier,gsBarrierSplit --tbs-per-sm 4,8 --ldst 0 --repeat 3     # place-watchdog-spread-smoke.txt: the spread form still PASSes
