# 2026-11-24, commit 830f101 (gsBarrier v7: the gatherer releases with fence.release; the working tree as run also held the barrier_probe change of 251496b), one H200 (GPU-580066ca-24d6-0a00-cfa3-bf966d3945ed, driver 580.159.04, CUDA 13.0), via tools/gpu_session.sh small barrier bare (small.log from the same call)
./build/gsync-bench run barrier --tbs-per-sm 1,2,4,8,16,32 --format csv
