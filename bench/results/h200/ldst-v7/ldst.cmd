# 2026-11-24, gsBarrier v7 (the working tree of commit 251496b; library as 830f101), one H200 (GPU-c314a989-ee96-20ab-6d59-5b103195decd, driver 580.159.04, CUDA 13.0), via tools/gpu_session.sh ldst
# ldstN.csv: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst N --repeat 3 --timeout 30 --format csv
