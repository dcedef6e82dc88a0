# 2026-11-21, commit 7d8938b (the working tree carried untracked A/B scripts only), one H100 (GPU-c589937d-ad79-561d-0a65-ac15bc29ca72, driver 580.159.04, CUDA 13.0), via OUT=$OUT tools/gpu_session.sh test bare floor (ctest.log, floor.csv, session10-run.log)
./build/gsync-bench run barrier --tbs-per-sm 1,2,4,8,16,32 --ldst 0 --format csv
