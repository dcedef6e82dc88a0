decompose: ./build/gsync-bench decompose --format csv
# ldst sweeps: 2026-11-21, commit f148e3e (the working tree carried untracked A/B scripts only), one H200 (GPU-b0724ec6-7cc3-49ba-c8eb-d81eda7494f2, driver 580.159.04, CUDA 13.0), via tools/gpu_session.sh ldst
ldst10: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 10 --repeat 3 --timeout 30 --format csv
ldst100: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 100 --repeat 3 --timeout 30 --format csv
ldst1000: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 1000 --repeat 3 --timeout 30 --format csv
