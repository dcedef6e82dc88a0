decompose: ./build/gsync-bench decompose --format csv
# ldst sweeps: commit 9983749 (gsBarrier v6; srBarrier without its second fence.sc), GPU-c37ffd22-ad69-d0c4-c4f7-dbe0905c201e, via tools/gpu_session.sh ldst
ldst10: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 10 --repeat 3 --timeout 30 --format csv
ldst100: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 100 --repeat 3 --timeout 30 --format csv
ldst1000: ./build/gsync-bench run gsBarrier,gridSync,cudaBarrier,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,2,4,8,16,32 --ldst 1000 --repeat 3 --timeout 30 --format csv
