# 2026-11-21, commit 7d8938b (the working tree carried untracked A/B scripts only), one H100 (GPU-c589937d-ad79-561d-0a65-ac15bc29ca72, driver 580.159.04, CUDA 13.0), via OUT=$OUT tools/gpu_session.sh test bare floor
./build/gsync-bench floor --format csv
