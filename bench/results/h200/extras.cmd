decompose: ./build/gsync-bench decompose --format csv
# ldst sweeps: commit 65debad (gsBarrier v6), GPU-3da61522-b946-8b5e-d0da-5debfa49f742, via tools/gpu_session.sh ldst
ldst10: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 10 --repeat 3 --timeout 30 --format csv
ldst100: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 100 --repeat 3 --timeout 30 --format csv
ldst1000: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 1000 --repeat 3 --timeout 30 --format csv
