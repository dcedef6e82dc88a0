decompose: ./build/gsync-bench decompose --format csv
ldst10: ./build/gsync-bench run gsBarrier,gridSync,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,4,32 --ldst 10 --repeat 3 --format csv
ldst100: ./build/gsync-bench run gsBarrier,gridSync,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,4,32 --ldst 100 --repeat 3 --format csv
ldst1000: ./build/gsync-bench run gsBarrier,gridSync,srBarrier,atomicTreeBarrUniq --tbs-per-sm 1,4,32 --ldst 1000 --repeat 3 --format csv
