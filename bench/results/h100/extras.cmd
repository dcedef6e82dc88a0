# 2026-11-21, commit 7d8938b (the working tree carried untracked A/B scripts only), one H100 (GPU-86948827-460e-7609-a89b-459335f93d54, driver 580.159.04, CUDA 13.0), via OUT=$OUT tools/gpu_session.sh decompose mutex ldst (session10-run-ldst.log)
decompose: ./build/gsync-bench decompose --format csv
mutex: ./build/gsync-bench run mutex --tbs-per-sm 1,2,4,8,16,32 --format csv
ldst10: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 10 --repeat 3 --timeout 30 --format csv
ldst100: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 100 --repeat 3 --timeout 30 --format csv
ldst1000: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 1000 --repeat 3 --timeout 30 --format csv
