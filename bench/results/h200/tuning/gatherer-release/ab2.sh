#!/usr/bin/env bash
# A/B: gsBarrier whose gatherer releases with fence.release (working tree, "new") against HEAD ("old");
# the GPU tests on new; the probe's mload SASS
set -uo pipefail
export PATH="$PATH:/usr/local/cuda/bin"
nvidia-smi --query-gpu=name,uuid,driver_version --format=csv > $OUT/gpu.txt
cmake -S . -B build/new -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null &&
cmake -S .ab/old -B build/old -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null || exit 1
cmake --build build/new -j 16 >/tmp/bn.log 2>&1 & cmake --build build/old -j 16 --target gsync-bench >/tmp/bo.log 2>&1 &
nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude tools/barrier_probe.cu -o /tmp/bp & wait
[ -x build/new/gsync-bench ] && [ -x build/old/gsync-bench ] || { tail -20 /tmp/bn.log /tmp/bo.log; exit 1; }
cuobjdump -sass /tmp/bp | awk '/Function : .*mload_kernel/{p=1} /Function : /{if($0!~/mload_kernel/)p=0} p' | grep -E "MEMBAR|ERRBAR|CCTL|ATOM|LDG|STG|ST\.|LD\.|BRA|CS2R|S2UR|Function" > $OUT/sass-mload.txt
(cd build/new && ctest) > $OUT/ctest-new.log 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/ctest-new.log | head
for r in 1 2 3; do for v in old new; do for l in 0 10; do
  ./build/$v/gsync-bench run gsBarrier,gsBarrierSplit,cudaBarrier --tbs-per-sm 1,2,8,12,16,20,24,28,32 --ldst $l --format csv | grep -v '^gsync_version' | sed "s/^/$v-r$r-l$l,/"
done; done; done > $OUT/gatherer-ab.csv 2>$OUT/ab.err
python3 bench/results/h200/tuning/ab_medians.py $OUT/gatherer-ab.csv old | tee $OUT/medians.txt
