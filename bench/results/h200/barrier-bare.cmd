# 2026-11-21, commit aef5738 (gsBarrier with the spread form), one H200 (GPU-e0a1216f-4ad9-17a4-c462-33154358c86d), via tools/gpu_session.sh bare barrier
./build/gsync-bench run barrier --tbs-per-sm 1,2,4,8,16,32 --ldst 0 --format csv
