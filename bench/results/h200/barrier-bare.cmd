# 2026-11-21, commit 65debad's code but GS_BARRIER_WIDE_MIN 3400u (gsBarrier v6: the wide form's flags by SM; at 1-32 blocks/SM the same kernels and forms as 3600u), one H200 (GPU-1d1b7adb-c4fe-4279-4bee-b1804d9cd8fb), via tools/gpu_session.sh bare barrier
./build/gsync-bench run barrier --tbs-per-sm 1,2,4,8,16,32 --ldst 0 --format csv
