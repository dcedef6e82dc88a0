#!/usr/bin/env bash
# A/B: gsBarrier with fence.release arrivals (working tree, "new") against HEAD ("old");
# the GPU tests on new; the SASS of each kind of release
set -uo pipefail
export PATH="$PATH:/usr/local/cuda/bin"
nvidia-smi --query-gpu=name,uuid,driver_version --format=csv > $OUT/gpu.txt
cmake -S . -B build/new -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null &&
cmake -S .ab/old -B build/old -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null || exit 1
cmake --build build/new -j 16 >/tmp/bn.log 2>&1 & cmake --build build/old -j 16 --target gsync-bench >/tmp/bo.log 2>&1 & wait
[ -x build/new/gsync-bench ] && [ -x build/old/gsync-bench ] || { tail -20 /tmp/bn.log /tmp/bo.log; exit 1; }
cat > /tmp/r.cu <<'CU'
__global__ void st_release(unsigned *p, unsigned *q){ q[threadIdx.x]=1; asm volatile("st.release.gpu.u32 [%0],1;"::"l"(p):"memory"); }
__global__ void red_release(unsigned *p, unsigned *q){ q[threadIdx.x]=1; asm volatile("red.release.gpu.add.u32 [%0],1;"::"l"(p):"memory"); }
__global__ void atom_release(unsigned *p, unsigned *q){ unsigned v; q[threadIdx.x]=1; asm volatile("atom.release.gpu.add.u32 %0,[%1],1;":"=r"(v):"l"(p):"memory"); q[1]=v; }
CU
nvcc -O3 -arch=sm_90 -cubin /tmp/r.cu -o /tmp/r.cubin && cuobjdump -sass /tmp/r.cubin | grep -E "Function|STG|ST\.|ATOM|RED|MEMBAR|CCTL|ERRBAR" > $OUT/sass-releases.txt
(cd build/new && ctest) > $OUT/ctest-new.log 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/ctest-new.log | head
for r in 1 2 3; do for v in old new; do for l in 0 10; do
  ./build/$v/gsync-bench run gsBarrier,gsBarrierSplit,cudaBarrier,gridSync --tbs-per-sm 1,2,4,8,16,32 --ldst $l --format csv | grep -v '^gsync_version' | sed "s/^/$v-r$r-l$l,/"
done; done; done > $OUT/release-ab.csv 2>$OUT/ab.err
python3 bench/results/h200/tuning/ab_medians.py $OUT/release-ab.csv old | tee $OUT/medians.txt
grep -o '"[a-z]* form[^"]*"' $OUT/release-ab.csv | sort | uniq -c
cat $OUT/sass-releases.txt
