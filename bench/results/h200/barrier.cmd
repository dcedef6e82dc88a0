# 2026-11-21, commit bfa712e (gsBarrier v6 with the one-warp join by shuffle in watchdog builds), one H200 (GPU-baf74472-2eab-e142-ff70-e2bc79dc25e7, driver 580.159.04, CUDA 13.0), via tools/gpu_session.sh barrier bare
./build/gsync-bench run barrier --tbs-per-sm 1,2,4,8,16,32 --format csv
