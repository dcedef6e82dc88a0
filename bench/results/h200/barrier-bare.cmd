# 2026-11-21, commit 9983749 (gsBarrier v6; srBarrier without its second fence.sc), one H200 (GPU-c37ffd22-ad69-d0c4-c4f7-dbe0905c201e, driver 580.159.04, CUDA 13.0), via tools/gpu_session.sh bare barrier
./build/gsync-bench run barrier --tbs-per-sm 1,2,4,8,16,32 --ldst 0 --format csv
