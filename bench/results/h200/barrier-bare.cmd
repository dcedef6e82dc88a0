# 2026-11-21, commit bee8a6b (gsBarrier v5: the wide form at 32 blocks/SM), one H200 (GPU-6af6a34f-cf8e-b63b-d71a-7961924d0076), via tools/gpu_session.sh bare barrier
./build/gsync-bench run barrier --tbs-per-sm 1,2,4,8,16,32 --ldst 0 --format csv
